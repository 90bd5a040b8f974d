import { type Envelope, type EventType, InvalidEnvelopeError, parseEnvelope } from '@seqgen/proto';
import type { Logger } from '../logger.ts';
import { metricsFor } from '../metrics.ts';
import type { DeliveryInfo } from './types.ts';

export const DEFAULT_RETRY_DELAY_MS = 1000;
export const DEFAULT_ACK_WAIT_MS = 30_000;
/** The longest a failing event waits between deliveries; it is retried for as long as it fails. */
export const MAX_RETRY_DELAY_MS = 60_000;
/** From this delivery on, a failing handler is logged as an error: someone should look. */
export const PERSISTENT_FAILURE_DELIVERIES = 5;
/** JetStream's de-duplication window, mirrored by the in-process bus. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
export const DEFAULT_STREAM_NAME = 'SEQGEN_EVENTS';
export const DEFAULT_SUBJECT_PREFIX = 'events';
export const DEFAULT_RPC_PREFIX = 'rpc';

export type Outcome = { kind: 'ack' } | { kind: 'nak'; delayMs: number } | { kind: 'term'; reason: string };

export interface DeliveryInput<T extends EventType> {
  /** The bytes (or text) exactly as they travelled. */
  body: Uint8Array | string;
  type: T;
  deliveryCount: number;
  handler: (envelope: Envelope<T>, delivery: DeliveryInfo) => Promise<void>;
  retryDelayMs: number;
  logger: Logger;
  /** The consuming service, for bus_consumed_total / bus_redeliveries_total; none, none counted. */
  service?: string | undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Decides the fate of one delivery, identically for both transports: a payload that cannot be an
 * envelope of the consumed type will never become valid by retrying, so it is terminated; a
 * handler failure is presumed transient and retried after a delay. Never throws.
 */
export async function handleDelivery<T extends EventType>(input: DeliveryInput<T>): Promise<Outcome> {
  const outcome = await decide(input);
  // Issue 11, item 2: counted here, once for both transports.
  if (input.service) {
    const metrics = metricsFor(input.service);
    metrics.busConsumed.inc({ type: input.type, outcome: outcome.kind });
    if (input.deliveryCount > 1) metrics.busRedeliveries.inc({ type: input.type });
  }
  return outcome;
}

/** Records a successful publish (bus_published_total). */
export function countPublished(service: string | undefined, type: string): void {
  if (service) metricsFor(service).busPublished.inc({ type });
}

async function decide<T extends EventType>(input: DeliveryInput<T>): Promise<Outcome> {
  const { type, deliveryCount, logger } = input;
  let envelope: Envelope<T>;
  try {
    envelope = decodeEnvelope(input.body, type);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.warn({ eventType: type, deliveryCount, reason }, 'bus: invalid event terminated (will not be redelivered)');
    return { kind: 'term', reason };
  }
  try {
    await input.handler(envelope, { deliveryCount });
    return { kind: 'ack' };
  } catch (err) {
    const delayMs = retryDelay(input.retryDelayMs, deliveryCount);
    const details = { err, eventId: envelope.id, eventType: type, deliveryCount, retryDelayMs: delayMs };
    if (deliveryCount >= PERSISTENT_FAILURE_DELIVERIES) {
      logger.error(details, 'bus: handler keeps failing, event will be redelivered');
    } else {
      logger.warn(details, 'bus: handler failed, event will be redelivered');
    }
    return { kind: 'nak', delayMs };
  }
}

/**
 * Exponential backoff: a blip is retried after `baseMs`, a lasting outage (a database that is
 * down) is not hammered every second. Events are never dropped for failing: each one carries a
 * state change (usage, plan) that must eventually apply.
 */
export function retryDelay(baseMs: number, deliveryCount: number): number {
  const exponent = Math.min(Math.max(deliveryCount - 1, 0), 16);
  return Math.min(baseMs * 2 ** exponent, Math.max(baseMs, MAX_RETRY_DELAY_MS));
}

function decodeEnvelope<T extends EventType>(body: Uint8Array | string, type: T): Envelope<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof body === 'string' ? body : decoder.decode(body));
  } catch (err) {
    throw new InvalidEnvelopeError(`not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const envelope = parseEnvelope(raw);
  // The subject is the routing key; an envelope claiming another type was published by mistake
  // and handing it to this handler would apply the wrong effect.
  if (envelope.type !== type) {
    throw new InvalidEnvelopeError(`envelope of type "${envelope.type}" arrived on the "${type}" subject`);
  }
  return envelope as Envelope<T>;
}

/** Validates before anything leaves the process, and yields the exact wire text. */
export function encodeEnvelope(envelope: Envelope): { envelope: Envelope; text: string } {
  const valid = parseEnvelope(envelope);
  return { envelope: valid, text: JSON.stringify(valid) };
}

export function eventSubject(prefix: string, type: string): string {
  return `${prefix}.${type}`;
}

import { z } from 'zod';
import { type EventData, type EventType, eventCatalogue, isEventType } from './catalogue.ts';

export interface Envelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
  /**
   * W3C trace context of the work that created the event (`traceparent`, maybe `tracestate`), so
   * its consumers continue that trace however late the outbox relays it. Absent when the writer
   * was not tracing.
   */
  trace?: TraceContext;
}

export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

/** version-traceid-parentid-flags, as W3C Trace Context defines it. */
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/;

const EnvelopeShape = z.object({
  id: z.uuid(),
  type: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.unknown(),
  // Tracing is never a reason to refuse an event: a malformed context is dropped, not fatal.
  trace: z
    .object({ traceparent: z.string().regex(TRACEPARENT), tracestate: z.string().max(512).optional() })
    .optional()
    .catch(undefined),
});

export class InvalidEnvelopeError extends Error {
  override name = 'InvalidEnvelopeError';
}

/** Validates an envelope and its payload against the catalogue; throws InvalidEnvelopeError. */
export function parseEnvelope(raw: unknown): Envelope {
  const shape = EnvelopeShape.safeParse(raw);
  if (!shape.success) throw new InvalidEnvelopeError(`bad envelope: ${z.prettifyError(shape.error)}`);
  const { type } = shape.data;
  if (!isEventType(type)) throw new InvalidEnvelopeError(`unknown event type "${type}"`);
  const data = eventCatalogue[type].safeParse(shape.data.data);
  if (!data.success) throw new InvalidEnvelopeError(`bad ${type} payload: ${z.prettifyError(data.error)}`);
  const { trace, ...rest } = shape.data;
  return { ...rest, type, data: data.data, ...(trace ? { trace } : {}) } as Envelope;
}

export function createEnvelope<T extends EventType>(type: T, data: EventData<T>, now = new Date()): Envelope<T> {
  return parseEnvelope({ id: crypto.randomUUID(), type, occurredAt: now.toISOString(), data }) as Envelope<T>;
}

import type { Envelope, EventType, ReplyOf, RequestOf, RequestSubject } from '@seqgen/proto';

/**
 * The transport under the outbox relay and the idempotent consumers. Two implementations pass
 * one contract suite: NATS JetStream (NATS_URL set) and an in-process bus with the same
 * delivery semantics. Keep to NATS server 2.9 features.
 *
 * Semantics (docs/architecture.md §3):
 * - publish is at-least-once and de-duplicated by envelope.id (JetStream msgID) inside the
 *   de-duplication window;
 * - a durable consumer resumes where it left off after a restart (same durable name), so
 *   nothing published while it was away is lost;
 * - the handler's outcome decides the ack: resolve → ack; throw → nak with a delay (doubling per
 *   delivery up to a minute, see retryDelay) so the same event is delivered again; an envelope
 *   that fails validation → term (never redelivered);
 * - a handler that neither resolves nor throws within ackWait gets its event redelivered.
 */
export interface Bus {
  readonly kind: 'nats' | 'memory';
  /** Validates the envelope, then publishes it on the subject `events.<type>`. */
  publish(envelope: Envelope): Promise<void>;
  /** Starts (or resumes) a durable consumer of one event type. */
  consume<T extends EventType>(options: ConsumeOptions<T>): Promise<ConsumerHandle>;
  /** Request/reply with a timeout; the reply is validated against the catalogue. */
  request<S extends RequestSubject>(
    subject: S,
    data: RequestOf<S>,
    options?: { timeoutMs?: number },
  ): Promise<ReplyOf<S>>;
  /** Answers requests on a subject (a queue group, so several replicas share the load). */
  respond<S extends RequestSubject>(
    subject: S,
    handler: (data: RequestOf<S>) => Promise<ReplyOf<S>>,
  ): Promise<ConsumerHandle>;
  /** Resolves when the transport is reachable (readiness). */
  ping(): Promise<void>;
  /**
   * How far behind each durable consumer started on this bus is: events not yet delivered plus
   * delivered and not yet acknowledged (bus_consumer_lag, read at scrape time).
   */
  consumerLag(): Promise<ConsumerLag[]>;
  /** Stops consumers after their in-flight handlers finish, then closes the connection. */
  close(): Promise<void>;
}

export interface ConsumeOptions<T extends EventType> {
  /** Durable name, unique per (service, purpose), e.g. "quota-user-registered". */
  durable: string;
  type: T;
  handler: (envelope: Envelope<T>, delivery: DeliveryInfo) => Promise<void>;
  /** Delay before a failed event is delivered again. Default 1000 ms. */
  retryDelayMs?: number;
  /** How long a handler may run before the event is considered lost and redelivered. Default 30 s. */
  ackWaitMs?: number;
}

export interface ConsumerLag {
  durable: string;
  type: string;
  /** Not yet delivered. */
  pending: number;
  /** Delivered, not yet acknowledged (in a handler, or waiting for a redelivery). */
  unacknowledged: number;
}

export interface DeliveryInfo {
  /** 1 on first delivery, 2 on the first redelivery, … */
  deliveryCount: number;
}

export interface ConsumerHandle {
  /** Stops receiving; in-flight handlers finish first. The durable state is kept. */
  stop(): Promise<void>;
}

export class BusTimeoutError extends Error {
  override name = 'BusTimeoutError';
}
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}

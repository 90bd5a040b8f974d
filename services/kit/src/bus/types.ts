import type { Envelope, EventType } from '@seqgen/proto';
import type { z } from 'zod';

/**
 * The request/reply subjects a bus carries, each with its request and reply schema. The kit knows
 * none of the app's: a service hands its catalogue (proto's requestCatalogue) to the bus it opens
 * (defineService's `requests`), and both transports validate every request and reply against it.
 */
export type RequestCatalogue = Readonly<Record<string, { readonly request: z.ZodType; readonly reply: z.ZodType }>>;
/** A catalogue with no requests: the bus of a service that only publishes and consumes events. */
export type NoRequests = Readonly<Record<never, never>>;
export type RequestData<C extends RequestCatalogue, S extends keyof C> = z.infer<C[S]['request']>;
export type ReplyData<C extends RequestCatalogue, S extends keyof C> = z.infer<C[S]['reply']>;

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
export interface Bus<C extends RequestCatalogue = RequestCatalogue> {
  readonly kind: 'nats' | 'memory';
  /** Validates the envelope, then publishes it on the subject `events.<type>`. */
  publish(envelope: Envelope): Promise<void>;
  /** Starts (or resumes) a durable consumer of one event type. */
  consume<T extends EventType>(options: ConsumeOptions<T>): Promise<ConsumerHandle>;
  /** Request/reply with a timeout; the reply is validated against the catalogue. */
  request<S extends keyof C & string>(
    subject: S,
    data: RequestData<C, S>,
    options?: { timeoutMs?: number },
  ): Promise<ReplyData<C, S>>;
  /** Answers requests on a subject (a queue group, so several replicas share the load). */
  respond<S extends keyof C & string>(
    subject: S,
    handler: (data: RequestData<C, S>) => Promise<ReplyData<C, S>>,
  ): Promise<ConsumerHandle>;
  /**
   * Fire-and-forget to every listener of `topic` in every process (NATS core pub/sub: at most
   * once, nothing stored). For hints a listener can afford to miss, because `listen`'s `onGap`
   * tells it when it may have: a cache dropping an ended session, a stream pushing new usage
   * (issue 25, item 2). While disconnected the message is dropped, never queued.
   */
  broadcast(topic: string, data: string): void;
  /**
   * Every broadcast on `topic` from now on. `onGap` is called when broadcasts may have been missed
   * (the connection was lost, and again when it is back), so the listener stops trusting what it
   * learnt only from them.
   */
  listen(
    topic: string,
    handler: (data: string) => void,
    onGap?: (state: 'lost' | 'back') => void,
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

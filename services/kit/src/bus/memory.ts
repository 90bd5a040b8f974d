import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Envelope, EventType } from '@seqgen/proto';
import type { Logger } from '../logger.ts';
import {
  countPublished,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STREAM_NAME,
  DEFAULT_SUBJECT_PREFIX,
  encodeEnvelope,
  eventSubject,
  handleDelivery,
} from './consume-loop.ts';
import {
  addResponder,
  Durable,
  type MemoryStream,
  nextResponder,
  type Responder,
  removeResponder,
  streamNamed,
  Worker,
} from './memory-server.ts';
import {
  answerRequest,
  DEFAULT_REQUEST_TIMEOUT_MS,
  decodeReply,
  defaultRpcPrefix,
  encodeRequest,
  noRequests,
  type RpcResult,
  rpcSubject,
} from './rpc.ts';
import { consumeTraced, publishTraced, requestTraced, respondTraced } from './tracing.ts';
import {
  type Bus,
  BusTimeoutError,
  BusUnavailableError,
  type ConsumeOptions,
  type ConsumerHandle,
  type ConsumerLag,
  type DeliveryInfo,
  type NoRequests,
  type ReplyData,
  type RequestCatalogue,
  type RequestData,
} from './types.ts';

export interface MemoryBusOptions<C extends RequestCatalogue = NoRequests> {
  logger: Logger;
  /** The request/reply subjects this bus carries (none when left out). */
  requests?: C;
  streamName?: string;
  subjectPrefix?: string;
  rpcPrefix?: string;
  /** The service using this bus: labels its bus metrics. */
  service?: string | undefined;
}

/** Broadcast listeners of this process, by prefix and topic. */
const broadcastListeners = new Map<string, Set<(data: string) => void>>();
function listenersOf(key: string): Set<(data: string) => void> {
  let found = broadcastListeners.get(key);
  if (!found) {
    found = new Set();
    broadcastListeners.set(key, found);
  }
  return found;
}

export class MemoryBus<C extends RequestCatalogue = NoRequests> implements Bus<C> {
  readonly kind = 'memory' as const;
  private readonly requests: C;
  private readonly logger: Logger;
  private readonly stream: MemoryStream;
  private readonly subjectPrefix: string;
  private readonly rpcPrefix: string;
  private readonly handles = new Set<ConsumerHandle>();
  private readonly service: string | undefined;
  private closed = false;
  private readonly transport: { service: string | undefined; system: string };
  /** Durables this bus consumes with, and their event types (consumerLag). */
  private readonly consumed = new Map<string, string>();

  constructor(options: MemoryBusOptions<C>) {
    this.logger = options.logger;
    this.requests = options.requests ?? noRequests<C>();
    this.service = options.service;
    this.stream = streamNamed(options.streamName ?? DEFAULT_STREAM_NAME);
    this.subjectPrefix = options.subjectPrefix ?? DEFAULT_SUBJECT_PREFIX;
    this.rpcPrefix = options.rpcPrefix ?? defaultRpcPrefix(options.subjectPrefix);
    this.transport = { service: options.service, system: 'seqgen-memory' };
  }

  async publish(envelope: Envelope): Promise<void> {
    this.assertOpen();
    const { envelope: valid, text } = encodeEnvelope(envelope);
    const subject = eventSubject(this.subjectPrefix, valid.type);
    await publishTraced(this.transport, valid, subject, async (headers) => {
      this.stream.append(subject, text, valid.id, headers);
    });
    countPublished(this.service, valid.type);
  }

  /**
   * Test-only: stores bytes on an event subject without validation, the way a foreign or buggy
   * publisher could on a real server, to exercise the consumer's term path.
   */
  injectRawForTesting(type: string, body: string): number {
    return this.stream.append(eventSubject(this.subjectPrefix, type), body, undefined);
  }

  /** Test-only: how many deliveries a durable acked, and the stream sequences it terminated. */
  settledForTesting(durable: string): { acked: number; terminated: number[] } {
    const found = this.stream.durables.get(durable);
    if (!found) throw new Error(`memory bus: no durable "${durable}"`);
    return { acked: found.settled.acked, terminated: [...found.settled.terminated] };
  }

  async consume<T extends EventType>(options: ConsumeOptions<T>): Promise<ConsumerHandle> {
    this.assertOpen();
    const subject = eventSubject(this.subjectPrefix, options.type);
    const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    let durable = this.stream.durables.get(options.durable);
    if (!durable) {
      durable = new Durable(this.stream, options.durable, subject, ackWaitMs);
      this.stream.durables.set(options.durable, durable);
    } else if (durable.subject !== subject) {
      throw new Error(`durable "${options.durable}" already consumes ${durable.subject}, not ${subject}`);
    } else {
      durable.ackWaitMs = ackWaitMs;
    }
    this.consumed.set(options.durable, options.type);
    const logger = this.logger.child({ durable: options.durable });
    const handler = options.handler as (envelope: Envelope<T>, delivery: DeliveryInfo) => Promise<void>;
    const worker: Worker = new Worker(
      durable,
      (delivery) =>
        consumeTraced(this.transport, { ...delivery, type: options.type, subject, durable: options.durable }, () =>
          handleDelivery({
            body: delivery.body,
            type: options.type,
            deliveryCount: delivery.deliveryCount,
            handler,
            retryDelayMs,
            logger,
            service: this.service,
          }),
        ),
      () => this.handles.delete(worker),
    );
    this.handles.add(worker);
    worker.start();
    return worker;
  }

  async request<S extends keyof C & string>(
    subject: S,
    data: RequestData<C, S>,
    options?: { timeoutMs?: number },
  ): Promise<ReplyData<C, S>> {
    this.assertOpen();
    const body = encodeRequest(this.requests, subject, data);
    const responder = nextResponder(rpcSubject(this.rpcPrefix, subject));
    if (!responder) throw new BusUnavailableError(`no responders for ${subject}`);
    const timeoutMs = options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusTimeoutError(`${subject}: no reply within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await requestTraced(this.transport, subject, (headers) =>
        Promise.race([responder.answer(body, headers), timeout]),
      );
      return decodeReply(this.requests, subject, result);
    } finally {
      clearTimeout(timer);
    }
  }

  async respond<S extends keyof C & string>(
    subject: S,
    handler: (data: RequestData<C, S>) => Promise<ReplyData<C, S>>,
  ): Promise<ConsumerHandle> {
    this.assertOpen();
    const key = rpcSubject(this.rpcPrefix, subject);
    const inFlight = new Set<Promise<RpcResult>>();
    const logger = this.logger.child({ responder: subject });
    const responder: Responder = {
      answer: (body, headers) => {
        const answer = nextTurn().then(() =>
          respondTraced(this.transport, subject, headers, () =>
            answerRequest(this.requests, subject, handler, body, logger),
          ),
        );
        inFlight.add(answer);
        void answer.finally(() => inFlight.delete(answer));
        return answer;
      },
    };
    addResponder(key, responder);
    let stopped: Promise<void> | undefined;
    const handle: ConsumerHandle = {
      stop: () => {
        stopped ??= (async () => {
          removeResponder(key, responder);
          await Promise.allSettled([...inFlight]);
          this.handles.delete(handle);
        })();
        return stopped;
      },
    };
    this.handles.add(handle);
    return handle;
  }

  broadcast(topic: string, data: string): void {
    if (this.closed) return;
    // Every bus of this process with the same prefix hears it (npm start: the services share one
    // process), later, as NATS would deliver it.
    for (const handler of listenersOf(`${this.rpcPrefix}|${topic}`)) queueMicrotask(() => handler(data));
  }

  async listen(topic: string, handler: (data: string) => void): Promise<ConsumerHandle> {
    this.assertOpen();
    // In process nothing is ever lost, so there is no gap to report.
    const listeners = listenersOf(`${this.rpcPrefix}|${topic}`);
    const safe = (data: string) => {
      try {
        handler(data);
      } catch (err) {
        this.logger.error({ err, topic }, 'bus: broadcast listener failed');
      }
    };
    listeners.add(safe);
    const handle: ConsumerHandle = {
      stop: async () => {
        listeners.delete(safe);
        this.handles.delete(handle);
      },
    };
    this.handles.add(handle);
    return handle;
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async consumerLag(): Promise<ConsumerLag[]> {
    return [...this.consumed].flatMap(([name, type]) => {
      const durable = this.stream.durables.get(name);
      return durable ? [{ durable: name, type, ...durable.lag() }] : [];
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.handles].map((h) => h.stop()));
  }

  private assertOpen(): void {
    if (this.closed) throw new BusUnavailableError('bus is closed');
  }
}

import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
} from '@nats-io/jetstream';
import { headers, type Msg, type MsgHdrs, type NatsConnection, nanos, TimeoutError } from '@nats-io/transport-node';
import type { Envelope, EventType } from '@seqgen/proto';
import type { Logger } from '../logger.ts';
import type { TraceCarrier } from '../telemetry.ts';
import {
  countPublished,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_RETRY_DELAY_MS,
  encodeEnvelope,
  eventSubject,
  handleDelivery,
  type Outcome,
} from './consume-loop.ts';
import { NATS_BACK_MESSAGE, NATS_DOWN_MESSAGE } from './nats-messages.ts';
import {
  answerRequest,
  asFailureReason,
  DEFAULT_REQUEST_TIMEOUT_MS,
  decodeReply,
  encodeRequest,
  RPC_ERROR_HEADER,
  type RpcResult,
  rpcSubject,
} from './rpc.ts';
import { consumeTraced, publishTraced, requestTraced, respondTraced, traceHeadersOf } from './tracing.ts';
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Readiness asks JetStream; past this it reports the bus unreachable instead of hanging. */
const PING_TIMEOUT_MS = 2_000;

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function apiCode(err: unknown): number | undefined {
  return err instanceof JetStreamApiError ? err.code : undefined;
}

export interface NatsBusSettings<C extends RequestCatalogue> {
  logger: Logger;
  requests: C;
  streamName: string;
  subjectPrefix: string;
  rpcPrefix: string;
  service?: string | undefined;
}

export class NatsBus<C extends RequestCatalogue = NoRequests> implements Bus<C> {
  readonly kind = 'nats' as const;
  private readonly nc: NatsConnection;
  private readonly jsm: JetStreamManager;
  private readonly js: JetStreamClient;
  private readonly settings: NatsBusSettings<C>;
  private readonly consumers = new Set<ConsumerHandle>();
  /** Durables this bus consumes with, and their event types (consumerLag). */
  private readonly consumed = new Map<string, string>();
  private readonly responders = new Set<ConsumerHandle>();
  private closing: Promise<void> | undefined;
  /**
   * False between a lost connection and the reconnect. nats.js keeps everything written
   * meanwhile in an unbounded buffer and sends it on reconnect, so a publish or request made
   * while disconnected would pile up in memory and arrive late (a quota reservation nobody
   * waits for any more): they are refused at once instead. The outbox keeps every event and
   * its relay publishes it once the bus is back (docs/architecture.md §3).
   */
  private connected = true;
  private readonly transport: { service: string | undefined; system: string };

  constructor(nc: NatsConnection, jsm: JetStreamManager, settings: NatsBusSettings<C>) {
    this.nc = nc;
    this.jsm = jsm;
    this.js = jetstream(nc);
    this.settings = settings;
    this.transport = { service: settings.service, system: 'nats' };
    void this.watchConnection();
  }

  private async watchConnection(): Promise<void> {
    const { logger } = this.settings;
    try {
      for await (const status of this.nc.status()) {
        if (status.type === 'disconnect' || status.type === 'staleConnection') {
          // Said once per outage: the client's reconnect attempts are not news.
          if (this.connected) {
            logger.warn({ server: 'server' in status ? status.server : undefined }, NATS_DOWN_MESSAGE);
            this.tellGap('lost');
          }
          this.connected = false;
        } else if (status.type === 'reconnect') {
          if (!this.connected) logger.info({ server: status.server }, NATS_BACK_MESSAGE);
          this.connected = true;
          // Broadcasts sent while away are gone (core NATS keeps nothing): listeners must know.
          this.tellGap('back');
        }
      }
    } catch (err) {
      logger.warn({ err }, 'bus: NATS status stream ended');
    }
  }

  /** The underlying connection, for tests that must put raw bytes on the wire. */
  get connection(): NatsConnection {
    return this.nc;
  }

  async publish(envelope: Envelope): Promise<void> {
    this.assertOpen();
    const { envelope: valid, text } = encodeEnvelope(envelope);
    this.assertConnected(`publish of ${valid.type} ${valid.id}`);
    const subject = eventSubject(this.settings.subjectPrefix, valid.type);
    await publishTraced(this.transport, valid, subject, async (trace) => {
      try {
        await this.js.publish(subject, encoder.encode(text), {
          msgID: valid.id,
          // Refuse to "succeed" into some other stream that happens to overlap our subjects.
          expect: { streamName: this.settings.streamName },
          headers: natsHeaders(trace),
        });
      } catch (err) {
        throw new BusUnavailableError(`publish of ${valid.type} ${valid.id} failed: ${message(err)}`, { cause: err });
      }
    });
    countPublished(this.settings.service, valid.type);
  }

  async consume<T extends EventType>(options: ConsumeOptions<T>): Promise<ConsumerHandle> {
    this.assertOpen();
    const { streamName, subjectPrefix } = this.settings;
    const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    const subject = eventSubject(subjectPrefix, options.type);
    await this.ensureConsumer(options.durable, subject, ackWaitMs);

    const consumer = await this.js.consumers.get(streamName, options.durable);
    this.consumed.set(options.durable, options.type);
    // One message at a time: the client holds at most one more in its buffer, so a slow handler
    // does not sit on a batch of messages whose ackWait is running out.
    const messages = await consumer.consume({ max_messages: 1 });
    const logger = this.settings.logger.child({ durable: options.durable });
    const handler = options.handler as (envelope: Envelope<T>, delivery: DeliveryInfo) => Promise<void>;
    let stopping = false;

    const loop = (async () => {
      for await (const msg of messages) {
        if (stopping) {
          // Buffered but never handed to the handler: give it back now instead of after ackWait.
          msg.nak();
          continue;
        }
        const deliveryCount = msg.info.deliveryCount;
        const outcome = await consumeTraced(
          this.transport,
          {
            type: options.type,
            subject,
            durable: options.durable,
            deliveryCount,
            headers: traceHeadersOf(msg.headers),
          },
          () =>
            handleDelivery({
              body: msg.data,
              type: options.type,
              deliveryCount,
              handler,
              retryDelayMs,
              logger,
              service: this.settings.service,
            }),
        );
        await settle(msg, outcome, logger);
      }
    })().catch((err: unknown) => {
      logger.error({ err }, 'bus: consumer loop ended with an error');
    });

    let stopped: Promise<void> | undefined;
    const handle: ConsumerHandle = {
      stop: () => {
        stopped ??= (async () => {
          stopping = true;
          // close() resolves once the iterator has yielded what it buffered, i.e. after the
          // in-flight handler returned.
          await messages.close();
          await loop;
          this.consumers.delete(handle);
        })();
        return stopped;
      },
    };
    this.consumers.add(handle);
    return handle;
  }

  private async ensureConsumer(durable: string, subject: string, ackWaitMs: number): Promise<void> {
    const { streamName } = this.settings;
    const ackWait = nanos(ackWaitMs);
    try {
      const info = await this.jsm.consumers.info(streamName, durable);
      if (info.config.filter_subject !== subject) {
        throw new Error(
          `durable "${durable}" already consumes ${info.config.filter_subject ?? '(everything)'}, not ${subject}`,
        );
      }
      if (info.config.ack_wait !== ackWait) await this.jsm.consumers.update(streamName, durable, { ack_wait: ackWait });
      return;
    } catch (err) {
      if (apiCode(err) !== JetStreamApiCodes.ConsumerNotFound) throw err;
    }
    try {
      await this.jsm.consumers.add(streamName, {
        durable_name: durable,
        filter_subject: subject,
        ack_policy: AckPolicy.Explicit,
        ack_wait: ackWait,
        deliver_policy: DeliverPolicy.All,
      });
    } catch (err) {
      // Lost a creation race with another replica: fine if the winner made the same consumer.
      const info = await this.jsm.consumers.info(streamName, durable).catch(() => {
        throw err;
      });
      if (info.config.filter_subject !== subject) throw err;
    }
  }

  async request<S extends keyof C & string>(
    subject: S,
    data: RequestData<C, S>,
    options?: { timeoutMs?: number },
  ): Promise<ReplyData<C, S>> {
    this.assertOpen();
    const body = encodeRequest(this.settings.requests, subject, data);
    this.assertConnected(subject);
    const timeoutMs = options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    let reply: Msg;
    try {
      reply = await requestTraced(this.transport, subject, (trace) =>
        this.nc.request(rpcSubject(this.settings.rpcPrefix, subject), encoder.encode(body), {
          timeout: timeoutMs,
          headers: natsHeaders(trace),
        }),
      );
    } catch (err) {
      if (err instanceof TimeoutError)
        throw new BusTimeoutError(`${subject}: no reply within ${timeoutMs} ms`, { cause: err });
      // No responders, a closed or draining connection: nobody can answer right now.
      throw new BusUnavailableError(`${subject}: ${message(err)}`, { cause: err });
    }
    const failure = reply.headers?.get(RPC_ERROR_HEADER);
    const result: RpcResult = failure
      ? { ok: false, reason: asFailureReason(failure), message: decoder.decode(reply.data) }
      : { ok: true, body: decoder.decode(reply.data) };
    return decodeReply(this.settings.requests, subject, result);
  }

  async respond<S extends keyof C & string>(
    subject: S,
    handler: (data: RequestData<C, S>) => Promise<ReplyData<C, S>>,
  ): Promise<ConsumerHandle> {
    this.assertOpen();
    const wireSubject = rpcSubject(this.settings.rpcPrefix, subject);
    const logger = this.settings.logger.child({ responder: subject });
    const inFlight = new Set<Promise<void>>();
    const sub = this.nc.subscribe(wireSubject, {
      // Replicas of one service share the load instead of all answering.
      queue: wireSubject,
      callback: (err, msg) => {
        if (err) {
          logger.error({ err }, 'bus: responder subscription failed');
          return;
        }
        const work = respondTraced(this.transport, subject, traceHeadersOf(msg.headers), () =>
          answerRequest(this.settings.requests, subject, handler, decoder.decode(msg.data), logger),
        ).then((result) => {
          if (result.ok) {
            msg.respond(encoder.encode(result.body));
          } else {
            const h = headers();
            h.set(RPC_ERROR_HEADER, result.reason);
            msg.respond(encoder.encode(result.message), { headers: h });
          }
        });
        inFlight.add(work);
        void work
          .catch((e: unknown) => logger.error({ err: e }, 'bus: could not send reply'))
          .finally(() => inFlight.delete(work));
      },
    });
    // Make sure the server knows about the subscription before we report it ready, or a request
    // sent right after respond() could see "no responders".
    await this.nc.flush();
    let stopped: Promise<void> | undefined;
    const handle: ConsumerHandle = {
      stop: () => {
        stopped ??= (async () => {
          sub.unsubscribe();
          await Promise.allSettled([...inFlight]);
          this.responders.delete(handle);
        })();
        return stopped;
      },
    };
    this.responders.add(handle);
    return handle;
  }

  /** Listeners' gap callbacks (broadcasts may have been missed). */
  private readonly gapListeners = new Set<(state: 'lost' | 'back') => void>();

  private tellGap(state: 'lost' | 'back'): void {
    for (const onGap of this.gapListeners) {
      try {
        onGap(state);
      } catch (err) {
        this.settings.logger.error({ err }, 'bus: broadcast gap listener failed');
      }
    }
  }

  broadcast(topic: string, data: string): void {
    if (this.closing || !this.connected) return;
    try {
      this.nc.publish(rpcSubject(this.settings.rpcPrefix, `broadcast.${topic}`), encoder.encode(data));
    } catch (err) {
      this.settings.logger.warn({ err, topic }, 'bus: broadcast not sent');
    }
  }

  async listen(
    topic: string,
    handler: (data: string) => void,
    onGap?: (state: 'lost' | 'back') => void,
  ): Promise<ConsumerHandle> {
    this.assertOpen();
    const logger = this.settings.logger;
    // No queue group: every replica hears every broadcast.
    const sub = this.nc.subscribe(rpcSubject(this.settings.rpcPrefix, `broadcast.${topic}`), {
      callback: (err, msg) => {
        if (err) return logger.error({ err, topic }, 'bus: broadcast subscription failed');
        try {
          handler(decoder.decode(msg.data));
        } catch (error) {
          logger.error({ err: error, topic }, 'bus: broadcast listener failed');
        }
      },
    });
    if (onGap) this.gapListeners.add(onGap);
    await this.nc.flush();
    const handle: ConsumerHandle = {
      stop: async () => {
        sub.unsubscribe();
        if (onGap) this.gapListeners.delete(onGap);
        this.responders.delete(handle);
      },
    };
    this.responders.add(handle);
    return handle;
  }

  async ping(): Promise<void> {
    this.assertOpen();
    this.assertConnected('JetStream');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.jsm.getAccountInfo(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      throw new BusUnavailableError(`JetStream unreachable: ${message(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  /** From the server's own consumer state (num_pending, num_ack_pending). */
  async consumerLag(): Promise<ConsumerLag[]> {
    this.assertConnected('consumer info');
    return Promise.all(
      [...this.consumed].map(async ([durable, type]) => {
        const info = await this.jsm.consumers.info(this.settings.streamName, durable);
        return { durable, type, pending: info.num_pending, unacknowledged: info.num_ack_pending };
      }),
    );
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.consumers].map((c) => c.stop()));
      await Promise.all([...this.responders].map((r) => r.stop()));
      await this.nc.drain().catch(() => undefined);
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing || this.nc.isClosed()) throw new BusUnavailableError('bus is closed');
  }

  private assertConnected(what: string): void {
    if (!this.connected) throw new BusUnavailableError(`${what}: NATS is unreachable (reconnecting)`);
  }
}

/** The trace context as NATS message headers; none when nothing is traced. */
function natsHeaders(trace: TraceCarrier): MsgHdrs | undefined {
  const entries = Object.entries(trace);
  if (entries.length === 0) return undefined;
  const h = headers();
  for (const [name, value] of entries) h.set(name, value);
  return h;
}

async function settle(msg: JsMsg, outcome: Outcome, logger: Logger): Promise<void> {
  switch (outcome.kind) {
    case 'ack': {
      // Wait for the server to confirm: the caller's handler has committed, and close() must not
      // drain the connection before the ack is recorded, or the event comes back after ackWait.
      const confirmed = await msg.ackAck().catch(() => false);
      if (!confirmed) logger.warn({ seq: msg.seq }, 'bus: ack not confirmed; the event may be redelivered');
      return;
    }
    case 'nak':
      msg.nak(outcome.delayMs);
      return;
    case 'term':
      msg.term();
      return;
  }
}

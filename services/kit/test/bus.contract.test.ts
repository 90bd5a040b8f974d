import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createEnvelope, type Envelope, type EventType, InvalidEnvelopeError } from '@seqgen/proto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Bus,
  BusRequestError,
  BusTimeoutError,
  BusUnavailableError,
  type ConsumerHandle,
  connectBus,
  type DeliveryInfo,
  MemoryBus,
  NATS_BACK_MESSAGE,
  NATS_DOWN_MESSAGE,
} from '../src/bus/index.ts';
import { createLogger, type Logger } from '../src/logger.ts';
import { startFaultProxy } from '../src/testing/fault-proxy.ts';
import { ensureRealInfra, REAL_INFRA } from '../src/testing/infra.ts';
import { testRequests } from './fixtures/requests.ts';

/** Log lines a bus wrote, so tests can see terminations and failures that have no other trace. */
class LogCapture {
  readonly lines: Array<{ level: number; msg: string } & Record<string, unknown>> = [];
  readonly logger: Logger = createLogger({
    service: 'bus-test',
    level: 'debug',
    destination: { write: (line: string) => void this.lines.push(JSON.parse(line)) },
  });
  count(fragment: string): number {
    return this.lines.filter((l) => l.msg.includes(fragment)).length;
  }
}

interface Variant {
  name: 'memory' | 'nats';
  natsUrl?: string;
}

const variants: Variant[] = [{ name: 'memory' }, { name: 'nats', natsUrl: REAL_INFRA.NATS_URL }];

function user(n: number | string) {
  return { userId: `u-${n}`, email: `u${n}@example.test` };
}

/** Records what a handler saw, in order. */
function recorder<T extends EventType>() {
  const seen: Array<{ envelope: Envelope<T>; delivery: DeliveryInfo; at: number }> = [];
  return {
    seen,
    ids: () => seen.map((s) => s.envelope.id),
    handler: async (envelope: Envelope<T>, delivery: DeliveryInfo) => {
      seen.push({ envelope, delivery, at: Date.now() });
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.each(variants)('bus contract: $name', (variant) => {
  let available = variant.name === 'memory';
  let admin: NatsConnection | undefined;
  const streams: string[] = [];
  const open: Bus<typeof testRequests>[] = [];

  beforeAll(async () => {
    if (variant.name !== 'nats') return;
    available = await ensureRealInfra();
    if (available) admin = await connect({ servers: variant.natsUrl });
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  afterAll(async () => {
    if (!admin) return;
    const jsm = await jetstreamManager(admin);
    for (const name of streams) await jsm.streams.delete(name).catch(() => undefined);
    await admin.close();
  });

  /**
   * Each test gets its own stream, subjects and request namespace: durables deliver from the start
   * of the stream, so sharing one would leak earlier tests' events into later ones.
   */
  async function isolatedBus(capture = new LogCapture()) {
    const id = randomBytes(4).toString('hex');
    const settings = { streamName: `TEST_BUS_${id}`, subjectPrefix: `test-bus-${id}`, rpcPrefix: `test-rpc-${id}` };
    if (variant.natsUrl) streams.push(settings.streamName);
    const reconnect = async (log = capture.logger) => {
      const bus = await connectBus({ natsUrl: variant.natsUrl, logger: log, requests: testRequests, ...settings });
      open.push(bus);
      return bus;
    };
    const bus = await reconnect();
    // Read once, so `bus` itself is never narrowed to the class (whose catalogue TS cannot see).
    const memory = bus instanceof MemoryBus ? bus : undefined;
    /**
     * Puts bytes on an event subject the way a buggy foreign publisher could, bypassing
     * validation. Returns the message's stream sequence.
     */
    const injectRaw = async (type: string, body: string): Promise<number> => {
      if (memory) return memory.injectRawForTesting(type, body);
      if (!admin) throw new Error('no admin connection');
      const ack = await jetstream(admin).publish(`${settings.subjectPrefix}.${type}`, new TextEncoder().encode(body));
      return ack.seq;
    };
    /**
     * Stream sequences a durable terminated, as the transport recorded it: the in-process bus's
     * bookkeeping, or the server's MSG_TERMINATED advisories. A term() that became an ack (or a
     * nak) shows here, whatever the log says.
     */
    const terminatedByServer: Array<{ consumer: string; seq: number }> = [];
    if (admin && !memory) {
      admin.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MSG_TERMINATED.${settings.streamName}.*`, {
        callback: (_err, msg) => {
          const advisory = msg.json<{ consumer: string; stream_seq: number }>();
          terminatedByServer.push({ consumer: advisory.consumer, seq: advisory.stream_seq });
        },
      });
      await admin.flush();
    }
    const terminated = (durable: string): number[] =>
      memory
        ? memory.settledForTesting(durable).terminated
        : terminatedByServer.filter((t) => t.consumer === durable).map((t) => t.seq);
    return { bus, capture, reconnect, injectRaw, terminated };
  }

  function consumeInto<T extends EventType>(
    bus: Bus,
    type: T,
    durable: string,
    handler: (envelope: Envelope<T>, delivery: DeliveryInfo) => Promise<void>,
    timing: { retryDelayMs?: number; ackWaitMs?: number } = {},
  ): Promise<ConsumerHandle> {
    return bus.consume({ durable, type, handler, retryDelayMs: 100, ackWaitMs: 2000, ...timing });
  }

  it('publish → consume delivers the validated envelope, as a copy', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable (set REQUIRE_INFRA=1 to make this a failure)');
    const { bus } = await isolatedBus();
    await bus.ping();
    const rec = recorder<'user.registered'>();
    await consumeInto(bus, 'user.registered', 'c1', rec.handler);
    const published = createEnvelope('user.registered', user(1));
    await bus.publish(published);
    await vi.waitFor(() => expect(rec.seen).toHaveLength(1));
    const [first] = rec.seen;
    expect(first?.envelope).toEqual(published);
    expect(first?.envelope).not.toBe(published);
    expect(first?.envelope.data).not.toBe(published.data);
    expect(first?.delivery.deliveryCount).toBe(1);
  });

  it('broadcasts to every listener on every connection, of its topic only, and stops after stop()', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable (set REQUIRE_INFRA=1 to make this a failure)');
    const { bus, reconnect } = await isolatedBus();
    const other = await reconnect();
    const heard: string[] = [];
    const first = await bus.listen('session-ended', (data) => heard.push(`a:${data}`));
    await other.listen('session-ended', (data) => heard.push(`b:${data}`));
    await other.listen('usage-changed', (data) => heard.push(`usage:${data}`));
    other.broadcast('session-ended', 's1');
    await vi.waitFor(() => expect([...heard].sort()).toEqual(['a:s1', 'b:s1']));
    await first.stop();
    bus.broadcast('session-ended', 's2');
    await vi.waitFor(() => expect(heard).toContain('b:s2'));
    // Give a stray delivery its chance before saying there was none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.filter((h) => h.startsWith('a:'))).toEqual(['a:s1']);
    expect(heard.filter((h) => h.startsWith('usage:'))).toEqual([]);
  });

  it('delivers a duplicate publish (same id) once', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus } = await isolatedBus();
    const rec = recorder<'user.registered'>();
    await consumeInto(bus, 'user.registered', 'c1', rec.handler);
    const event = createEnvelope('user.registered', user(1));
    await bus.publish(event);
    await bus.publish(event);
    await bus.publish({ ...event });
    const marker = createEnvelope('user.registered', user(2));
    await bus.publish(marker);
    // Delivery is in stream order, so once the marker is in, any duplicate would be too.
    await vi.waitFor(() => expect(rec.ids()).toContain(marker.id));
    await sleep(200);
    expect(rec.ids()).toEqual([event.id, marker.id]);
  });

  it('refuses an invalid envelope on publish and sends nothing', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus } = await isolatedBus();
    const rec = recorder<'user.registered'>();
    await consumeInto(bus, 'user.registered', 'c1', rec.handler);
    const good = createEnvelope('user.registered', user(1));
    const badPayload = { ...good, data: { userId: 42 } } as unknown as Envelope;
    const badId = { ...good, id: 'not-a-uuid' };
    const badType = { ...good, type: 'user.vanished' } as unknown as Envelope;
    await expect(bus.publish(badPayload)).rejects.toBeInstanceOf(InvalidEnvelopeError);
    await expect(bus.publish(badId)).rejects.toBeInstanceOf(InvalidEnvelopeError);
    await expect(bus.publish(badType)).rejects.toBeInstanceOf(InvalidEnvelopeError);
    await bus.publish(good);
    await vi.waitFor(() => expect(rec.ids()).toEqual([good.id]));
    await sleep(200);
    expect(rec.seen).toHaveLength(1);
  });

  it('terminates an invalid message from the wire, never redelivers it, and keeps consuming', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus, capture, injectRaw, terminated } = await isolatedBus();
    const rec = recorder<'user.registered'>();
    const ackWaitMs = 1000;
    await consumeInto(bus, 'user.registered', 'c1', rec.handler, { ackWaitMs });
    const before = createEnvelope('user.registered', user(0));
    await bus.publish(before);
    const invalid = [
      await injectRaw('user.registered', 'this is not json'),
      await injectRaw(
        'user.registered',
        JSON.stringify({ ...createEnvelope('user.registered', user(1)), data: { nope: true } }),
      ),
      // Valid in itself, but on the wrong subject: handing it to this handler would be a bug.
      await injectRaw('user.registered', JSON.stringify(createEnvelope('billing.canceled', { userId: 'u-9' }))),
    ];
    const after = createEnvelope('user.registered', user(2));
    await bus.publish(after);
    await vi.waitFor(() => expect(rec.ids()).toEqual([before.id, after.id]));
    // The outcome the transport recorded (docs/architecture.md §3: term, not ack, not nak), not only the
    // log line, which is written before the outcome is chosen (issue 10, finding 11).
    await vi.waitFor(() => expect(terminated('c1')).toEqual(invalid), { timeout: 10_000 });
    expect(capture.count('invalid event terminated')).toBe(3);
    if (bus instanceof MemoryBus) expect(bus.settledForTesting('c1').acked).toBe(2);
    // Past ackWait: a message that was not terminated would be back by now.
    await sleep(ackWaitMs + 500);
    expect(capture.count('invalid event terminated')).toBe(3);
    expect(terminated('c1')).toEqual(invalid);
    expect(rec.seen).toHaveLength(2);
  });

  it('redelivers after the handler throws, after the retry delay, then acks for good', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus, capture } = await isolatedBus();
    const retryDelayMs = 200;
    const ackWaitMs = 1000;
    const calls: Array<{ id: string; deliveryCount: number; at: number }> = [];
    await consumeInto(
      bus,
      'user.registered',
      'c1',
      async (envelope, delivery) => {
        calls.push({ id: envelope.id, deliveryCount: delivery.deliveryCount, at: Date.now() });
        if (delivery.deliveryCount === 1) throw new Error('database briefly away');
      },
      { retryDelayMs, ackWaitMs },
    );
    const event = createEnvelope('user.registered', user(1));
    await bus.publish(event);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => [c.id, c.deliveryCount])).toEqual([
      [event.id, 1],
      [event.id, 2],
    ]);
    const [first, second] = calls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(retryDelayMs - 20);
    expect(capture.count('handler failed')).toBe(1);
    // Neither a retry nor an ackWait expiry may bring it back once acked.
    await sleep(ackWaitMs + 500);
    expect(calls).toHaveLength(2);
  });

  it('resumes a durable after stop and reconnect with everything published meanwhile, none twice', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus, reconnect } = await isolatedBus();
    const rec = recorder<'user.registered'>();
    const first = await consumeInto(bus, 'user.registered', 'resumable', rec.handler);
    const early = [1, 2, 3].map((n) => createEnvelope('user.registered', user(n)));
    for (const e of early) await bus.publish(e);
    await vi.waitFor(() => expect(rec.seen).toHaveLength(3));
    await first.stop();

    const late = [4, 5, 6].map((n) => createEnvelope('user.registered', user(n)));
    for (const e of late) await bus.publish(e);
    await sleep(100);
    expect(rec.seen).toHaveLength(3);

    // A restarted service: a new connection, the same durable name.
    await bus.close();
    const restarted = await reconnect();
    // A new release may change the ackWait of an existing durable.
    await consumeInto(restarted, 'user.registered', 'resumable', rec.handler, { ackWaitMs: 1500 });
    await vi.waitFor(() => expect(rec.seen).toHaveLength(6));
    await sleep(300);
    expect(rec.ids()).toEqual([...early, ...late].map((e) => e.id));
    expect(rec.seen.every((s) => s.delivery.deliveryCount === 1)).toBe(true);
  });

  it('gives every event to each of two durables, and only events of their type', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus } = await isolatedBus();
    const a = recorder<'user.registered'>();
    const b = recorder<'user.registered'>();
    const other = recorder<'billing.canceled'>();
    await consumeInto(bus, 'user.registered', 'quota-user-registered', a.handler);
    await consumeInto(bus, 'user.registered', 'audit-user-registered', b.handler);
    await consumeInto(bus, 'billing.canceled', 'quota-billing-canceled', other.handler);
    const events = [1, 2, 3, 4].map((n) => createEnvelope('user.registered', user(n)));
    const canceled = createEnvelope('billing.canceled', { userId: 'u-1' });
    await bus.publish(events[0] as Envelope);
    await bus.publish(canceled);
    for (const e of events.slice(1)) await bus.publish(e);
    const ids = events.map((e) => e.id);
    await vi.waitFor(() => {
      expect(a.ids()).toEqual(ids);
      expect(b.ids()).toEqual(ids);
      expect(other.ids()).toEqual([canceled.id]);
    });
  });

  it('refuses to rebind a durable to another event type', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus } = await isolatedBus();
    const handle = await consumeInto(bus, 'user.registered', 'one-type', recorder<'user.registered'>().handler);
    await handle.stop();
    await expect(
      consumeInto(bus, 'billing.canceled', 'one-type', recorder<'billing.canceled'>().handler),
    ).rejects.toThrow(/already consumes/);
  });

  it('a durable created later still receives events published before it existed', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus } = await isolatedBus();
    const event = createEnvelope('user.registered', user(1));
    await bus.publish(event);
    const rec = recorder<'user.registered'>();
    await consumeInto(bus, 'user.registered', 'late-comer', rec.handler);
    await vi.waitFor(() => expect(rec.ids()).toEqual([event.id]));
  });

  it('redelivers, after ackWait, an event whose handler hangs, to another worker of the durable', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus } = await isolatedBus();
    const ackWaitMs = 1000;
    const release = deferred();
    const hung: number[] = [];
    const rescued: Array<{ id: string; deliveryCount: number }> = [];
    await consumeInto(
      bus,
      'user.registered',
      'shared',
      async (_envelope, delivery) => {
        hung.push(delivery.deliveryCount);
        await release.promise;
      },
      { ackWaitMs },
    );
    const event = createEnvelope('user.registered', user(1));
    await bus.publish(event);
    await vi.waitFor(() => expect(hung).toHaveLength(1));
    const startedAt = Date.now();
    await consumeInto(
      bus,
      'user.registered',
      'shared',
      async (envelope, delivery) => {
        rescued.push({ id: envelope.id, deliveryCount: delivery.deliveryCount });
      },
      { ackWaitMs },
    );
    await vi.waitFor(() => expect(rescued.length).toBeGreaterThanOrEqual(1), { timeout: 5 * ackWaitMs });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(ackWaitMs - 300);
    expect(rescued[0]?.id).toBe(event.id);
    expect(rescued[0]?.deliveryCount).toBeGreaterThanOrEqual(2);
    release.resolve();
  });

  it('close() waits for an in-flight handler, and its ack sticks', async (ctx) => {
    ctx.skip(!available, 'NATS not reachable');
    const { bus, reconnect } = await isolatedBus();
    const ackWaitMs = 1000;
    const entered = deferred();
    let finished = false;
    const deliveries: number[] = [];
    await consumeInto(
      bus,
      'user.registered',
      'slow',
      async (_envelope, delivery) => {
        deliveries.push(delivery.deliveryCount);
        entered.resolve();
        await sleep(300);
        finished = true;
      },
      { ackWaitMs },
    );
    await bus.publish(createEnvelope('user.registered', user(1)));
    await entered.promise;
    await bus.close();
    expect(finished).toBe(true);
    await expect(bus.publish(createEnvelope('user.registered', user(2)))).rejects.toBeInstanceOf(BusUnavailableError);

    const again = await reconnect();
    const rec = recorder<'user.registered'>();
    await consumeInto(again, 'user.registered', 'slow', rec.handler, { ackWaitMs });
    await sleep(ackWaitMs + 500);
    expect(rec.seen).toHaveLength(0);
    expect(deliveries).toEqual([1]);
  });

  describe('request/reply', () => {
    it('round-trips a validated request and reply', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus } = await isolatedBus();
      const seen: unknown[] = [];
      await bus.respond('test.reserve', async (data) => {
        seen.push(data);
        return { ok: true, reservationId: `r-${data.userId}`, used: 1, limit: 5 };
      });
      const reply = await bus.request('test.reserve', { userId: 'u-1' });
      expect(reply).toEqual({ ok: true, reservationId: 'r-u-1', used: 1, limit: 5 });
      expect(seen).toEqual([{ userId: 'u-1' }]);
      const refusal = await bus.request('test.reserve', { userId: 'u-2' });
      expect(refusal.ok).toBe(true);
    });

    it('a reply that fails the catalogue is rejected, and so is an invalid request', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus, capture } = await isolatedBus();
      let calls = 0;
      await bus.respond('test.reserve', async () => {
        calls += 1;
        return { ok: true, reservationId: 7 } as never;
      });
      const err = await bus.request('test.reserve', { userId: 'u-1' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusRequestError);
      expect((err as BusRequestError).reason).toBe('invalid-reply');
      expect(capture.count('invalid reply')).toBe(1);

      const bad = await bus.request('test.reserve', { userId: 42 } as never).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(BusRequestError);
      expect((bad as BusRequestError).reason).toBe('invalid-request');
      expect(calls).toBe(1);
    });

    it('carries only the subjects of the catalogue it was opened with', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus } = await isolatedBus();
      await bus.respond('test.echo', async ({ text }) => ({ text }));
      // Not in this bus's catalogue: refused before anything is sent, whatever answers elsewhere.
      const err = await bus.request('other.subject' as never, {} as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusRequestError);
      expect(err).toMatchObject({ reason: 'invalid-request', message: 'unknown request subject "other.subject"' });
      await expect(bus.request('test.echo', { text: 'still here' })).resolves.toEqual({ text: 'still here' });
    });

    it('a responder that throws yields an error reply, not a timeout', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus } = await isolatedBus();
      await bus.respond('test.reserve', async () => {
        throw new Error('database away');
      });
      // The request's own timeout is far away: answering well before it shows the error reply
      // came back, with room for a loaded machine.
      const started = Date.now();
      const err = await bus.request('test.reserve', { userId: 'u-1' }, { timeoutMs: 30_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusRequestError);
      expect((err as BusRequestError).reason).toBe('responder-failed');
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it('times out with BusTimeoutError', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus } = await isolatedBus();
      let answered = false;
      await bus.respond('test.reserve', async () => {
        await sleep(2_000);
        answered = true;
        return { ok: false, message: 'too late' };
      });
      await expect(bus.request('test.reserve', { userId: 'u-1' }, { timeoutMs: 100 })).rejects.toBeInstanceOf(
        BusTimeoutError,
      );
      // The caller gave up on its own timeout, not when the slow responder finally answered.
      expect(answered).toBe(false);
    });

    it('fails fast with BusUnavailableError when nobody responds, including after the responder stops', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus } = await isolatedBus();
      const started = Date.now();
      await expect(bus.request('test.reserve', { userId: 'u-1' }, { timeoutMs: 30_000 })).rejects.toBeInstanceOf(
        BusUnavailableError,
      );
      expect(Date.now() - started).toBeLessThan(15_000);

      const responder = await bus.respond('test.reserve', async () => ({
        ok: false,
        message: 'Email generation limit reached',
      }));
      await expect(bus.request('test.reserve', { userId: 'u-1' })).resolves.toEqual({
        ok: false,
        message: 'Email generation limit reached',
      });
      await responder.stop();
      await expect(bus.request('test.reserve', { userId: 'u-1' }, { timeoutMs: 3000 })).rejects.toBeInstanceOf(
        BusUnavailableError,
      );
    });

    it('reaches a responder on another connection, and close() lets an in-flight answer finish', async (ctx) => {
      ctx.skip(!available, 'NATS not reachable');
      const { bus, reconnect } = await isolatedBus();
      const other = await reconnect();
      let entered: () => void = () => {};
      const inResponder = new Promise<void>((resolve) => {
        entered = resolve;
      });
      await other.respond('test.reserve', async () => {
        entered();
        await sleep(200);
        return { ok: false, message: 'Email generation limit reached' };
      });
      const pending = bus.request('test.reserve', { userId: 'u-1' });
      // Closed while the answer is being worked on (waited for, not guessed with a delay).
      await inResponder;
      await other.close();
      await expect(pending).resolves.toEqual({ ok: false, message: 'Email generation limit reached' });
    });
  });
});

/**
 * Issue 10, finding 3: while NATS is away, nats.js keeps whatever is written in an unbounded
 * buffer and sends it on reconnect. The bus refuses instead (the outbox keeps every event), so
 * memory stays flat, readiness says so at once, and a reservation request nobody waits for any
 * more is never delivered late. NATS is taken away through a fault proxy; the server keeps running.
 */
describe('NATS bus through an outage', () => {
  it('fails fast while disconnected, says so once each way, and recovers without a restart', async (ctx) => {
    const available = await ensureRealInfra();
    ctx.skip(!available, 'NATS not reachable');
    const server = new URL(REAL_INFRA.NATS_URL);
    const proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 4222) });
    const capture = new LogCapture();
    const id = randomBytes(4).toString('hex');
    const settings = {
      streamName: `TEST_OUTAGE_${id}`,
      subjectPrefix: `test-outage-${id}`,
      rpcPrefix: `test-rpc-${id}`,
    };
    const connectThrough = () =>
      connectBus({
        natsUrl: proxy.url(REAL_INFRA.NATS_URL),
        logger: capture.logger,
        requests: testRequests,
        ...settings,
      });
    const bus = await connectThrough();
    // The responder sits on a connection that does not go through the proxy: it would see any
    // request the cut-off bus had buffered and sent late.
    const direct = await connectBus({
      natsUrl: REAL_INFRA.NATS_URL,
      logger: capture.logger,
      requests: testRequests,
      ...settings,
    });
    const asked: string[] = [];
    await direct.respond('test.reserve', async ({ userId }) => {
      asked.push(userId);
      return { ok: false, message: 'Email generation limit reached' };
    });
    const rec = recorder<'user.registered'>();
    await bus.consume({ durable: 'outage', type: 'user.registered', handler: rec.handler, retryDelayMs: 100 });
    const gaps: string[] = [];
    const hints: string[] = [];
    await bus.listen(
      'hint',
      (data) => hints.push(data),
      (state) => gaps.push(state),
    );
    // The direct connection hears every hint the cut-off bus might send late.
    await direct.listen('hint', (data) => (data === 'during' ? hints.push('late') : undefined));
    try {
      proxy.cut();
      await vi.waitFor(() => expect(capture.count(NATS_DOWN_MESSAGE)).toBe(1), { timeout: 10_000 });
      const started = performance.now();
      const lost = createEnvelope('user.registered', user('during'));
      await expect(bus.publish(lost)).rejects.toBeInstanceOf(BusUnavailableError);
      await expect(bus.request('test.reserve', { userId: 'asked-during-outage' })).rejects.toBeInstanceOf(
        BusUnavailableError,
      );
      await expect(bus.ping()).rejects.toBeInstanceOf(BusUnavailableError);
      expect(performance.now() - started).toBeLessThan(100);

      // A broadcast while away is dropped, never queued; listeners were told they may miss some.
      bus.broadcast('hint', 'during');
      await vi.waitFor(() => expect(gaps).toEqual(['lost']));

      await proxy.restore();
      await vi.waitFor(() => expect(capture.count(NATS_BACK_MESSAGE)).toBe(1), { timeout: 15_000 });
      await vi.waitFor(() => expect(gaps).toEqual(['lost', 'back']));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hints).toEqual([]);
      direct.broadcast('hint', 'after');
      await vi.waitFor(() => expect(hints).toEqual(['after']));
      await bus.ping();
      const after = createEnvelope('user.registered', user('after'));
      await bus.publish(after);
      await vi.waitFor(() => expect(rec.ids()).toEqual([after.id]), { timeout: 10_000 });
      await expect(bus.request('test.reserve', { userId: 'asked-after' })).resolves.toMatchObject({ ok: false });
      // Nothing refused during the outage went out afterwards.
      expect(asked).toEqual(['asked-after']);
      expect(capture.count(NATS_DOWN_MESSAGE)).toBe(1);
    } finally {
      await bus.close();
      await direct.close();
      await proxy.close();
      const admin = await connect({ servers: REAL_INFRA.NATS_URL });
      await (await jetstreamManager(admin)).streams.delete(settings.streamName).catch(() => undefined);
      await admin.close();
    }
  }, 60_000);
});

/**
 * The Redis store while Redis is away (issue 10, finding 3): it must fail within milliseconds,
 * not queue commands for a reconnect, say so once, and use Redis again once it answers, with no
 * restart. Redis is taken away through a fault proxy; the machine's Redis keeps running.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  type KeyValueStore,
  openStore,
  REDIS_BACK_MESSAGE,
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_DOWN_MESSAGE,
  REDIS_FAILURE_THRESHOLD,
  REDIS_NOT_YET_MESSAGE,
} from '../src/cache.ts';
import { CircuitOpenError } from '../src/circuit-breaker.ts';
import { createLogger } from '../src/logger.ts';
import { ensureRealInfra, type FaultProxy, REAL_INFRA, startFaultProxy } from '../src/testing/index.ts';

const available = await ensureRealInfra();

function capturedLogger() {
  const lines: Array<{ msg: string; level: number; store?: string }> = [];
  const logger = createLogger({
    service: 'cache-test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, count: (msg: string) => lines.filter((l) => l.msg === msg).length };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const result = await run();
    return { ms: performance.now() - started, result };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe.skipIf(!available)('the Redis store when Redis goes away', () => {
  let proxy: FaultProxy | undefined;
  let store: KeyValueStore | undefined;

  afterEach(async () => {
    await store?.close();
    await proxy?.close();
  });

  async function open() {
    const target = new URL(REAL_INFRA.REDIS_URL);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const log = capturedLogger();
    const namespace = `test:cache:${Math.random().toString(36).slice(2)}`;
    store = await openStore({ url: proxy.url(REAL_INFRA.REDIS_URL), namespace, logger: log.logger });
    return { proxy, store, log, namespace };
  }

  it('cut: fails at once (no offline queue), opens the circuit, says so once, and is back after restore', async () => {
    const { proxy, store, log, namespace } = await open();
    await store.set('k', 'v', 60_000);
    expect(await store.get('k')).toBe('v');

    proxy.cut();
    const during = [];
    for (let i = 0; i < 20; i++) during.push(await timed(() => store.get('k')));
    // Every call fails, none waits for a reconnect.
    expect(during.every((call) => call.error !== undefined)).toBe(true);
    expect(Math.max(...during.map((call) => call.ms))).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    expect(during.slice(REDIS_FAILURE_THRESHOLD).every((call) => call.error instanceof CircuitOpenError)).toBe(true);
    await expect(store.hit('counter', 60_000)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(log.count(REDIS_DOWN_MESSAGE)).toBe(1);

    await proxy.restore();
    // The breaker's background PING finds Redis again; no restart, no reopened store.
    await expect.poll(() => store.get('k').catch(() => 'still failing'), { timeout: 15_000, interval: 100 }).toBe('v');
    await store.set('after', 'yes', 60_000);
    const direct = new Redis(REAL_INFRA.REDIS_URL);
    try {
      expect(await direct.get(`${namespace}:after`)).toBe('yes');
    } finally {
      direct.disconnect();
    }
    expect(log.count(REDIS_DOWN_MESSAGE)).toBe(1);
    expect(log.count(REDIS_BACK_MESSAGE)).toBe(1);
  });

  it('away at start: the store opens anyway, says so, fails fast, and uses Redis once it answers', async () => {
    const target = new URL(REAL_INFRA.REDIS_URL);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    proxy.cut();
    const log = capturedLogger();
    const opening = await timed(() =>
      openStore({ url: proxy?.url(REAL_INFRA.REDIS_URL), namespace: `test:cache:${Date.now()}`, logger: log.logger }),
    );
    // Before: connect() rejected with "Connection is closed" and the service exited at start.
    expect(opening.error).toBeUndefined();
    store = opening.result;
    if (!store) throw new Error('no store');
    expect(log.count(REDIS_NOT_YET_MESSAGE)).toBe(1);
    const during = await timed(() => store?.get('k') ?? Promise.resolve(null));
    expect(during.error).toBeDefined();
    expect(during.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);

    await proxy.restore();
    const opened = store;
    await expect
      .poll(
        () =>
          opened
            .set('k', 'v', 60_000)
            .then(() => opened.get('k'))
            .catch(() => 'still failing'),
        {
          timeout: 15_000,
          interval: 100,
        },
      )
      .toBe('v');
  });

  it('stall: a Redis that never answers costs each call at most the command timeout, then nothing', async () => {
    const { proxy, store, log } = await open();
    await store.set('k', 'v', 60_000);

    proxy.stall();
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await timed(() => store.get('k')));
    expect(during.every((call) => call.error !== undefined)).toBe(true);
    // The first few wait out the timeout (plus a loaded machine's timer slack); then the circuit is open.
    expect(Math.max(...during.map((call) => call.ms))).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 500);
    const afterOpen = during.slice(REDIS_FAILURE_THRESHOLD);
    expect(afterOpen.every((call) => call.error instanceof CircuitOpenError)).toBe(true);
    expect(Math.max(...afterOpen.map((call) => call.ms))).toBeLessThan(20);
    expect(log.count(REDIS_DOWN_MESSAGE)).toBe(1);

    proxy.resume();
    await expect.poll(() => store.get('k').catch(() => 'still failing'), { timeout: 15_000, interval: 100 }).toBe('v');
    expect(log.count(REDIS_DOWN_MESSAGE)).toBe(1);
    expect(log.count(REDIS_BACK_MESSAGE)).toBe(1);
  });
});

/** setIfNewer/getVersioned (issue 12: quota's usage cache), the same on both stores. */
describe.each([
  { name: 'in-process', real: false },
  { name: 'Redis', real: true },
])('versioned entries on the $name store', ({ real }) => {
  it.skipIf(real && !available)('keeps only the newest version, whatever order the writes come in', async () => {
    const namespace = `test:versioned:${Math.random().toString(36).slice(2)}`;
    const store = await openStore({ url: real ? REAL_INFRA.REDIS_URL : undefined, namespace });
    try {
      expect(await store.getVersioned('u')).toBeNull();
      expect(await store.setIfNewer('u', 5, '{"used":1}', 60_000)).toBe(true);
      // A reader that read version 4 (before the change to 5) never puts it back; nor does a repeat of 5.
      expect(await store.setIfNewer('u', 4, '{"used":0}', 60_000)).toBe(false);
      expect(await store.setIfNewer('u', 5, '{"used":9}', 60_000)).toBe(false);
      expect(await store.getVersioned('u')).toEqual({ version: 5, value: '{"used":1}' });
      expect(await store.setIfNewer('u', 6, 'with spaces in it', 60_000)).toBe(true);
      expect(await store.getVersioned('u')).toEqual({ version: 6, value: 'with spaces in it' });
      // Dropped (a change under way), any version may come back.
      await store.delete('u');
      expect(await store.setIfNewer('u', 2, 'again', 60_000)).toBe(true);
      // Entries expire like any other.
      expect(await store.setIfNewer('short', 1, 'x', 50)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.getVersioned('short')).toBeNull();
      await expect(store.setIfNewer('u', -1, 'x', 1000)).rejects.toThrow(/non-negative integer/);
      await expect(store.setIfNewer('u', 1.5, 'x', 1000)).rejects.toThrow(/non-negative integer/);
      if (real) {
        // Under the store's namespace, like every other key.
        const redis = new Redis(REAL_INFRA.REDIS_URL);
        try {
          expect(await redis.get(`${namespace}:u`)).toBe('2 again');
        } finally {
          redis.disconnect();
        }
      }
    } finally {
      await store.close();
    }
  });
});

describe('the in-process store', () => {
  it('keeps at most maxEntries, dropping the least recently used first', async () => {
    const store = createMemoryStore(3);
    for (const key of ['a', 'b', 'c']) await store.set(key, key, 60_000);
    // A read is a use: "a" is now the most recently used, "b" the least.
    expect(await store.get('a')).toBe('a');
    await store.set('d', 'd', 60_000);
    expect(await store.get('b')).toBeNull();
    expect(await Promise.all(['a', 'c', 'd'].map((key) => store.get(key)))).toEqual(['a', 'c', 'd']);
  });

  it('counts hits in a fixed window: a hit never moves the end of its window', async () => {
    const store = createMemoryStore();
    const first = await store.hit('k', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await store.hit('k', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs - 40);
  });
});

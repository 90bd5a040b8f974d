import { Redis } from 'ioredis';
import { CircuitBreaker } from './circuit-breaker.ts';
import type { Logger } from './logger.ts';

/**
 * Cache and counters: Redis when REDIS_URL is set, else an in-process store with the same
 * behaviour (TTL expiry, bounded size). Values are strings; callers serialise.
 *
 * Redis is a cache here, never the source of truth, so the Redis store is built to fail fast
 * rather than wait (issue 10, finding 3: a Redis outage stalled every API call 9-15 s while
 * ioredis queued commands and retried): no offline queue, a short command timeout, and a circuit
 * breaker that answers CircuitOpenError at once while Redis is away. Callers treat a failure as a
 * cache miss (reads), a skipped write, or count in process memory (rate limits).
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Fixed-window counter: adds one and tells how many hits the window has seen. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  url?: string | undefined;
  /** Prefix for every key, so services sharing a Redis never collide. */
  namespace: string;
  /** In-process store only: oldest entries are evicted beyond this many. */
  maxEntries?: number;
  /** Told once when Redis stops answering and once when it answers again. */
  logger?: Logger | undefined;
  /** Redis only: how long one command may take before it counts as failed. */
  commandTimeoutMs?: number;
}

/** Long enough for a loaded machine's Redis round trip, short enough to be invisible once. */
export const REDIS_COMMAND_TIMEOUT_MS = 400;
/** Consecutive failures (errors or timeouts) after which Redis is not asked for a while. */
export const REDIS_FAILURE_THRESHOLD = 3;
/** How long the store fails fast before a background PING checks whether Redis is back. */
export const REDIS_COOLDOWN_MS = 1_000;
/** Reconnect back-off: 100 ms doubling, capped here, forever (Redis may be away for long). */
const RECONNECT_MAX_DELAY_MS = 2_000;

export const REDIS_DOWN_MESSAGE =
  'Redis unreachable: falling back (cache reads miss, rate limits count in this process) until it answers again';
export const REDIS_BACK_MESSAGE = 'Redis answers again: cache and rate limits use it again';

/** The in-process store on its own: a fallback beside Redis, or the embedded default. */
export function createMemoryStore(maxEntries = 10_000): KeyValueStore {
  return new MemoryStore(maxEntries);
}

export async function openStore({
  url,
  namespace,
  maxEntries = 10_000,
  logger,
  commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
}: OpenStoreOptions): Promise<KeyValueStore> {
  return url ? openRedisStore(url, namespace, commandTimeoutMs, logger) : new MemoryStore(maxEntries);
}

async function openRedisStore(
  url: string,
  namespace: string,
  commandTimeoutMs: number,
  logger: Logger | undefined,
): Promise<KeyValueStore> {
  const redis = new Redis(url, {
    keyPrefix: `${namespace}:`,
    lazyConnect: true,
    connectTimeout: 2_000,
    // A Redis that accepts connections but never answers (stopped, black-holed) costs each
    // command at most this long, until the breaker below opens.
    commandTimeout: commandTimeoutMs,
    // While disconnected, commands fail at once instead of queueing in memory for a reconnect
    // that may take minutes; commands in flight when the connection drops fail, not retry.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 10), RECONNECT_MAX_DELAY_MS),
  });
  // Connection errors surface on commands (and open the breaker); an unhandled 'error' event
  // would crash the process.
  redis.on('error', () => {});
  await redis.connect();
  const circuit = new CircuitBreaker('Redis', {
    failureThreshold: REDIS_FAILURE_THRESHOLD,
    cooldownMs: REDIS_COOLDOWN_MS,
    probe: () => redis.ping(),
    onStateChange: ({ from, to, error }) => {
      // Once per outage each way: a half-open probe that fails again says nothing new.
      if (from === 'closed' && to === 'open') logger?.warn({ store: namespace, err: error }, REDIS_DOWN_MESSAGE);
      if (to === 'closed') logger?.info({ store: namespace }, REDIS_BACK_MESSAGE);
    },
  });
  return {
    kind: 'redis',
    get: (key) => circuit.run(() => redis.get(key)),
    set: (key, value, ttlMs) =>
      circuit.run(async () => {
        await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
      }),
    delete: (key) =>
      circuit.run(async () => {
        await redis.del(key);
      }),
    hit: (key, windowMs) =>
      circuit.run(async () => {
        const result = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        const ttl = Number(result?.[2]?.[1] ?? windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      }),
    // Straight to Redis (bounded by the command timeout): a health check reports what is true now.
    ping: async () => {
      await redis.ping();
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  // A Map keeps insertion order, which makes it an LRU when entries are re-inserted on read.
  readonly #entries = new Map<string, { value: string; expiresAt: number }>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  #read(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  #write(key: string, value: string, expiresAt: number) {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  async get(key: string) {
    return this.#read(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.#write(key, value, Date.now() + ttlMs);
  }

  async delete(key: string) {
    this.#entries.delete(key);
  }

  async hit(key: string, windowMs: number) {
    const entry = this.#read(key);
    const expiresAt = entry?.expiresAt ?? Date.now() + windowMs;
    const count = Number(entry?.value ?? 0) + 1;
    this.#write(key, String(count), expiresAt);
    return { count, resetInMs: expiresAt - Date.now() };
  }

  async ping() {}

  async close() {
    this.#entries.clear();
  }
}

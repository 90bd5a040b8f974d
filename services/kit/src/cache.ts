import { CircuitBreaker } from './circuit-breaker.ts';
import type { Logger } from './logger.ts';
import { Lru } from './lru.ts';

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
  /**
   * Versioned entries, for a cache of rows that several writers and readers refresh without a
   * lock: a value is stored only if no entry with the same or a newer version is there, so a
   * reader holding an older read never overwrites a writer's newer one. True if it was stored.
   */
  setIfNewer(key: string, version: number, value: string, ttlMs: number): Promise<boolean>;
  /** An entry written by setIfNewer, with its version; null when there is none. */
  getVersioned(key: string): Promise<Versioned | null>;
  /** Fixed-window counter: adds one and tells how many hits the window has seen. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface Versioned {
  version: number;
  value: string;
}

/** A versioned entry is stored as "<version> <value>"; the version is a non-negative integer. */
const encodeVersioned = (version: number, value: string) => `${version} ${value}`;
function decodeVersioned(stored: string | null | undefined): Versioned | null {
  if (!stored) return null;
  const space = stored.indexOf(' ');
  const version = Number(stored.slice(0, space));
  if (space < 1 || !Number.isSafeInteger(version)) return null;
  return { version, value: stored.slice(space + 1) };
}
function checkVersion(version: number): void {
  if (!Number.isSafeInteger(version) || version < 0)
    throw new TypeError(`a version is a non-negative integer, not ${version}`);
}

/**
 * An entry's TTL in whole milliseconds, at least one, in both stores: Redis refuses PX 0, and
 * the Lru (lru.ts) reads a TTL of 0 as "never expires".
 */
const entryTtl = (ttlMs: number) => Math.max(1, Math.round(ttlMs));

/** setIfNewer in one Redis step, so no write can come between the comparison and the SET. */
const SET_IF_NEWER_LUA = `
local current = redis.call('GET', KEYS[1])
if current then
  local space = string.find(current, ' ', 1, true)
  local stored = space and tonumber(string.sub(current, 1, space - 1))
  if stored and stored >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. ARGV[2], 'PX', ARGV[3])
return 1`;

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
export const REDIS_NOT_YET_MESSAGE = 'Redis not reachable at start: starting without it, and using it once it answers';
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
  // Loaded only when REDIS_URL is set: the embedded default never pays for ioredis (issue 25,
  // `npm start` ready and idle footprint).
  const { Redis } = await import('ioredis');
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
  // A Redis that is away (or slow to answer on a loaded machine) when the service starts costs
  // the first commands, as any outage does, not the start: ioredis keeps reconnecting by the
  // retryStrategy above, and the breaker below says when it answers again.
  await redis.connect().catch((error: unknown) => {
    logger?.warn({ store: namespace, err: error }, REDIS_NOT_YET_MESSAGE);
  });
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
        await redis.set(key, value, 'PX', entryTtl(ttlMs));
      }),
    delete: (key) =>
      circuit.run(async () => {
        await redis.del(key);
      }),
    setIfNewer: async (key, version, value, ttlMs) => {
      checkVersion(version);
      return circuit.run(async () => {
        // EVAL's KEYS get the client's keyPrefix like any other command's keys (ioredis).
        const stored = await redis.eval(SET_IF_NEWER_LUA, 1, key, version, value, entryTtl(ttlMs));
        return stored === 1;
      });
    },
    getVersioned: (key) => circuit.run(async () => decodeVersioned(await redis.get(key))),
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

/**
 * A bounded LRU (./lru.ts): beyond maxEntries the least recently read or written entry goes;
 * each entry expires after its own TTL, and an expired one reads as missing.
 */
class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  readonly #entries: Lru<string, string>;

  constructor(maxEntries: number) {
    this.#entries = new Lru({ max: maxEntries });
  }

  async get(key: string) {
    return this.#entries.get(key) ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.#entries.set(key, value, { ttlMs: entryTtl(ttlMs) });
  }

  async delete(key: string) {
    this.#entries.delete(key);
  }

  async setIfNewer(key: string, version: number, value: string, ttlMs: number) {
    checkVersion(version);
    const current = decodeVersioned(this.#entries.get(key));
    if (current && current.version >= version) return false;
    this.#entries.set(key, encodeVersioned(version, value), { ttlMs: entryTtl(ttlMs) });
    return true;
  }

  async getVersioned(key: string) {
    return decodeVersioned(this.#entries.get(key));
  }

  async hit(key: string, windowMs: number) {
    // Read first: an expired window is dropped here, so the write below starts a new one.
    const count = Number(this.#entries.get(key) ?? 0) + 1;
    // A fixed window: a running one keeps its end, a new one ends windowMs from now.
    this.#entries.set(key, String(count), { ttlMs: entryTtl(windowMs), keepExpiry: true });
    return { count, resetInMs: Math.ceil(this.#entries.remainingMs(key)) };
  }

  async ping() {}

  async close() {
    this.#entries.clear();
  }
}

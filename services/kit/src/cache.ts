import { Redis } from 'ioredis';

/**
 * Cache and counters: Redis when REDIS_URL is set, else an in-process store with the same
 * behaviour (TTL expiry, bounded size). Values are strings; callers serialise.
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
  /** The Redis client, for libraries that take one (e.g. @fastify/rate-limit). */
  readonly redis?: Redis;
}

export interface OpenStoreOptions {
  url?: string | undefined;
  /** Prefix for every key, so services sharing a Redis never collide. */
  namespace: string;
  /** In-process store only: oldest entries are evicted beyond this many. */
  maxEntries?: number;
}

export async function openStore({ url, namespace, maxEntries = 10_000 }: OpenStoreOptions): Promise<KeyValueStore> {
  return url ? openRedisStore(url, namespace) : new MemoryStore(maxEntries);
}

async function openRedisStore(url: string, namespace: string): Promise<KeyValueStore> {
  const redis = new Redis(url, {
    keyPrefix: `${namespace}:`,
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    enableOfflineQueue: true,
  });
  // Connection errors are retried by ioredis and surface on commands; an unhandled 'error'
  // event would crash the process.
  redis.on('error', () => {});
  await redis.connect();
  return {
    kind: 'redis',
    redis,
    get: (key) => redis.get(key),
    set: async (key, value, ttlMs) => {
      await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    delete: async (key) => {
      await redis.del(key);
    },
    hit: async (key, windowMs) => {
      const result = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
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

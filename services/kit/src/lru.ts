/**
 * A bounded least-recently-used map whose entries may each expire, and whose memory grows with
 * what it holds. The session caches are bounded at hundreds of thousands of entries so that a
 * sales floor of 15,000 tabs never evicts a live session (issue 25, item 2), but an install
 * holds a handful: lru-cache allocated arrays for its whole bound up front (~8 MB per cache), so
 * the seven services of `npm start` idled with ~66 MB of empty slots (issue 25, "npm start ≤ 350
 * MB idle"; figures in bench-report.md). A Map keeps its entries in insertion order, so moving an
 * entry to the end on every read makes the first one the least recently used.
 */

export interface LruOptions {
  /** Beyond this many entries the least recently read or written goes. */
  max: number;
  /** Entries set without a ttl of their own expire after this (0: never). */
  ttlMs?: number;
  /** The clock expiry is read on (default the monotonic performance.now; session tokens use the wall clock). */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  /** When it expires on `now`'s clock; Infinity for never. */
  expires: number;
}

export class Lru<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #max: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: LruOptions) {
    if (!(options.max >= 1)) throw new RangeError('an Lru holds at least one entry');
    this.#max = options.max;
    this.#ttlMs = options.ttlMs ?? 0;
    this.#now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, now the most recently used; undefined when missing or expired. */
  get(key: K): V | undefined {
    const entry = this.#live(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores a value as the most recently used. `ttlMs` overrides the default; with `keepExpiry`,
   * an entry that is still live keeps the expiry it has (a fixed rate-limit window).
   */
  set(key: K, value: V, options: { ttlMs?: number; keepExpiry?: boolean } = {}): void {
    const current = options.keepExpiry ? this.#live(key) : undefined;
    const ttl = options.ttlMs ?? this.#ttlMs;
    const expires = current ? current.expires : ttl > 0 ? this.#now() + ttl : Number.POSITIVE_INFINITY;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires });
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Milliseconds until the entry expires: Infinity when it never does, 0 when it is missing. */
  remainingMs(key: K): number {
    const entry = this.#live(key);
    return entry ? Math.max(0, entry.expires - this.#now()) : 0;
  }

  /** The entry when present and not expired; an expired one is dropped on the way. */
  #live(key: K): Entry<V> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

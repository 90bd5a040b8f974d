import { createHash } from 'node:crypto';
import { type KeyValueStore, openStore } from './cache.ts';
import { tooManyRequests } from './errors.ts';
import type { Logger } from './logger.ts';

export interface RateLimitRule {
  /** Names the counter, e.g. "login:ip"; counters of different rules never mix. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitCheck {
  rule: RateLimitRule;
  /** What is being counted: an address, a normalised e-mail. Hashed before it becomes a key. */
  key: string;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** When refused: how long until the fullest window that refused it resets. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters on the service's KeyValueStore (Redis when REDIS_URL is set, so replicas
 * share them). Every attempt counts, including the refused ones, so a burst cannot slip through
 * between a check and an increment. Keys are hashed: no e-mail address or IP sits in Redis.
 *
 * If the store fails (Redis away) the limiter keeps counting in process memory rather than let
 * every attempt through or lock every user out, and says so in the log.
 */
export class RateLimiter {
  readonly #store: KeyValueStore;
  readonly #logger: Logger;
  #fallback: Promise<KeyValueStore> | undefined;
  #warnedAt = 0;

  constructor(store: KeyValueStore, logger: Logger) {
    this.#store = store;
    this.#logger = logger;
  }

  /** Counts one attempt against every check; refused when any of them is over its limit. */
  async hit(checks: RateLimitCheck[]): Promise<RateLimitVerdict> {
    const results = await Promise.all(
      checks.map(async ({ rule, key }) => {
        const { count, resetInMs } = await this.#count(this.#key(rule, key), rule.windowMs);
        return { over: count > rule.limit, resetInMs };
      }),
    );
    const refused = results.filter((r) => r.over);
    if (refused.length === 0) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: Math.max(...refused.map((r) => r.resetInMs)) };
  }

  /**
   * Like hit, but a refusal throws the 429 the user sees: `Too many <what>. Please wait <time>
   * and try again.` with a Retry-After header.
   */
  async enforce(checks: RateLimitCheck[], what: string): Promise<void> {
    const verdict = await this.hit(checks);
    if (verdict.allowed) return;
    const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    throw tooManyRequests(`Too many ${what}. Please wait ${describeWait(seconds)} and try again.`, seconds);
  }

  /** Forgets a counter, e.g. an account's failed sign-ins after a successful one. */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    const storeKey = this.#key(rule, key);
    await this.#store.delete(storeKey).catch(() => {});
    if (this.#fallback) await (await this.#fallback).delete(storeKey);
  }

  #key(rule: RateLimitRule, key: string): string {
    return `rl:${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
  }

  async #count(key: string, windowMs: number) {
    try {
      return await this.#store.hit(key, windowMs);
    } catch (error) {
      if (Date.now() - this.#warnedAt > 60_000) {
        this.#warnedAt = Date.now();
        this.#logger.warn({ err: error }, 'rate-limit store failed; counting in this process until it is back');
      }
      this.#fallback ??= openStore({ namespace: 'rate-limit-fallback' });
      return (await this.#fallback).hit(key, windowMs);
    }
  }
}

/** "45 seconds", "1 minute", "15 minutes", "2 hours": what a 429 message tells a person. */
export function describeWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

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
 * Failures with exponential back-off, for guarding a secret (OWASP Authentication Cheat Sheet,
 * "Login Throttling" / "Account Lockout"): the first `free` failures in the window pass at once;
 * after the free-th the next attempt waits `baseDelayMs`, and every further failure doubles the
 * wait up to `maxDelayMs`. A wait that starts at a second and grows slows a guesser down without
 * the fixed lock anyone could use to keep the owner out.
 */
export interface BackoffRule {
  /** Names the counters, e.g. "login:pair"; counters of different rules never mix. */
  name: string;
  /** Failures within the window that need no wait. */
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long failures are remembered: a fixed window from the first one counted. */
  windowMs: number;
}

export interface BackoffCheck {
  rule: BackoffRule;
  /** What is being counted: an address, an e-mail, both. Hashed before it becomes a key. */
  key: string;
  /** False: the attempt is counted under this rule, but this rule does not hold it back. */
  enforce?: boolean;
}

/** Handed to the guarded work: it says when the attempt failed in the way that counts. */
export interface ThrottledAttempt {
  fail(): void;
}

/** The wait after the `failures`-th failure of a back-off rule (0 while within `free`). */
export function backoffDelayMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(failures - rule.free, 40));
}

interface Admission {
  rule: BackoffRule;
  keys: BackoffKeys;
  allowed: boolean;
  retryAfterMs: number;
  /** This attempt's place among the failures the rule counts (1 for the first). */
  place: number;
  /** This attempt holds the rule's gate (the one attempt let through after a wait). */
  holdsGate: boolean;
  /** When the window of the attempts counter ends: a refund must not outlive it. */
  windowEndsAt: number;
}

interface BackoffKeys {
  attempts: string;
  refunds: string;
  gate: string;
}

/**
 * Counters on the service's KeyValueStore (Redis when REDIS_URL is set, so replicas share them).
 * Keys are hashed: no e-mail address or IP sits in Redis.
 *
 * Two kinds of rule:
 * - fixed windows (`hit`, `enforce`): every attempt counts, including the refused ones, so a burst
 *   cannot slip through between a check and an increment;
 * - back-off (`throttle`): only attempts the guarded work marks as failed count. Each attempt is
 *   counted before the work runs (so fifty at once cannot all pass as "the first") and refunded
 *   afterwards unless it failed: success, a refusal and a server error never count.
 *
 * If the store fails (Redis away) the limiter keeps counting in process memory, where it has been
 * counting all along, rather than let every attempt through or lock every user out, and says so
 * once in the log. Without a store at
 * all (an app built alone in a test) it counts in process memory from the start.
 *
 * Not rate-limiter-flexible (its RateLimiterRedis with a RateLimiterMemory insuranceLimiter),
 * because it would change what this does:
 * - its insurance limiter is asked only once a Redis call has failed, so it counts from zero at
 *   the switch; here the process count runs all along, so a burst cannot slip through then;
 * - it sends commands to the ioredis client itself, around the store's circuit breaker: with
 *   Redis stalled every call would wait out the command timeout (its `rejectIfRedisNotReady`
 *   helps only once the connection is down), where the breaker answers at once;
 * - its durations are whole seconds (`Math.floor(ms / 1000)`, and 0 means "never expires"),
 *   where refunds here expire with their window to the millisecond;
 * - it needs the Redis client, where this counts on any KeyValueStore (the in-process one when
 *   there is no Redis, a failing one in tests).
 */
export class RateLimiter {
  readonly #store: KeyValueStore | undefined;
  readonly #logger: Logger;
  /** The in-process count kept beside the shared store's (#call). */
  #local: Promise<KeyValueStore> | undefined;
  #degraded = false;

  constructor(store: KeyValueStore | undefined, logger: Logger) {
    this.#store = store;
    this.#logger = logger;
  }

  /** Counts one attempt against every check; refused when any of them is over its limit. */
  async hit(checks: RateLimitCheck[]): Promise<RateLimitVerdict> {
    const results = await Promise.all(
      checks.map(async ({ rule, key }) => {
        const { count, resetInMs } = await this.#call((store) => store.hit(this.#key(rule, key), rule.windowMs));
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
    if (!verdict.allowed) throw refusal(what, verdict.retryAfterMs);
  }

  /**
   * Runs `work` unless a back-off rule holds the attempt back (then the 429 of `enforce`, with
   * the wait left). The attempt counts as a failure under every check only if `work` calls
   * `attempt.fail()`: call it right after the secret was checked and found wrong, so a server
   * error, a refusal or a success never moves a counter.
   */
  async throttle<T>(checks: BackoffCheck[], what: string, work: (attempt: ThrottledAttempt) => Promise<T>): Promise<T> {
    const admissions = await Promise.all(checks.map((check) => this.#admit(check)));
    const refused = admissions.filter((a) => !a.allowed);
    if (refused.length > 0) {
      await this.#refund(admissions);
      throw refusal(what, Math.max(...refused.map((a) => a.retryAfterMs)));
    }
    let failed = false;
    try {
      return await work({
        fail: () => {
          failed = true;
        },
      });
    } finally {
      if (failed) await this.#startWaits(admissions);
      else await this.#refund(admissions);
    }
  }

  /** Failures a back-off rule remembers for a key (attempts still running included). */
  async failures(rule: BackoffRule, key: string): Promise<number> {
    const keys = this.#backoffKeys(rule, key);
    const [attempts, refunds] = await Promise.all([
      this.#call((store) => store.get(keys.attempts)),
      this.#call((store) => store.get(keys.refunds)),
    ]);
    return Math.max(0, Number(attempts ?? 0) - Number(refunds ?? 0));
  }

  /** Forgets a counter, e.g. an address's failed sign-ins on an account after a successful one. */
  async reset(rule: RateLimitRule | BackoffRule, key: string): Promise<void> {
    const storeKeys = 'free' in rule ? Object.values(this.#backoffKeys(rule, key)) : [this.#key(rule, key)];
    for (const storeKey of storeKeys) {
      if (this.#store) await this.#store.delete(storeKey).catch(() => {});
      if (this.#local) await (await this.#local).delete(storeKey);
    }
  }

  /**
   * Counts the attempt, then lets it through while the rule's failures are within `free`; past
   * that, only the one attempt that takes the gate, a key that lives for the current wait, so
   * the next one waits until it expires. The free-th takes the gate too, starting the first wait.
   */
  async #admit(check: BackoffCheck): Promise<Admission> {
    const { rule } = check;
    const keys = this.#backoffKeys(rule, check.key);
    const { count, resetInMs } = await this.#call((store) => store.hit(keys.attempts, rule.windowMs));
    const refunds = Number((await this.#call((store) => store.get(keys.refunds))) ?? 0);
    // This attempt's place among the window's failures, the ones still running included.
    const place = count - refunds;
    const admitted = {
      rule,
      keys,
      place,
      allowed: true,
      retryAfterMs: 0,
      holdsGate: false,
      windowEndsAt: Date.now() + resetInMs,
    };
    if (place < rule.free) return admitted;
    // An attempt this rule does not hold back still starts the wait for those it does.
    const gate = await this.#call((store) => store.hit(keys.gate, backoffDelayMs(rule, place)));
    const holdsGate = gate.count === 1;
    if (holdsGate || place === rule.free || check.enforce === false) return { ...admitted, holdsGate };
    return { ...admitted, allowed: false, retryAfterMs: gate.resetInMs };
  }

  /**
   * A failure past the free ones (re)starts the wait from now: the gate taken when the attempt
   * was let in has been ticking while the password was hashed, which on a busy machine can take
   * longer than the first waits themselves.
   */
  async #startWaits(admissions: Admission[]): Promise<void> {
    await Promise.all(
      admissions
        .filter(({ rule, place }) => place >= rule.free)
        .map(({ rule, keys, place }) => this.#call((store) => store.set(keys.gate, '1', backoffDelayMs(rule, place)))),
    );
  }

  /** Takes back the counting of an attempt that did not fail, and opens any gate it held. */
  async #refund(admissions: Admission[]): Promise<void> {
    await Promise.all(
      admissions.map(async ({ keys, holdsGate, windowEndsAt }) => {
        // Refunds are forgotten with the attempts they take back, not a window later.
        const windowLeftMs = Math.max(1, windowEndsAt - Date.now());
        await this.#call((store) => store.hit(keys.refunds, windowLeftMs));
        if (holdsGate) await this.#call((store) => store.delete(keys.gate));
      }),
    );
  }

  #key(rule: { name: string }, key: string): string {
    return `rl:${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
  }

  /**
   * A back-off rule keeps three keys per counted thing: attempts (a fixed window from the first
   * one), refunds (expiring with it) and the gate (living for the current wait).
   */
  #backoffKeys(rule: BackoffRule, key: string): BackoffKeys {
    const base = this.#key(rule, key);
    return { attempts: `${base}:n`, refunds: `${base}:r`, gate: `${base}:gate` };
  }

  /**
   * Every operation also runs on the in-process store, so when the shared store fails mid-window
   * (Redis away, or slower than its command timeout under load) counting goes on from this
   * process's own count instead of from zero: a burst cannot slip through the switch. With one
   * replica the local count is the true count; with several it is this replica's share.
   */
  async #call<T>(operation: (store: KeyValueStore) => Promise<T>): Promise<T> {
    this.#local ??= openStore({ namespace: 'rate-limit-local' });
    const counted = operation(await this.#local);
    if (!this.#store) return counted;
    try {
      const result = await operation(this.#store);
      await counted;
      if (this.#degraded) {
        this.#degraded = false;
        this.#logger.info('rate-limit store answers again; counting there again');
      }
      return result;
    } catch (error) {
      if (!this.#degraded) {
        this.#degraded = true;
        this.#logger.warn({ err: error }, 'rate-limit store failed; counting in this process until it is back');
      }
      return counted;
    }
  }
}

function refusal(what: string, retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return tooManyRequests(`Too many ${what}. Please wait ${describeWait(seconds)} and try again.`, seconds);
}

/** "45 seconds", "1 minute", "15 minutes", "2 hours": what a 429 message tells a person. */
export function describeWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

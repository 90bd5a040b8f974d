/**
 * A small circuit breaker for calls to a dependency that is optional or has a fallback (Redis
 * above all): while the dependency is failing, callers get an immediate CircuitOpenError instead
 * of each waiting out a timeout, so an outage costs a request microseconds, not seconds
 * (issue 10, finding 3).
 *
 * closed ──(failureThreshold consecutive failures)──► open ──(cooldownMs)──► half-open
 *    ▲                                                 ▲                        │
 *    └──────────────── trial succeeds ─────────────────┴───── trial fails ──────┘
 *
 * In half-open one trial runs and every other call still fails fast. With `probe` the trial is
 * the probe (a PING), run by the breaker itself, so no user request ever pays for finding out
 * that the dependency is still down; without it the first call after the cool-down is the trial.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. Default 3. */
  failureThreshold?: number;
  /** How long the circuit stays open before a trial. Default 2000 ms. */
  cooldownMs?: number;
  /** Checks recovery off the request path (e.g. a PING); see the class comment. */
  probe?: () => Promise<unknown>;
  /** Told of every change of state: the place to log "down" and "back" once each. */
  onStateChange?: (change: { from: CircuitState; to: CircuitState; error?: unknown }) => void;
  /** For tests. */
  now?: () => number;
}

export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
}

export class CircuitBreaker {
  readonly #name: string;
  readonly #threshold: number;
  readonly #cooldownMs: number;
  readonly #probe: (() => Promise<unknown>) | undefined;
  readonly #onStateChange: CircuitBreakerOptions['onStateChange'];
  readonly #now: () => number;
  #state: CircuitState = 'closed';
  #failures = 0;
  #openedAt = 0;
  #lastError: unknown;

  constructor(name: string, options: CircuitBreakerOptions = {}) {
    this.#name = name;
    this.#threshold = options.failureThreshold ?? 3;
    this.#cooldownMs = options.cooldownMs ?? 2_000;
    this.#probe = options.probe;
    this.#onStateChange = options.onStateChange;
    this.#now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    return this.#state;
  }

  /** Runs `call` unless the circuit is open; its failures (and successes) move the circuit. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.#state !== 'closed') {
      if (this.#state === 'open' && this.#now() - this.#openedAt >= this.#cooldownMs) {
        this.#move('half-open');
        if (this.#probe) {
          // Its outcome moves the circuit; nobody awaits it.
          this.#trial(this.#probe).catch(() => {});
        } else {
          return this.#trial(call);
        }
      }
      throw new CircuitOpenError(`${this.#name} is unavailable (circuit open)`, { cause: this.#lastError });
    }
    try {
      const result = await call();
      this.#failures = 0;
      return result;
    } catch (error) {
      this.#failure(error);
      throw error;
    }
  }

  async #trial<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.#failures = 0;
      this.#move('closed');
      return result;
    } catch (error) {
      this.#lastError = error;
      this.#openedAt = this.#now();
      this.#move('open', error);
      throw error;
    }
  }

  #failure(error: unknown): void {
    this.#lastError = error;
    this.#failures += 1;
    // Calls that were already in flight when the circuit opened fail too: they must not reopen
    // it (and log again) or push the trial further away.
    if (this.#state === 'closed' && this.#failures >= this.#threshold) {
      this.#openedAt = this.#now();
      this.#move('open', error);
    }
  }

  #move(to: CircuitState, error?: unknown): void {
    const from = this.#state;
    if (from === to) return;
    this.#state = to;
    this.#onStateChange?.(error === undefined ? { from, to } : { from, to, error });
  }
}

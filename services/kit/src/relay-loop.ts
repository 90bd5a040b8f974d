import type { Logger } from './logger.ts';

export interface RelayLoopOptions {
  logger: Logger;
  /** How often the loop looks for work a poke missed (rows from another replica, retries). */
  pollIntervalMs: number;
  /** The longest wait between attempts while the far side stays away. */
  maxBackoffMs: number;
  /** One pass: relays until nothing is left; throws when the far side (bus, sink, database) fails. */
  pass: (loop: RelayLoop) => Promise<void>;
  /** What the log says when passes start failing (warn), keep failing (debug), succeed again (info). */
  messages: { paused: string; stillPaused: string; resumed: string };
  /**
   * Whether an explicit poke runs during a back-off wait. The outbox's does: a commit's poke means
   * the database is back, and what it wrote should go out at once.
   */
  pokeDuringBackoff: boolean;
}

/**
 * The loop under the kit's Outbox relay and analytics' sink relay: a timer and pokes that coalesce
 * into one pass at a time, and, while the far side is away, an outage said once when it starts and
 * once when it ends (not on every tick) with attempts spaced further and further apart, up to
 * maxBackoffMs (issue 10, finding 6).
 */
export class RelayLoop {
  readonly #options: RelayLoopOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  /** Set while passes fail: since when, and how many attempts failed. */
  #outage: { since: number; failures: number } | undefined;
  /** The timer skips its ticks until then (backing off). */
  #nextAttemptAt = 0;

  constructor(options: RelayLoopOptions) {
    this.#options = options;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#timer = setInterval(() => {
      if (Date.now() >= this.#nextAttemptAt) this.#run();
    }, this.#options.pollIntervalMs);
    this.#timer.unref();
    this.#run();
  }

  /** Asks for a pass now; concurrent pokes coalesce into one more pass. */
  poke(): void {
    if (!this.#options.pokeDuringBackoff && Date.now() < this.#nextAttemptAt) return;
    this.#run();
  }

  /** Resolves when the pass under way (if any) has finished. */
  async settled(): Promise<void> {
    await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  #run(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass().finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        this.#run();
      }
    });
  }

  async #pass(): Promise<void> {
    const { logger, messages, pollIntervalMs, maxBackoffMs } = this.#options;
    try {
      await this.#passOnceMore();
      if (this.#outage) {
        const { since, failures } = this.#outage;
        logger.info({ pausedMs: Date.now() - since, failedAttempts: failures }, messages.resumed);
      }
      this.#outage = undefined;
      this.#nextAttemptAt = 0;
    } catch (error) {
      if (this.#outage) {
        this.#outage.failures += 1;
        logger.debug({ err: error, failedAttempts: this.#outage.failures }, messages.stillPaused);
      } else {
        this.#outage = { since: Date.now(), failures: 1 };
        logger.warn({ err: error }, messages.paused);
      }
      const backoff = Math.min(pollIntervalMs * 2 ** Math.min(this.#outage.failures - 1, 16), maxBackoffMs);
      this.#nextAttemptAt = Date.now() + backoff;
    }
  }

  /**
   * A pass, tried a second time at once when the first fails while no outage is known: a single
   * failure is often one pooled connection that died with the server and was dropped (seen just
   * after a database came back: fault 06 read it as a second outage). A far side that is really
   * away fails the second try too, and the outage is said as before.
   */
  async #passOnceMore(): Promise<void> {
    try {
      await this.#options.pass(this);
    } catch (error) {
      if (this.#outage || this.#stopped) throw error;
      await this.#options.pass(this);
    }
  }
}

import type { Executor, KeyValueStore, Logger } from '@seqgen/kit';
import type { Usage } from '@seqgen/proto';
import { ensureAllowance, findAllowance } from '../data/repository.ts';
import { FRESH_ALLOWANCE, usageOf } from './allowance.ts';

/** Idle users' entries expire; a polling tab keeps its own warm. */
export const USAGE_CACHE_TTL_MS = 10 * 60_000;

const keyOf = (userId: string) => `usage:${userId}`;

/**
 * GET /api/usage is polled every 5 s by every signed-in tab (docs/product.md §7), so it is
 * answered from the store (Redis, or the in-process store on the embedded defaults) instead of
 * the database (issue 12: ≥ 3,000 polls/s). It is never stale:
 *
 * - every change to an allowance happens in an event's transaction (events/consumers.ts), which
 *   drops the entry before it commits and stores the new usage after it commits;
 * - each entry carries its row's version (raised by every change, data/schema.ts) and the store
 *   keeps only the newest (KeyValueStore.setIfNewer), so a poll that read the row just before a
 *   change can never put the older usage back after it;
 * - a store that cannot answer is a miss (the row is read), and a change whose new usage could
 *   not be stored fails its event after the commit, so the event is delivered again and the
 *   store is refreshed as soon as it answers; the change itself is never held back.
 */
export class UsageCache {
  readonly #store: KeyValueStore;
  readonly #logger: Logger;

  constructor(store: KeyValueStore, logger: Logger) {
    this.#store = store;
    this.#logger = logger;
  }

  /** The user's usage: from the store, else from their row (created as the free trial if missing). */
  async read(db: Executor, userId: string): Promise<Usage> {
    const cached = await this.#store.getVersioned(keyOf(userId)).catch(() => null);
    if (cached) return JSON.parse(cached.value) as Usage;
    let row = await findAllowance(db, userId);
    if (!row) {
      await ensureAllowance(db, userId);
      row = await findAllowance(db, userId);
    }
    if (!row) return usageOf(FRESH_ALLOWANCE);
    const usage = usageOf(row);
    // A reader's fill is best effort: the next poll reads the row again.
    await this.#store
      .setIfNewer(keyOf(userId), row.version, JSON.stringify(usage), USAGE_CACHE_TTL_MS)
      .catch(() => false);
    return usage;
  }

  /**
   * Inside the transaction that changes the user's allowance. Best effort: if the store cannot
   * answer, `refresh` after the commit still has to succeed before the event counts as handled.
   */
  async forget(userId: string): Promise<void> {
    await this.#store.delete(keyOf(userId)).catch(() => {});
  }

  /** After the change committed: stores the new usage; throws if the store cannot take it. */
  async refresh(db: Executor, userId: string): Promise<void> {
    const row = await findAllowance(db, userId);
    if (!row) return;
    try {
      await this.#store.setIfNewer(keyOf(userId), row.version, JSON.stringify(usageOf(row)), USAGE_CACHE_TTL_MS);
    } catch (error) {
      this.#logger.warn(
        { err: error, userId },
        'usage cache not refreshed after a change; the event will be redelivered',
      );
      throw error;
    }
  }
}

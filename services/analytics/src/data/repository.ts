import type { Executor } from '@seqgen/kit';
import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { events } from './schema.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/** Stores events; one already there (a domain event delivered again) is left as it was. */
export async function insertEvents(db: Executor, rows: NewEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(events).values(rows).onConflictDoNothing({ target: events.id }).returning({
    id: events.id,
  });
  return inserted.length;
}

/**
 * Takes up to `limit` unforwarded rows for this relay, oldest first: rows another relay claimed
 * less than `leaseMs` ago are skipped (and rows it is claiming right now, SKIP LOCKED). The claim
 * commits at once, so no transaction stays open while the sink is called.
 */
export async function claimUnforwarded(db: Executor, limit: number, leaseMs: number): Promise<EventRow[]> {
  const leaseStart = new Date(Date.now() - leaseMs);
  const candidates = db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNull(events.forwardedAt),
        or(isNull(events.forwardClaimedAt), lt(events.forwardClaimedAt, leaseStart)),
      ),
    )
    .orderBy(asc(events.receivedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(events)
    .set({ forwardClaimedAt: new Date() })
    .where(inArray(events.id, candidates))
    .returning();
  return claimed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}

export async function markForwarded(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(events).set({ forwardedAt: new Date(), forwardClaimedAt: null }).where(inArray(events.id, ids));
}

/** Gives claimed rows back after a failed send, so the next attempt need not wait for the lease. */
export async function releaseClaims(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(events)
    .set({ forwardClaimedAt: null })
    .where(and(inArray(events.id, ids), isNull(events.forwardedAt)));
}

export async function countUnforwarded(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(isNull(events.forwardedAt));
  return row?.n ?? 0;
}

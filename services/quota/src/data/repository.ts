import type { Executor } from '@seqgen/kit';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { allowances, reservations } from './schema.ts';

export type AllowanceRow = typeof allowances.$inferSelect;

/** Creates the free allowance unless the user has one; safe to repeat and to race. */
export async function ensureAllowance(db: Executor, userId: string): Promise<void> {
  await db.insert(allowances).values({ userId }).onConflictDoNothing({ target: allowances.userId });
}

export async function findAllowance(db: Executor, userId: string): Promise<AllowanceRow | undefined> {
  const [row] = await db.select().from(allowances).where(eq(allowances.userId, userId));
  return row;
}

/**
 * The user's allowance, created if missing, locked until the transaction ends: every change to a
 * user's allowance or reservations goes through this lock, so concurrent reserves are serialised
 * per user and cannot oversell.
 */
export async function lockAllowance(tx: Executor, userId: string): Promise<AllowanceRow> {
  const locked = async () => {
    const [row] = await tx.select().from(allowances).where(eq(allowances.userId, userId)).for('update');
    return row;
  };
  // Nearly every user has a row already: one statement. Otherwise it is created first (a racing
  // insert waits for the other's commit and does nothing), then locked.
  const existing = await locked();
  if (existing) return existing;
  await ensureAllowance(tx, userId);
  const row = await locked();
  if (!row) throw new Error('allowance vanished between insert and lock');
  return row;
}

/** Every change raises the row's version (the usage cache keeps only the newest; schema.ts). */
export async function updateAllowance(
  tx: Executor,
  userId: string,
  patch: Partial<Omit<AllowanceRow, 'userId' | 'createdAt' | 'version'>>,
): Promise<void> {
  await tx
    .update(allowances)
    .set({ ...patch, updatedAt: new Date(), version: sql`${allowances.version} + 1` })
    .where(eq(allowances.userId, userId));
}

/** Pending reservations that have not expired: they hold slots of the allowance. */
export async function countLiveReservations(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.state, 'pending'), gt(reservations.expiresAt, now)));
  return row?.n ?? 0;
}

export type ReservationRow = typeof reservations.$inferSelect;

export async function findReservation(db: Executor, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

/**
 * A new pending reservation; false when a row with this id already exists (a release recorded
 * for it meanwhile, or a duplicate request): the id is the caller's request id, so it is never
 * reserved twice.
 */
export async function insertReservation(
  tx: Executor,
  reservation: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(reservations)
    .values({ ...reservation, state: 'pending' })
    .onConflictDoNothing({ target: reservations.id })
    .returning({ id: reservations.id });
  return inserted.length > 0;
}

/**
 * sequence.generated's effect in one statement (issue 12, pipeline overhead: it was a lock, an
 * upsert and an update): marks the reservation committed, and only if this call did so, adds one to the trial's or the paid period's count, whichever the allowance's
 * plan is now. The update takes the allowance's row lock, so a concurrent reserve (which holds it
 * while it counts) sees both changes or neither. `counted` is false when the reservation was
 * already committed (or another user's); `allowanceFound` false when it was counted but the user
 * has no allowance row yet, which the caller creates and counts into. A reservation that expired
 * or was purged meanwhile is still committed (the user got the sequence); one already committed,
 * or another user's, is left alone.
 */
export async function commitReservationIntoAllowance(
  tx: Executor,
  reservation: { id: string; userId: string; now: Date },
): Promise<{ counted: boolean; allowanceFound: boolean }> {
  const { id, userId, now } = reservation;
  const result = (await tx.execute(sql`
    with committed as (
      insert into ${reservations} (id, user_id, state, created_at, expires_at, settled_at)
      values (${id}, ${userId}, 'committed', ${now}, ${now}, ${now})
      on conflict (id) do update set state = 'committed', settled_at = excluded.settled_at
        where ${reservations.state} <> 'committed' and ${reservations.userId} = ${userId}
      returning id
    ), bumped as (
      update ${allowances} set
        trial_used = trial_used + case when plan = 'free' then 1 else 0 end,
        period_used = period_used + case when plan = 'free' then 0 else 1 end,
        updated_at = ${now},
        version = version + 1
      where user_id = ${userId} and exists (select 1 from committed)
      returning user_id
    )
    select (select count(*)::int from committed) as counted, (select count(*)::int from bumped) as bumped
  `)) as unknown as { rows: { counted: number; bumped: number }[] };
  const [row] = result.rows;
  return { counted: (row?.counted ?? 0) > 0, allowanceFound: (row?.bumped ?? 0) > 0 };
}

/**
 * Frees a pending reservation's slot; a committed one stays counted, someone else's is left alone.
 * A release for an id quota has not seen yet (generation stopped waiting before its reserve
 * request was handled, and released the request id) is kept as a released row, a tombstone, so
 * the late request finds it and is refused (issue 10, finding 4). Tombstones go with the other
 * released rows after a day, long after any request's deadline.
 */
export async function releaseReservation(
  tx: Executor,
  reservation: { id: string; userId: string; now: Date },
): Promise<boolean> {
  const { id, userId, now } = reservation;
  const released = await tx
    .insert(reservations)
    .values({ id, userId, state: 'released', createdAt: now, expiresAt: now, settledAt: now })
    .onConflictDoUpdate({
      target: reservations.id,
      set: { state: 'released', settledAt: now },
      setWhere: and(eq(reservations.state, 'pending'), eq(reservations.userId, userId)),
    })
    .returning({ id: reservations.id });
  return released.length > 0;
}

/**
 * Deletes released reservations and pending ones long expired. Committed rows stay: they are the
 * usage ledger and keep a late duplicate commit from counting twice.
 */
export async function purgeStaleReservations(db: Executor, before: Date): Promise<number> {
  const purged = await db
    .delete(reservations)
    .where(
      or(
        and(eq(reservations.state, 'released'), lt(reservations.settledAt, before)),
        and(eq(reservations.state, 'pending'), lt(reservations.expiresAt, before)),
      ),
    )
    .returning({ id: reservations.id });
  return purged.length;
}

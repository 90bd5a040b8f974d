import type { Executor } from '@seqgen/kit';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { feedback, savedSequences } from './schema.ts';

export type SavedSequenceRow = typeof savedSequences.$inferSelect;
export type NewSavedSequence = typeof savedSequences.$inferInsert;
export type NewFeedback = typeof feedback.$inferInsert;

/**
 * Serialises one user's saves until the transaction ends (the cap count and the double-save
 * lookup must see each other's rows). A transaction-level advisory lock: released on commit or
 * rollback, no row needed, and other users are never blocked.
 */
export async function lockUserLibrary(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`library:${userId}`}))`);
}

export async function findRecentSave(
  db: Executor,
  query: { userId: string; contentHash: string; since: Date },
): Promise<SavedSequenceRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSequences)
    .where(
      and(
        eq(savedSequences.userId, query.userId),
        eq(savedSequences.contentHash, query.contentHash),
        gte(savedSequences.createdAt, query.since),
      ),
    )
    .orderBy(desc(savedSequences.createdAt))
    .limit(1);
  return row;
}

export async function countSaved(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSequences)
    .where(eq(savedSequences.userId, userId));
  return row?.n ?? 0;
}

export async function insertSaved(db: Executor, values: NewSavedSequence): Promise<SavedSequenceRow> {
  const [row] = await db.insert(savedSequences).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function listSavedNewestFirst(db: Executor, userId: string): Promise<SavedSequenceRow[]> {
  return db
    .select()
    .from(savedSequences)
    .where(eq(savedSequences.userId, userId))
    .orderBy(desc(savedSequences.createdAt), desc(savedSequences.id));
}

/**
 * Replaces the owner's row's content (title, URL, sequence, customization and the hash that
 * describes them); id, owner and createdAt stay. Undefined when the user has no row with that id.
 */
export async function updateSaved(
  db: Executor,
  query: { userId: string; id: string },
  values: Pick<NewSavedSequence, 'title' | 'companyUrl' | 'emailSequence' | 'customization' | 'contentHash'>,
): Promise<SavedSequenceRow | undefined> {
  const [row] = await db
    .update(savedSequences)
    .set(values)
    .where(and(eq(savedSequences.id, query.id), eq(savedSequences.userId, query.userId)))
    .returning();
  return row;
}

/** Deletes only the owner's row; true when one was deleted. */
export async function deleteSaved(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedSequences)
    .where(and(eq(savedSequences.id, id), eq(savedSequences.userId, userId)))
    .returning({ id: savedSequences.id });
  return deleted.length > 0;
}

export async function insertFeedback(db: Executor, values: NewFeedback): Promise<void> {
  await db.insert(feedback).values(values);
}

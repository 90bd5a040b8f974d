import type { Executor } from '@seqgen/kit';
import { desc, eq } from 'drizzle-orm';
import { sequences } from './schema.ts';

export type SequenceRow = typeof sequences.$inferSelect;
export type NewSequenceRow = Omit<typeof sequences.$inferInsert, 'createdAt'>;

export async function insertSequence(db: Executor, row: NewSequenceRow): Promise<SequenceRow> {
  const [stored] = await db.insert(sequences).values(row).returning();
  if (!stored) throw new Error('insert returned no row');
  return stored;
}

/** One user's sequences, newest first (ties broken by id so pages are stable). */
export function listSequencesNewestFirst(db: Executor, userId: string, limit: number): Promise<SequenceRow[]> {
  return db
    .select()
    .from(sequences)
    .where(eq(sequences.userId, userId))
    .orderBy(desc(sequences.createdAt), desc(sequences.id))
    .limit(limit);
}

import type { Executor } from '@seqgen/kit';
import { desc, eq } from 'drizzle-orm';
import { contactMessages, entries } from './schema.ts';

export type EntryRow = typeof entries.$inferSelect;

/** Inserts unless the normalised address is already there; returns the new row or undefined. */
export async function insertEntryIfNew(db: Executor, email: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .insert(entries)
    .values({ id: crypto.randomUUID(), email, emailNormalized: normalizeEmail(email) })
    .onConflictDoNothing({ target: entries.emailNormalized })
    .returning();
  return row;
}

export async function findEntryByEmail(db: Executor, email: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(entries).where(eq(entries.emailNormalized, normalizeEmail(email)));
  return row;
}

export function listEntriesNewestFirst(db: Executor): Promise<EntryRow[]> {
  return db.select().from(entries).orderBy(desc(entries.createdAt), desc(entries.id));
}

export async function insertContactMessage(db: Executor, email: string, message: string) {
  const [row] = await db.insert(contactMessages).values({ id: crypto.randomUUID(), email, message }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

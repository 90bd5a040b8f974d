import { createHash } from 'node:crypto';
import type { Executor } from '@seqgen/kit';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
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

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** Same mailbox (any capitalisation), same text: the same message. */
export function contactFingerprint(email: string, message: string): string {
  return createHash('sha256').update(`${normalizeEmail(email)}\n${message}`).digest('hex');
}

export async function insertContactMessage(
  db: Executor,
  email: string,
  message: string,
  fingerprint: string,
): Promise<ContactMessageRow> {
  const [row] = await db
    .insert(contactMessages)
    .values({ id: crypto.randomUUID(), email, message, fingerprint })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The message with this fingerprint received since `since`, if any. */
export async function findRecentContactMessage(
  db: Executor,
  fingerprint: string,
  since: Date,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.fingerprint, fingerprint), gt(contactMessages.createdAt, since)))
    .orderBy(desc(contactMessages.createdAt))
    .limit(1);
  return row;
}

/**
 * Holds, until the transaction ends, a lock named by `key`: concurrent transactions asking for
 * the same key take turns (a check-then-insert cannot race), others are not held up.
 */
export async function lockFor(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

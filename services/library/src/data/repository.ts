import type { Executor } from '@seqgen/kit';
import { and, desc, eq, getTableColumns, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
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

/** Where a page ends: the last row's created_at to the microsecond (as PostgreSQL keeps it) and id. */
export interface PagePosition {
  at: string;
  id: string;
}

export interface PageQuery {
  userId: string;
  limit: number;
  after?: PagePosition | undefined;
  search?: string | undefined;
}

/**
 * One page of a user's saved sequences, newest first (issue 25, item 4): keyset pagination on
 * (created_at, id), which the (user_id, created_at) index serves, so a page costs the same on
 * the first page and the fiftieth, at ten saved sequences or ten thousand. `search` matches the
 * title or the company URL, case-insensitively, as typed (no wildcards). One row more than asked
 * is read to tell whether there is a next page.
 */
function pageWhere(query: PageQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(savedSequences.userId, query.userId)];
  if (query.after) {
    // A row comparison, which PostgreSQL reads as one range on the (user_id, created_at, id)
    // index; the same condition spelt with OR is filtered row by row from the newest.
    conditions.push(
      sql`(${savedSequences.createdAt}, ${savedSequences.id}) < (${query.after.at}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(savedSequences.title, pattern), ilike(savedSequences.companyUrl, pattern)));
  }
  return and(...conditions);
}

/**
 * The exact instant, microseconds included: a JavaScript Date would round it to the millisecond,
 * and the next page would repeat or skip rows saved in the same millisecond.
 */
const exactInstant = sql<string>`to_char(${savedSequences.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A page of whole rows (the spec's plain list). */
export function pageSavedNewestFirst(db: Executor, query: PageQuery): Promise<(SavedSequenceRow & { at: string })[]> {
  return db
    .select({ ...getTableColumns(savedSequences), at: exactInstant })
    .from(savedSequences)
    .where(pageWhere(query))
    .orderBy(desc(savedSequences.createdAt), desc(savedSequences.id))
    .limit(query.limit + 1);
}

/** The emails of a stored sequence, either stored shape (a list, or an object holding it). */
const storedEmails = sql`case when jsonb_typeof(${savedSequences.emailSequence}) = 'array' then ${savedSequences.emailSequence} else ${savedSequences.emailSequence} -> 'sequence' end`;

export type SavedSummaryRow = Pick<SavedSequenceRow, 'id' | 'title' | 'companyUrl' | 'createdAt' | 'customization'> & {
  at: string;
  emailCount: number;
  firstEmails: { subject: string; body: string }[];
};

/**
 * A page of summaries (the /saved-sequences list): the email count and the first two emails are
 * taken in the database, so a row's other five emails are neither sent nor parsed (a page of 20
 * cost 1.5× a page of 10 when every row's whole sequence was read; issue 25, item 4).
 */
export function pageSavedSummariesNewestFirst(db: Executor, query: PageQuery): Promise<SavedSummaryRow[]> {
  return db
    .select({
      id: savedSequences.id,
      title: savedSequences.title,
      companyUrl: savedSequences.companyUrl,
      createdAt: savedSequences.createdAt,
      customization: savedSequences.customization,
      at: exactInstant,
      emailCount: sql<number>`jsonb_array_length(${storedEmails})`.mapWith(Number),
      firstEmails: sql<{ subject: string; body: string }[]>`jsonb_path_query_array(${storedEmails}, '$[0 to 1]')`,
    })
    .from(savedSequences)
    .where(pageWhere(query))
    .orderBy(desc(savedSequences.createdAt), desc(savedSequences.id))
    .limit(query.limit + 1);
}

export async function findSaved(db: Executor, userId: string, id: string): Promise<SavedSequenceRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSequences)
    .where(and(eq(savedSequences.id, id), eq(savedSequences.userId, userId)));
  return row;
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

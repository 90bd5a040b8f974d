import { createHash } from 'node:crypto';
import {
  badRequest,
  type Database,
  HttpError,
  notFound,
  type Outbox,
  type RateLimiter,
  type RateLimitRule,
} from '@seqgen/kit';
import {
  type FeedbackRequest,
  SAVED_PAGE_DEFAULT,
  SAVED_PAGE_MAX,
  SAVED_PREVIEW_CHARS,
  type SavedSequence,
  type SavedSequencePage,
  type SavedSequencePageQuery,
  type SavedSequenceSummary,
  type SaveSequenceRequest,
  type UpdateSavedSequenceRequest,
} from '@seqgen/proto';
import {
  countSaved,
  deleteSaved,
  findRecentSave,
  findSaved,
  insertFeedback,
  insertSaved,
  lockUserLibrary,
  type PagePosition,
  type PageQuery,
  pageSavedNewestFirst,
  pageSavedSummariesNewestFirst,
  type SavedSequenceRow,
  type SavedSummaryRow,
  updateSaved,
} from '../data/repository.ts';

export interface LibraryLimits {
  /** Saved sequences one user may keep. */
  savedPerUser: number;
  savesPerUser: RateLimitRule;
  feedbackPerUser: RateLimitRule;
}

const HOUR = 60 * 60 * 1000;

export const DEFAULT_LIBRARY_LIMITS: LibraryLimits = {
  savedPerUser: 1000,
  savesPerUser: { name: 'save:user', limit: 120, windowMs: HOUR },
  feedbackPerUser: { name: 'feedback:user', limit: 60, windowMs: HOUR },
};

/** A second Save of the same sequence under the same title within this time is the same save. */
export const DUPLICATE_SAVE_WINDOW_MS = 60_000;

export interface LibraryDeps {
  db: Database;
  limiter: RateLimiter;
  limits: LibraryLimits;
  now: () => Date;
  /**
   * Where sequence.saved and feedback.recorded go (analytics' funnel), in the transaction of the
   * change. main.ts always passes one; an app built alone in a test without it publishes nothing.
   */
  outbox?: Outbox | undefined;
}

export const SAVED_SEQUENCE_NOT_FOUND_MESSAGE =
  'That saved sequence does not exist (it may already have been deleted).';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toSaved = (row: SavedSequenceRow): SavedSequence => ({
  id: row.id,
  title: row.title,
  companyUrl: row.companyUrl,
  createdAt: row.createdAt.toISOString(),
  emailSequence: row.emailSequence,
  customization: row.customization ?? null,
});

/** Title and content, canonical as zod parsed them: equal saves hash equally. */
function contentHashOf(request: SaveSequenceRequest): string {
  const content = [request.title, request.companyUrl, request.emailSequence, request.customization ?? null];
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/**
 * Saves a sequence for the user. A double-clicked Save (same title and content within a minute)
 * answers the first save instead of storing a copy. The cap and the duplicate lookup run under a
 * per-user lock, so two racing clicks still make one row and the cap cannot be overshot.
 */
export async function saveSequence(
  deps: LibraryDeps,
  userId: string,
  request: SaveSequenceRequest,
): Promise<{ saved: SavedSequence; created: boolean }> {
  await deps.limiter.enforce([{ rule: deps.limits.savesPerUser, key: userId }], 'saves');
  const contentHash = contentHashOf(request);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    await lockUserLibrary(tx, userId);
    const recent = await findRecentSave(tx, {
      userId,
      contentHash,
      since: new Date(now.getTime() - DUPLICATE_SAVE_WINDOW_MS),
    });
    if (recent) return { saved: toSaved(recent), created: false };
    const max = deps.limits.savedPerUser;
    if ((await countSaved(tx, userId)) >= max) {
      throw new HttpError(
        409,
        'too_many_saved_sequences',
        `You already have ${max} saved sequences, the most you can keep. Delete some you no longer need to save new ones.`,
      );
    }
    const row = await insertSaved(tx, {
      id: crypto.randomUUID(),
      userId,
      title: request.title,
      companyUrl: request.companyUrl,
      emailSequence: request.emailSequence,
      customization: request.customization ?? null,
      contentHash,
      createdAt: now,
    });
    await deps.outbox?.enqueue(tx, 'sequence.saved', { userId, savedSequenceId: row.id });
    return { saved: toSaved(row), created: true };
  });
  if (result.created) deps.outbox?.poke();
  return result;
}

const toSummary = (row: SavedSummaryRow): SavedSequenceSummary => ({
  id: row.id,
  title: row.title,
  companyUrl: row.companyUrl,
  createdAt: row.createdAt.toISOString(),
  customization: row.customization ?? null,
  emailCount: row.emailCount,
  preview: row.firstEmails.slice(0, 2).map((email) => ({
    subject: email.subject,
    body: email.body.length > SAVED_PREVIEW_CHARS ? `${email.body.slice(0, SAVED_PREVIEW_CHARS - 1)}…` : email.body,
  })),
});

export const BAD_CURSOR_MESSAGE = 'cursor is not one this list gave; start again without it';

const encodeCursor = (position: PagePosition) => Buffer.from(`${position.at}|${position.id}`).toString('base64url');

/** A cursor this list gave, or a 400: anything else never reaches the query. */
function decodeCursor(cursor: string): PagePosition {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !UUID.test(id) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at)) {
    throw badRequest(BAD_CURSOR_MESSAGE);
  }
  if (Number.isNaN(Date.parse(at))) throw badRequest(BAD_CURSOR_MESSAGE);
  return { at, id };
}

/** One page by `read` (whole rows or summaries), with the cursor to the next when there is one. */
async function pageOf<Row extends { at: string; id: string }>(
  read: (query: PageQuery) => Promise<Row[]>,
  query: SavedSequencePageQuery & { userId: string },
) {
  const limit = query.limit ?? SAVED_PAGE_DEFAULT;
  const rows = await read({
    userId: query.userId,
    limit,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    search: query.q || undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null };
}

/** A page of summaries, newest first (issue 25, item 4). */
export async function pageSavedSequences(
  deps: LibraryDeps,
  userId: string,
  query: SavedSequencePageQuery,
): Promise<SavedSequencePage> {
  const { page, nextCursor } = await pageOf((q) => pageSavedSummariesNewestFirst(deps.db, q), { ...query, userId });
  return { items: page.map(toSummary), nextCursor };
}

/**
 * The spec's plain `GET /api/saved-sequences`, for clients written before pages: the whole
 * sequences, newest first, all of them for a library of up to SAVED_PAGE_MAX (100), else the
 * newest 100 and a cursor to the rest (as pages of summaries; docs/product.md §7).
 */
export async function listSavedSequences(
  deps: LibraryDeps,
  userId: string,
): Promise<{ list: SavedSequence[]; nextCursor: string | null; total: number }> {
  const [{ page, nextCursor }, total] = await Promise.all([
    pageOf((q) => pageSavedNewestFirst(deps.db, q), { userId, limit: SAVED_PAGE_MAX }),
    countSaved(deps.db, userId),
  ]);
  return { list: page.map(toSaved), nextCursor, total };
}

/** One whole saved sequence; unknown, malformed and other users' ids get the same 404. */
export async function getSavedSequence(deps: LibraryDeps, userId: string, id: string): Promise<SavedSequence> {
  const row = UUID.test(id) ? await findSaved(deps.db, userId, id) : undefined;
  if (!row) throw notFound(SAVED_SEQUENCE_NOT_FOUND_MESSAGE);
  return toSaved(row);
}

/**
 * The owner's "Save changes": replaces title, URL, sequence (with its cadence) and customization;
 * id and createdAt stay. Counts against the same per-user limit as saves. Unknown, malformed and
 * other users' ids get the same 404, and nothing is changed.
 *
 * The content hash is recomputed so that it always describes the row as it now is: a stale one
 * would make a double-clicked Save of the old content answer with this edited row (and lose the
 * save), and a Save of the new content miss it. It runs under the same per-user lock as saves, so
 * a racing Save sees the row either before or after the change, never half of it.
 */
export async function updateSavedSequence(
  deps: LibraryDeps,
  userId: string,
  id: string,
  request: UpdateSavedSequenceRequest,
): Promise<SavedSequence> {
  await deps.limiter.enforce([{ rule: deps.limits.savesPerUser, key: userId }], 'saves');
  if (!UUID.test(id)) throw notFound(SAVED_SEQUENCE_NOT_FOUND_MESSAGE);
  const row = await deps.db.transaction(async (tx) => {
    await lockUserLibrary(tx, userId);
    return updateSaved(
      tx,
      { userId, id },
      {
        title: request.title,
        companyUrl: request.companyUrl,
        emailSequence: request.emailSequence,
        customization: request.customization ?? null,
        contentHash: contentHashOf(request),
      },
    );
  });
  if (!row) throw notFound(SAVED_SEQUENCE_NOT_FOUND_MESSAGE);
  return toSaved(row);
}

/** Unknown, malformed and other users' ids get the same 404: nothing about others leaks. */
export async function deleteSavedSequence(deps: LibraryDeps, userId: string, id: string): Promise<void> {
  if (!UUID.test(id) || !(await deleteSaved(deps.db, userId, id))) {
    throw notFound(SAVED_SEQUENCE_NOT_FOUND_MESSAGE);
  }
}

export async function recordFeedback(deps: LibraryDeps, userId: string, request: FeedbackRequest): Promise<void> {
  await deps.limiter.enforce([{ rule: deps.limits.feedbackPerUser, key: userId }], 'feedback submissions');
  const id = crypto.randomUUID();
  await deps.db.transaction(async (tx) => {
    await insertFeedback(tx, {
      id,
      userId,
      rating: request.rating,
      comment: request.feedback || null,
      emailSequence: request.emailSequence,
      companyUrl: request.companyUrl,
      customization: request.customization ?? null,
      createdAt: deps.now(),
    });
    // The rating only: the comment is free text and stays here.
    await deps.outbox?.enqueue(tx, 'feedback.recorded', { userId, feedbackId: id, rating: request.rating });
  });
  deps.outbox?.poke();
}

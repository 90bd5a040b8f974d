import { z } from 'zod';
import { text } from './common.ts';
import { Cadence, Customization, Email } from './generation.ts';

/**
 * Saved and rated sequences may be either a plain list or `{ sequence: [...] }` (docs/product.md §3); the
 * object form may carry the studio's `cadence` (one send day per email).
 */
export const StoredSequence = z
  .union(
    [
      z.array(Email).min(1).max(20),
      // The cadence's rules are checked after the union, so their message (not the union's) reaches the user.
      z.object({ sequence: z.array(Email).min(1).max(20), cadence: z.array(z.number()).optional() }),
    ],
    { error: 'Email sequence must be a list of 1 to 20 emails, each with a subject and a body' },
  )
  .superRefine((stored, context) => {
    if (Array.isArray(stored) || stored.cadence === undefined) return;
    const cadence = Cadence.safeParse(stored.cadence);
    if (!cadence.success) {
      context.addIssue({
        code: 'custom',
        path: ['cadence'],
        message: cadence.error.issues[0]?.message ?? 'Invalid cadence',
      });
    } else if (cadence.data.length !== stored.sequence.length) {
      context.addIssue({ code: 'custom', path: ['cadence'], message: 'The cadence needs one send day per email' });
    }
  });
export type StoredSequence = z.infer<typeof StoredSequence>;

export const FeedbackRequest = z.object({
  emailSequence: StoredSequence,
  rating: z.enum(['good', 'bad']),
  feedback: text().trim().max(4000).optional(),
  companyUrl: text().trim().max(2048).default(''),
  customization: Customization.partial().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

export const FeedbackResponse = z.object({ ok: z.literal(true) });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;

export const SaveSequenceRequest = z.object({
  title: text({ error: (issue) => (issue.input === undefined ? 'Title is required' : 'Title must be text') })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is 200 characters at most'),
  companyUrl: text().trim().max(2048).default(''),
  emailSequence: StoredSequence,
  customization: Customization.partial().optional(),
});
export type SaveSequenceRequest = z.infer<typeof SaveSequenceRequest>;

/**
 * The `{id}` of PUT and DELETE /api/saved-sequences/{id}. Any text reaches the domain, which answers
 * malformed ids with the same 404 as unknown ones; only characters no id can hold are refused here.
 */
export const SavedSequenceParams = z.object({ id: text() });
export type SavedSequenceParams = z.infer<typeof SavedSequenceParams>;

/** PUT /api/saved-sequences/{id}: the owner's changes, validated like a save (the whole sequence is replaced). */
export const UpdateSavedSequenceRequest = SaveSequenceRequest;
export type UpdateSavedSequenceRequest = z.infer<typeof UpdateSavedSequenceRequest>;

export const SavedSequence = z.object({
  id: text(),
  title: text(),
  companyUrl: text(),
  createdAt: text(),
  emailSequence: StoredSequence,
  customization: Customization.partial().nullable(),
});
export type SavedSequence = z.infer<typeof SavedSequence>;

export const SavedSequenceList = z.array(SavedSequence);

/**
 * One saved sequence in a page of the list (issue 25, item 4): what a card shows before it is
 * opened — no full bodies, so a page costs the same however long the emails and the library are.
 * The whole sequence is `GET /api/saved-sequences/{id}`.
 */
export const SavedSequenceSummary = z.object({
  id: text(),
  title: text(),
  companyUrl: text(),
  createdAt: text(),
  customization: Customization.partial().nullable(),
  emailCount: z.number().int().min(0),
  /** The first two emails, each body cut to a preview (SAVED_PREVIEW_CHARS). */
  preview: z.array(z.object({ subject: text(), body: text() })).max(2),
});
export type SavedSequenceSummary = z.infer<typeof SavedSequenceSummary>;

export const SAVED_PREVIEW_CHARS = 280;
export const SAVED_PAGE_MAX = 100;
export const SAVED_PAGE_DEFAULT = 20;

/**
 * `GET /api/saved-sequences?limit=N&cursor=…&q=…`: a page of summaries, newest first. Any of the
 * three asks for pages; without them the answer is the spec's plain list (docs/product.md §7).
 */
export const SavedSequencePageQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${SAVED_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${SAVED_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${SAVED_PAGE_MAX}`)
    .max(SAVED_PAGE_MAX, `limit must be a whole number from 1 to ${SAVED_PAGE_MAX}`)
    .optional(),
  cursor: text()
    .max(200, 'cursor is not one this list gave')
    .regex(/^[A-Za-z0-9_-]*$/, 'cursor is not one this list gave')
    .optional(),
  q: text().trim().max(200, 'Search is 200 characters at most').optional(),
});
export type SavedSequencePageQuery = z.infer<typeof SavedSequencePageQuery>;

export const SavedSequencePage = z.object({
  items: z.array(SavedSequenceSummary),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: text().nullable(),
});
export type SavedSequencePage = z.infer<typeof SavedSequencePage>;

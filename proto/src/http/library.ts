import { z } from 'zod';
import { Customization, Email } from './generation.ts';

/** Saved and rated sequences may be either a plain list or `{ sequence: [...] }` (spec §3). */
export const StoredSequence = z.union(
  [z.array(Email).min(1).max(20), z.object({ sequence: z.array(Email).min(1).max(20) })],
  { error: 'Email sequence must be a list of 1 to 20 emails, each with a subject and a body' },
);
export type StoredSequence = z.infer<typeof StoredSequence>;

export const FeedbackRequest = z.object({
  emailSequence: StoredSequence,
  rating: z.enum(['good', 'bad']),
  feedback: z.string().trim().max(4000).optional(),
  companyUrl: z.string().trim().max(2048).default(''),
  customization: Customization.partial().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

export const FeedbackResponse = z.object({ ok: z.literal(true) });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;

export const SaveSequenceRequest = z.object({
  title: z
    .string({ error: (issue) => (issue.input === undefined ? 'Title is required' : 'Title must be text') })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is 200 characters at most'),
  companyUrl: z.string().trim().max(2048).default(''),
  emailSequence: StoredSequence,
  customization: Customization.partial().optional(),
});
export type SaveSequenceRequest = z.infer<typeof SaveSequenceRequest>;

export const SavedSequence = z.object({
  id: z.string(),
  title: z.string(),
  companyUrl: z.string(),
  createdAt: z.string(),
  emailSequence: StoredSequence,
  customization: Customization.partial().nullable(),
});
export type SavedSequence = z.infer<typeof SavedSequence>;

export const SavedSequenceList = z.array(SavedSequence);

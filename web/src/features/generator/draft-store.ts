import { Analysis, CheckContext, Customization, Email, SequenceChecks, WritingLanguage } from '@seqgen/proto';
import { z } from 'zod';
import { createStudio } from '../../lib/sequence/studio';
import { readUserItem, removeUserItem, writeUserItem } from '../../lib/user-storage';
import { assistantContent, type GeneratorState, initialGeneratorState } from './conversation';

/**
 * The dashboard's result survives a reload (the Edit button of docs/product.md §2 reloads the page): the sequence
 * with the user's edits, its send days and what Undo restores, plus everything needed to go on
 * (source, analysis, customization, check context, language). Kept in localStorage under the
 * signed-in user's id; cleared by Start Over and by sign-out.
 */
export const DRAFT_NAME = 'studio-draft';
export const DRAFT_VERSION = 1;

const Source = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), companyUrl: z.string(), caseStudies: z.string() }),
  z.object({ kind: z.literal('manual') }),
]);

export const StudioDraft = z.object({
  version: z.literal(DRAFT_VERSION),
  userId: z.string(),
  source: Source.nullable(),
  // Loose: a Manual Entry analysis carries the form's other fields (industry, competitors, …).
  analysis: Analysis.loose().nullable(),
  customization: Customization.nullable(),
  emails: z.array(Email).min(1).max(20),
  cadence: z.array(z.number().nullable()),
  undo: z.array(Email.nullable()),
  checks: SequenceChecks.nullable(),
  checkContext: CheckContext.nullable(),
  contextOpened: z.boolean(),
  language: WritingLanguage.nullable(),
  userMessage: z.string(),
  askedAt: z.number(),
  answeredAt: z.number(),
  /** The writer's notices not yet dismissed (left out when there are none; older drafts have none). */
  notices: z.array(z.string()).max(20).optional(),
});
export type StudioDraft = z.infer<typeof StudioDraft>;

/** The draft of a finished result, or undefined when there is nothing to keep. */
export function draftOf(state: GeneratorState, userId: string): StudioDraft | undefined {
  const { studio } = state;
  if (state.phase !== 'result' || !studio) return undefined;
  const user = state.messages.find((message) => message.type === 'user');
  const assistant = state.messages.find((message) => message.type === 'assistant');
  return {
    version: DRAFT_VERSION,
    userId,
    source: state.source,
    analysis: state.analysis,
    customization: state.customization,
    emails: studio.emails,
    // JSON has no NaN: a day being typed that is not a number yet is kept as an empty field.
    cadence: studio.cadence.map((day) => (day === null || Number.isNaN(day) ? null : day)),
    undo: studio.undo,
    checks: state.checks,
    checkContext: state.checkContext,
    contextOpened: state.contextOpened,
    language: state.language,
    userMessage: user?.content ?? '',
    askedAt: user?.timestamp ?? 0,
    answeredAt: assistant?.timestamp ?? 0,
    ...(assistant?.notices?.length ? { notices: assistant.notices } : {}),
  };
}

/** The dashboard as the draft left it: a finished conversation with the edited studio. */
export function stateFromDraft(draft: StudioDraft): GeneratorState {
  const studio = createStudio(draft.emails, draft.cadence.length === draft.emails.length ? draft.cadence : null);
  if (draft.undo.length === draft.emails.length) studio.undo = draft.undo;
  return {
    ...initialGeneratorState,
    phase: 'result',
    source: draft.source,
    analysis: draft.analysis,
    customization: draft.customization,
    studio,
    checks: draft.checks,
    checkContext: draft.checkContext,
    contextOpened: draft.contextOpened,
    language: draft.language,
    messages: [
      { type: 'user', content: draft.userMessage, timestamp: draft.askedAt },
      {
        type: 'assistant',
        content: assistantContent(draft.emails.length),
        emailSequence: draft.emails,
        ...(draft.notices?.length ? { notices: draft.notices } : {}),
        timestamp: draft.answeredAt,
      },
    ],
  };
}

export function saveDraft(storage: Storage | undefined, draft: StudioDraft): boolean {
  return writeUserItem(storage, draft.userId, DRAFT_NAME, JSON.stringify(draft));
}

/**
 * This user's draft, or undefined. A draft that does not parse (an older version, a hand edit) is
 * removed; one written for another user is never returned.
 */
export function loadDraft(storage: Storage | undefined, userId: string): StudioDraft | undefined {
  const text = readUserItem(storage, userId, DRAFT_NAME);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = StudioDraft.safeParse(data);
  if (!parsed.success || parsed.data.userId !== userId) {
    removeUserItem(storage, userId, DRAFT_NAME);
    return undefined;
  }
  return parsed.data;
}

export function clearDraft(storage: Storage | undefined, userId: string): void {
  removeUserItem(storage, userId, DRAFT_NAME);
}

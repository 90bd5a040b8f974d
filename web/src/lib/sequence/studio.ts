import type { Email } from '@seqgen/proto';
import { cadenceFor, type SendDay } from './cadence';

/**
 * The sequence studio's state as a pure reducer: the emails as the user has edited them, one send
 * day per email, and per email what Undo restores after a regeneration. Used by the dashboard's
 * result (inside the generator's state, so it is saved with the draft) and by a saved sequence.
 */
export interface StudioState {
  emails: Email[];
  cadence: SendDay[];
  /** Per email, its text before its last regeneration; null when there is nothing to undo. */
  undo: (Email | null)[];
  /** Emails being rewritten right now (0-based indexes). */
  regenerating: number[];
}

export type StudioAction =
  | { type: 'editSubject'; index: number; subject: string }
  | { type: 'editBody'; index: number; body: string }
  | { type: 'setSendDay'; index: number; day: SendDay }
  | { type: 'regenerateStarted'; index: number }
  | { type: 'regenerated'; index: number; email: Email }
  | { type: 'regenerateFailed'; index: number }
  | { type: 'undo'; index: number }
  | { type: 'load'; emails: Email[]; cadence?: readonly number[] | null };

export function createStudio(emails: readonly Email[], cadence?: readonly SendDay[] | null): StudioState {
  const days: SendDay[] =
    cadence && cadence.length === emails.length ? [...cadence] : cadenceFor(emails.length, undefined);
  return { emails: [...emails], cadence: days, undo: emails.map(() => null), regenerating: [] };
}

const inRange = (state: StudioState, index: number) =>
  Number.isInteger(index) && index >= 0 && index < state.emails.length;

function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  const next = [...items];
  next[index] = value;
  return next;
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  if (action.type === 'load') return createStudio(action.emails, cadenceFor(action.emails.length, action.cadence));
  if (!inRange(state, action.index)) return state;
  const { index } = action;
  const current = state.emails[index] as Email;
  switch (action.type) {
    case 'editSubject':
      if (current.subject === action.subject) return state;
      return { ...state, emails: replaceAt(state.emails, index, { ...current, subject: action.subject }) };
    case 'editBody':
      if (current.body === action.body) return state;
      return { ...state, emails: replaceAt(state.emails, index, { ...current, body: action.body }) };
    case 'setSendDay':
      return { ...state, cadence: replaceAt(state.cadence, index, action.day) };
    case 'regenerateStarted':
      if (state.regenerating.includes(index)) return state;
      return { ...state, regenerating: [...state.regenerating, index] };
    case 'regenerated':
      // Only this email changes: every other email, with its edits, stays as it is now.
      return {
        ...state,
        emails: replaceAt(state.emails, index, action.email),
        undo: replaceAt(state.undo, index, current),
        regenerating: state.regenerating.filter((i) => i !== index),
      };
    case 'regenerateFailed':
      return { ...state, regenerating: state.regenerating.filter((i) => i !== index) };
    case 'undo': {
      const previous = state.undo[index];
      if (!previous) return state;
      return {
        ...state,
        emails: replaceAt(state.emails, index, previous),
        undo: replaceAt(state.undo, index, null),
      };
    }
  }
}

/** Whether the emails or send days differ from a saved version (drives "Save changes" and the leave warning). */
export function studioDiffers(
  state: Pick<StudioState, 'emails' | 'cadence'>,
  saved: { emails: readonly Email[]; cadence: readonly SendDay[] },
): boolean {
  if (state.emails.length !== saved.emails.length || state.cadence.length !== saved.cadence.length) return true;
  return (
    state.emails.some(
      (email, i) => email.subject !== saved.emails[i]?.subject || email.body !== saved.emails[i]?.body,
    ) || state.cadence.some((day, i) => day !== saved.cadence[i])
  );
}

import { Cadence, defaultCadence } from '@seqgen/proto';

/** One email's send day as the field holds it: null while the field is empty. */
export type SendDay = number | null;

/** The stored cadence when it fits the emails (one valid day per email), else the default one. */
export function cadenceFor(count: number, stored?: readonly number[] | null): number[] {
  if (stored && stored.length === count && Cadence.safeParse(stored).success) return [...stored];
  return defaultCadence(count);
}

export interface CadenceProblem {
  /** The proto's own message ("Each send day must come after the one before it"). */
  message: string;
  /** The email (0-based) whose day is wrong, when one is. */
  index: number | undefined;
}

/**
 * Why the send days cannot be saved or exported, or undefined when they can. Validated with the
 * proto's `Cadence`, so the message is the one the server would answer.
 */
export function cadenceProblem(days: readonly SendDay[]): CadenceProblem | undefined {
  const parsed = Cadence.safeParse(days.map((day) => day ?? Number.NaN));
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const at = issue?.path[0];
  let index = typeof at === 'number' ? at : undefined;
  if (index === undefined) {
    // The ordering rule belongs to the whole list: point at the first day that is not after the one before.
    const found = days.findIndex((day, i) => i > 0 && day !== null && (days[i - 1] ?? -1) >= day);
    index = found >= 0 ? found : undefined;
  }
  return { message: issue?.message ?? 'Invalid cadence', index };
}

/** The days as numbers when they are valid, else undefined. */
export function validCadence(days: readonly SendDay[]): number[] | undefined {
  return cadenceProblem(days) ? undefined : days.map((day) => day as number);
}

/** A send-day field's text as a day: empty is null; anything else is read as a number (checked later). */
export function sendDayOf(text: string): SendDay {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export const dayLabel = (day: SendDay): string => (day === null || Number.isNaN(day) ? 'Day ?' : `Day ${day}`);

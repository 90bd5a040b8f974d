import { Cadence, defaultCadence } from '@seqgen/proto';

/**
 * The send day of each email (day 0 first). The cadence the studio hands over is used when it is a
 * valid cadence with a day for every email; anything else falls back to the default cadence, so an
 * export never fails or schedules two emails on the same day.
 */
export function sendDays(emailCount: number, cadence: readonly number[]): number[] {
  const parsed = Cadence.safeParse([...cadence]);
  if (parsed.success && parsed.data.length >= emailCount) return parsed.data.slice(0, emailCount);
  return defaultCadence(emailCount);
}

/** Days between each email and the one before it; the first email waits its own send day. */
export function daysAfterPrevious(days: readonly number[]): number[] {
  return days.map((day, index) => (index === 0 ? day : day - (days[index - 1] as number)));
}

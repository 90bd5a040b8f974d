import { Cadence, DEFAULT_CADENCE } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { cadenceFor, cadenceProblem, dayLabel, sendDayOf, validCadence } from './cadence';

describe('cadence', () => {
  it('starts from the default days 0, 3, 7, 11, 16, 21, 28, and keeps a stored cadence that fits', () => {
    expect(cadenceFor(7)).toEqual([...DEFAULT_CADENCE]);
    expect(cadenceFor(7, [0, 2, 4, 6, 8, 10, 12])).toEqual([0, 2, 4, 6, 8, 10, 12]);
    // One day per email, strictly increasing, or the default.
    expect(cadenceFor(3, [0, 3, 7, 11])).toEqual([0, 3, 7]);
    expect(cadenceFor(3, [0, 5, 5])).toEqual([0, 3, 7]);
    expect(cadenceFor(3, null)).toEqual([0, 3, 7]);
  });

  it('accepts strictly increasing whole days from 0 to 365', () => {
    expect(cadenceProblem([0, 3, 7, 11, 16, 21, 28])).toBeUndefined();
    expect(validCadence([1, 2, 365])).toEqual([1, 2, 365]);
  });

  it('says what is wrong with the proto’s own message and points at the email', () => {
    const message = (days: (number | null)[]) =>
      Cadence.safeParse(days.map((d) => d ?? Number.NaN)).error?.issues[0]?.message;
    expect(cadenceProblem([0, 3, 3, 11])).toEqual({
      message: 'Each send day must come after the one before it',
      index: 2,
    });
    expect(cadenceProblem([0, 9, 7, 11])).toEqual({ message: message([0, 9, 7, 11]), index: 2 });
    expect(cadenceProblem([0, null, 7])).toEqual({ message: 'Each send day must be a number', index: 1 });
    expect(cadenceProblem([0, 2.5, 7])).toEqual({ message: 'Each send day must be a whole number of days', index: 1 });
    expect(cadenceProblem([-1, 2])).toEqual({ message: 'Send days start at day 0', index: 0 });
    expect(cadenceProblem([0, 400])).toEqual({ message: 'Send days are 365 at most', index: 1 });
    expect(validCadence([0, 3, 3])).toBeUndefined();
  });

  it('reads a send-day field and labels a day', () => {
    expect(sendDayOf(' 12 ')).toBe(12);
    expect(sendDayOf('')).toBeNull();
    expect(dayLabel(3)).toBe('Day 3');
    expect(dayLabel(null)).toBe('Day ?');
  });
});

import { ConfigError, parseConfig } from '@seqgen/kit';
import { describe, expect, it } from 'vitest';
import { quotaConfigShape } from '../src/config.ts';
import {
  type AllowanceState,
  decideBillingPeriod,
  decideCancel,
  FRESH_ALLOWANCE,
  limitReachedMessage,
  usageOf,
} from '../src/domain/allowance.ts';
import { DEADLINE_MARGIN_MS, lateBy } from '../src/domain/quota.ts';

const at = (iso: string) => new Date(iso);
const paid: AllowanceState = {
  plan: 'leader',
  paidLimit: 200,
  trialUsed: 3,
  periodUsed: 17,
  periodStart: at('2025-06-01T00:00:00Z'),
  billingAsOf: at('2025-06-01T00:00:05Z'),
};

describe('allowance rules', () => {
  it('shows the lifetime trial on the free plan and the period on a paid one', () => {
    expect(usageOf(FRESH_ALLOWANCE)).toEqual({ used: 0, limit: 5 });
    expect(usageOf(paid)).toEqual({ used: 17, limit: 200 });
    expect(usageOf({ ...paid, plan: 'free' })).toEqual({ used: 3, limit: 5 });
  });

  it('words the refusal so the browser finds "limit reached", with the usage shown and the generations in flight apart', () => {
    expect(limitReachedMessage({ ...FRESH_ALLOWANCE, trialUsed: 5 }, 0)).toBe(
      "Email generation limit reached: you've used 5 of 5 sequences of your free trial. Upgrade to continue generating email sequences.",
    );
    // The figure is the one GET /api/usage shows (issue 10, finding 4: 1/5 was shown as "5 of 5").
    expect(limitReachedMessage({ ...FRESH_ALLOWANCE, trialUsed: 3 }, 2)).toBe(
      "Email generation limit reached: you've used 3 of 5 sequences of your free trial, and 2 more are being generated. Upgrade to continue generating email sequences.",
    );
    expect(limitReachedMessage({ ...FRESH_ALLOWANCE, trialUsed: 4 }, 1)).toContain('and 1 more is being generated');
    expect(limitReachedMessage({ ...paid, periodUsed: 200 }, 0)).toBe(
      "Email generation limit reached: you've used 200 of 200 sequences on your plan this period. Upgrade to continue generating email sequences.",
    );
    // Over the limit (a late commit after expiry): the true figure, not a made-up one.
    expect(limitReachedMessage({ ...FRESH_ALLOWANCE, trialUsed: 6 }, 1)).toContain("you've used 6 of 5");
  });

  it('takes a reservation request on only while its caller still waits, less a margin for the reply', () => {
    const now = at('2025-06-01T12:00:00.000Z');
    const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(lateBy(undefined, now)).toBeUndefined();
    expect(lateBy(inMs(3_000), now)).toBeUndefined();
    expect(lateBy(inMs(DEADLINE_MARGIN_MS + 1), now)).toBeUndefined();
    expect(lateBy(inMs(DEADLINE_MARGIN_MS), now)).toBe(0);
    expect(lateBy(inMs(-1_500), now)).toBe(1_500 + DEADLINE_MARGIN_MS);
  });

  it('starts a new period only for a later period start, and ignores older periods and stale events', () => {
    const later = { occurredAt: at('2025-07-01T00:00:01Z'), periodStart: at('2025-07-01T00:00:00Z') };
    expect(decideBillingPeriod(paid, later)).toEqual({ apply: true, newPeriod: true });
    const samePeriod = { occurredAt: at('2025-06-02T00:00:00Z'), periodStart: paid.periodStart as Date };
    expect(decideBillingPeriod(paid, samePeriod)).toEqual({ apply: true, newPeriod: false });
    const olderPeriod = { occurredAt: at('2025-07-02T00:00:00Z'), periodStart: at('2025-05-01T00:00:00Z') };
    expect(decideBillingPeriod(paid, olderPeriod)).toMatchObject({
      apply: false,
      reason: expect.stringMatching(/older than the current/),
    });
    const staleEvent = { occurredAt: at('2025-06-01T00:00:00Z'), periodStart: at('2025-07-01T00:00:00Z') };
    expect(decideBillingPeriod(paid, staleEvent)).toMatchObject({ apply: false });
    expect(decideBillingPeriod(FRESH_ALLOWANCE, later)).toEqual({ apply: true, newPeriod: true });
  });

  it('ignores a cancel older than the latest billing event', () => {
    expect(decideCancel(paid, at('2025-06-01T00:00:04Z'))).toMatchObject({ apply: false });
    expect(decideCancel(paid, at('2025-06-01T00:00:06Z'))).toEqual({ apply: true, newPeriod: false });
    expect(decideCancel(FRESH_ALLOWANCE, at('2020-01-01T00:00:00Z'))).toMatchObject({ apply: true });
  });
});

describe('quota settings', () => {
  it('defaults to port 8104 and a 300 s reservation', () => {
    expect(parseConfig(quotaConfigShape, {})).toMatchObject({ PORT: 8104, RESERVATION_TTL_SECONDS: 300 });
    expect(parseConfig(quotaConfigShape, { RESERVATION_TTL_SECONDS: '600' }).RESERVATION_TTL_SECONDS).toBe(600);
  });

  it('refuses a reservation time shorter than a generation can take', () => {
    expect(() => parseConfig(quotaConfigShape, { RESERVATION_TTL_SECONDS: '5' })).toThrow(ConfigError);
    expect(() => parseConfig(quotaConfigShape, { RESERVATION_TTL_SECONDS: 'soon' })).toThrow(/RESERVATION_TTL_SECONDS/);
  });
});

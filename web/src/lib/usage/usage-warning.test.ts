import { describe, expect, it } from 'vitest';
import { limitMessage, usageStatus } from './usage-warning';

describe('usage warning (docs/product.md §2)', () => {
  it('rounds the percentage and warns from 80 %', () => {
    expect(usageStatus({ used: 3, limit: 5 })).toEqual({
      percent: 60,
      approachingLimit: false,
      freeTrial: true,
      remaining: 2,
      limitReached: false,
    });
    expect(usageStatus({ used: 4, limit: 5 })).toMatchObject({ percent: 80, approachingLimit: true });
    expect(usageStatus({ used: 79, limit: 100 })).toMatchObject({ percent: 79, approachingLimit: false });
    // 159/200 = 79.5 % rounds to 80 %.
    expect(usageStatus({ used: 159, limit: 200 })).toMatchObject({ percent: 80, approachingLimit: true });
  });

  it('offers the upgrade only on the free trial (limit 5)', () => {
    expect(usageStatus({ used: 0, limit: 5 }).freeTrial).toBe(true);
    expect(usageStatus({ used: 0, limit: 100 }).freeTrial).toBe(false);
  });

  it('caps the bar at 100 % and never divides by zero', () => {
    expect(usageStatus({ used: 7, limit: 5 })).toMatchObject({ percent: 100, remaining: 0 });
    expect(usageStatus({ used: 0, limit: 0 })).toMatchObject({ percent: 0 });
  });
});

describe('limitMessage (issue 13, item 1)', () => {
  it('keeps docs/product.md §8 words for the free trial', () => {
    expect(limitMessage({ used: 5, limit: 5 }, { used: 5, limit: 5, plan: 'free', resetsAt: null })).toBe(
      "You've used all 5 free sequences. Upgrade to continue generating email sequences.",
    );
    expect(limitMessage({ used: 5, limit: 5 })).toBe(
      "You've used all 5 free sequences. Upgrade to continue generating email sequences.",
    );
  });

  it("names a paid user's plan and the day its sequences come back", () => {
    const details = { used: 200, limit: 200, plan: 'leader' as const, resetsAt: '2026-12-22T10:00:00.000Z' };
    expect(limitMessage(details, details)).toBe(
      "You've used all 200 sequences of your Sales Leader plan for this period. They renew on December 22, 2026. Upgrade for more sequences now.",
    );
    // Details not loaded yet: still not the free-trial text for a paid limit.
    expect(limitMessage({ used: 100, limit: 100 })).toBe(
      "You've used all 100 sequences of your plan for this period. Upgrade for more sequences now.",
    );
  });

  it('is reached at the limit, not before', () => {
    expect(usageStatus({ used: 4, limit: 5 }).limitReached).toBe(false);
    expect(usageStatus({ used: 5, limit: 5 }).limitReached).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { usageStatus } from './usage-warning';

describe('usage warning (spec §2)', () => {
  it('rounds the percentage and warns from 80 %', () => {
    expect(usageStatus({ used: 3, limit: 5 })).toEqual({
      percent: 60,
      approachingLimit: false,
      freeTrial: true,
      remaining: 2,
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

import { describe, expect, it } from 'vitest';
import {
  annualSavings,
  formatUsd,
  getStartedHref,
  monthlyEquivalent,
  PLANS,
  periodUnit,
  planPrice,
  pricingPageId,
} from './plans';

describe('plans', () => {
  it('match docs/product.md §9: names, prices, quotas, one popular plan', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.monthlyPrice, p.sequencesPerMonth])).toEqual([
      ['individual', 'Individual Contributor', 15, 100],
      ['leader', 'Sales Leader', 25, 200],
      ['organization', 'Sales Org', 50, 500],
    ]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['leader']);
  });

  it('charge ten months for a year', () => {
    expect(PLANS.map((p) => planPrice(p, 'monthly'))).toEqual([15, 25, 50]);
    expect(PLANS.map((p) => planPrice(p, 'annual'))).toEqual([150, 250, 500]);
    expect(PLANS.map((p) => annualSavings(p))).toEqual([30, 50, 100]);
  });

  it('show the monthly equivalent of annual billing', () => {
    expect(PLANS.map((p) => monthlyEquivalent(p, 'annual'))).toEqual([12.5, 20.83, 41.67]);
    expect(monthlyEquivalent({ monthlyPrice: 15 }, 'monthly')).toBe(15);
    expect(periodUnit('annual')).toBe('year');
    expect(periodUnit('monthly')).toBe('month');
  });

  it('format dollars without needless cents', () => {
    expect(formatUsd(15)).toBe('$15');
    expect(formatUsd(150)).toBe('$150');
    expect(formatUsd(12.5)).toBe('$12.50');
  });

  it('lead Get Started to /auth when signed out, else to the checkout', () => {
    expect(getStartedHref('leader', 'annual', false)).toBe('/auth');
    expect(getStartedHref('individual', 'monthly', true)).toBe('/subscribe?plan=individual');
    expect(getStartedHref('organization', 'annual', true)).toBe('/subscribe?plan=sales-org&billing=annual');
    expect(pricingPageId('organization')).toBe('sales-org');
  });
});

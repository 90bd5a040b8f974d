import { describe, expect, it } from 'vitest';
import { PlanType } from '../src/http/billing.ts';
import { ANNUAL_MONTHS_CHARGED, FREE_TRIAL_SEQUENCES, PLAN_TYPES, PLANS, planById } from '../src/plans.ts';

describe('plans (docs/product.md §9)', () => {
  it('are the three paid plans, each once, in the order of PLAN_TYPES', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_TYPES]);
    expect(PlanType.options).toEqual([...PLAN_TYPES]);
  });

  it('have the names, monthly prices and sequences of the product', () => {
    expect(PLANS.map((plan) => [plan.id, plan.name, plan.monthlyPrice, plan.sequencesPerMonth])).toEqual([
      ['individual', 'Individual Contributor', 15, 100],
      ['leader', 'Sales Leader', 25, 200],
      ['organization', 'Sales Org', 50, 500],
    ]);
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['leader']);
  });

  it('list their sequences first, then the features every plan includes', () => {
    for (const plan of PLANS) {
      expect(plan.features).toEqual([
        `${plan.sequencesPerMonth} sequences per month`,
        'AI-powered company analysis',
        'Personalised 7‑email sequences',
        'Case study integration',
        'Export to CSV and text',
      ]);
    }
  });

  it('are found by id', () => {
    for (const id of PLAN_TYPES) expect(planById(id).id).toBe(id);
    expect(planById('leader').name).toBe('Sales Leader');
    expect(() => planById('enterprise' as never)).toThrow(/no plan "enterprise"/);
  });

  it('charge ten months for a year, after a free trial of 5 sequences', () => {
    expect(ANNUAL_MONTHS_CHARGED).toBe(10);
    expect(FREE_TRIAL_SEQUENCES).toBe(5);
  });
});

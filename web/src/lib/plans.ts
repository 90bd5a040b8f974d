import {
  ANNUAL_MONTHS_CHARGED,
  type BillingPeriod,
  FREE_TRIAL_SEQUENCES,
  PLANS,
  type Plan,
  type PlanType,
} from '@seqgen/proto';

/**
 * The three paid plans (docs/product.md §3, §9) come from proto, where billing reads the same
 * terms; this is how the landing page, /pricing and /subscribe price and link them.
 */
export { PLANS, type Plan };

export const FREE_TRIAL_NOTE = `All plans include a ${FREE_TRIAL_SEQUENCES}-sequence free trial`;

/** The price charged once per billing period. */
export function planPrice(plan: Pick<Plan, 'monthlyPrice'>, period: BillingPeriod): number {
  return period === 'annual' ? plan.monthlyPrice * ANNUAL_MONTHS_CHARGED : plan.monthlyPrice;
}

/** What annual billing works out to per month, rounded to cents. */
export function monthlyEquivalent(plan: Pick<Plan, 'monthlyPrice'>, period: BillingPeriod): number {
  return period === 'annual' ? Math.round((planPrice(plan, 'annual') / 12) * 100) / 100 : plan.monthlyPrice;
}

/** Dollars saved per year by paying annually. */
export function annualSavings(plan: Pick<Plan, 'monthlyPrice'>): number {
  return plan.monthlyPrice * 12 - planPrice(plan, 'annual');
}

export function periodUnit(period: BillingPeriod): 'month' | 'year' {
  return period === 'annual' ? 'year' : 'month';
}

/** $15, $150, $12.50: whole dollars without cents, otherwise two decimals. */
export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** /pricing names the top tier "sales-org"; /subscribe and the API call it "organization" (docs/product.md §3). */
export function pricingPageId(id: PlanType): string {
  return id === 'organization' ? 'sales-org' : id;
}

/** Where a plan's Get Started leads from /pricing: sign-in first, else the checkout (docs/product.md §2). */
export function getStartedHref(id: PlanType, period: BillingPeriod, signedIn: boolean): string {
  if (!signedIn) return '/auth';
  const query = new URLSearchParams({ plan: pricingPageId(id) });
  if (period === 'annual') query.set('billing', 'annual');
  return `/subscribe?${query}`;
}

import type { BillingPeriod, PlanType } from '@seqgen/proto';

/**
 * The three paid plans (docs/product.md §3, §9) in one place, for the landing page, /pricing and /subscribe.
 * Plans differ only by monthly quota; every plan includes the same features.
 */
export interface Plan {
  id: PlanType;
  name: string;
  /** US dollars per month on monthly billing. */
  monthlyPrice: number;
  sequencesPerMonth: number;
  description: string;
  features: readonly string[];
  popular: boolean;
}

/** docs/product.md §9: annual billing costs ten months (two months free). */
export const ANNUAL_MONTHS_CHARGED = 10;
export const FREE_TRIAL_NOTE = 'All plans include a 5-sequence free trial';

const included = [
  'AI-powered company analysis',
  'Personalised 7‑email sequences',
  'Case study integration',
  'Export to CSV and text',
] as const;

export const PLANS: readonly Plan[] = [
  {
    id: 'individual',
    name: 'Individual Contributor',
    monthlyPrice: 15,
    sequencesPerMonth: 100,
    description: 'For SDRs and AEs running their own outbound.',
    features: ['100 sequences per month', ...included],
    popular: false,
  },
  {
    id: 'leader',
    name: 'Sales Leader',
    monthlyPrice: 25,
    sequencesPerMonth: 200,
    description: 'For team leads who write sequences for their reps.',
    features: ['200 sequences per month', ...included],
    popular: true,
  },
  {
    id: 'organization',
    name: 'Sales Org',
    monthlyPrice: 50,
    sequencesPerMonth: 500,
    description: 'For sales organisations running outbound at scale.',
    features: ['500 sequences per month', ...included],
    popular: false,
  },
];

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

import { type BillingPeriod, type PlanType, SUBSCRIPTION_PLAN_NAME_PREFIX } from '@seqgen/proto';

/** What each plan costs and allows (docs/product.md §9). Prices in US cents, as payment providers count. */
export interface PlanTerms {
  name: string;
  monthlyCents: number;
  /** Sequences per month; quota gets it as the limit of each monthly usage window. */
  sequencesPerMonth: number;
}

export const PLAN_TERMS: Record<PlanType, PlanTerms> = {
  individual: { name: 'Individual Contributor', monthlyCents: 1500, sequencesPerMonth: 100 },
  leader: { name: 'Sales Leader', monthlyCents: 2500, sequencesPerMonth: 200 },
  organization: { name: 'Sales Org', monthlyCents: 5000, sequencesPerMonth: 500 },
};

/** docs/product.md §9: a year costs ten months (two months free). */
export const ANNUAL_MONTHS_CHARGED = 10;

export type Interval = 'month' | 'year';

export const intervalOf = (period: BillingPeriod): Interval => (period === 'annual' ? 'year' : 'month');

export function priceCents(plan: PlanType, period: BillingPeriod): number {
  const { monthlyCents } = PLAN_TERMS[plan];
  return period === 'annual' ? monthlyCents * ANNUAL_MONTHS_CHARGED : monthlyCents;
}

/** The name a provider's product carries, e.g. "seqgen Sales Leader" (the web strips the prefix). */
export const productName = (plan: PlanType) => `${SUBSCRIPTION_PLAN_NAME_PREFIX}${PLAN_TERMS[plan].name}`;

/** The Stripe lookup_key a price is found by when no STRIPE_PRICE_* setting names it. */
export const priceLookupKey = (plan: PlanType, period: BillingPeriod) => `seqgen_${plan}_${period}`;

/** Calendar months in UTC; the 31st plus a month is the last day of a shorter month. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addInterval = (date: Date, interval: Interval) => addMonths(date, interval === 'year' ? 12 : 1);

/**
 * Plans promise sequences per month, also when billed yearly: quota's usage window is a calendar
 * month counted from the start of the paid period (the whole period on monthly billing). Returns
 * the window that starts at or after `from`, or null when the period has no more windows.
 */
export function usageWindowFrom(periodStart: Date, periodEnd: Date, from: Date = periodStart) {
  for (let month = 0; month <= 12; month++) {
    const start = addMonths(periodStart, month);
    if (start >= periodEnd) return null;
    if (start >= from) {
      const end = addMonths(periodStart, month + 1);
      return { start, end: end < periodEnd ? end : periodEnd };
    }
  }
  return null;
}

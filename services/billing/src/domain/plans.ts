import {
  ANNUAL_MONTHS_CHARGED,
  type BillingPeriod,
  type PlanType,
  planById,
  SUBSCRIPTION_PLAN_NAME_PREFIX,
} from '@seqgen/proto';

export type Interval = 'month' | 'year';

export const intervalOf = (period: BillingPeriod): Interval => (period === 'annual' ? 'year' : 'month');

/** What a plan costs per billing period (proto's plans, docs/product.md §9), in US cents, as payment providers count. */
export function priceCents(plan: PlanType, period: BillingPeriod): number {
  const monthlyCents = Math.round(planById(plan).monthlyPrice * 100);
  return period === 'annual' ? monthlyCents * ANNUAL_MONTHS_CHARGED : monthlyCents;
}

/** The name a provider's product carries, e.g. "seqgen Sales Leader" (the web strips the prefix). */
export const productName = (plan: PlanType) => `${SUBSCRIPTION_PLAN_NAME_PREFIX}${planById(plan).name}`;

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

import { type BillingPeriod, SUBSCRIPTION_PLAN_NAME_PREFIX, type SubscriptionResponse } from '@seqgen/proto';
import { ApiError, errorText } from '../../lib/api';
import { PLANS, type Plan } from '../../lib/plans';

export const INVALID_PLAN = 'Invalid plan selected';
export const PAYMENT_DETAILS_INVALID = 'Please enter valid payment details.';
export const CREATE_FAILED = 'Failed to create subscription';
export const FORM_UNAVAILABLE = 'Unable to load payment form. Please refresh the page or contact support.';
export const FORM_NOT_LOADED = 'Payment form not loaded. Please refresh and try again.';
/** docs/product.md §9: the success page promises the next charge 30 days out. */
export const NEXT_BILLING_DAYS = 30;

export type Subscription = NonNullable<SubscriptionResponse['subscription']>;

/**
 * Words of the checkout and success screens that are not strings of docs/product.md §8: kept together so the pages
 * say the same thing the same way (the strings of docs/product.md §8 stay beside their rules above).
 */
export const CHECKOUT_COPY = {
  subscribedTitle: "You're already subscribed",
  subscribedBody: (plan: string, price: string) =>
    `You're on ${plan} (${price}). Change, cancel or reactivate it from Subscription management.`,
  manageLink: 'Manage subscription',
  loadingSubscription: 'Checking your subscription…',
  subscriptionUnavailable: 'We could not load your subscription. Please refresh the page.',
  /** Shown under the payment form: the Subscribe button is what starts the subscription. */
  confirmHint: 'Nothing is created or charged until you press Subscribe.',
  noSubscriptionTitle: 'No active subscription',
  noSubscriptionBody:
    'There is no paid plan on your account yet, so there is nothing to confirm here. Choose a plan to get started.',
  noSubscriptionLink: 'View plans',
  confirmingPayment: 'Confirming your payment…',
  activeLine: 'Your subscription is active. Thanks for choosing seqgen.',
  otherStatusLine: (status: string) => `Your subscription status: ${status}.`,
} as const;

/**
 * The plan a /subscribe link names. /pricing calls the top tier "sales-org", /subscribe and the
 * API "organization" (docs/product.md §3); both are accepted. No plan is `null`; an unknown one `'invalid'`.
 */
export function planFromQuery(value: string | null): Plan | null | 'invalid' {
  if (value === null || value === '') return null;
  const id = value === 'sales-org' ? 'organization' : value;
  return PLANS.find((plan) => plan.id === id) ?? 'invalid';
}

export function periodFromQuery(value: string | null): BillingPeriod {
  return value === 'annual' ? 'annual' : 'monthly';
}

/** /subscription-success?plan=leader&billing=annual: also Stripe's return address after 3-D Secure. */
export function successPath(plan: Plan, period: BillingPeriod): string {
  return `/subscription-success?${new URLSearchParams({ plan: plan.id, billing: period })}`;
}

/** "seqgen Sales Leader" → "Sales Leader" (docs/product.md §3). */
export function displayPlanName(name: string): string {
  return name.startsWith(SUBSCRIPTION_PLAN_NAME_PREFIX) ? name.slice(SUBSCRIPTION_PLAN_NAME_PREFIX.length) : name;
}

/** The known plan a subscription's provider name stands for ("seqgen Sales Org" → Sales Org). */
export function planOfSubscription(subscription: Subscription): Plan | null {
  const name = displayPlanName(subscription.plan.name);
  return PLANS.find((plan) => plan.name === name) ?? null;
}

/** A subscription's price in dollars per its own interval (the API answers cents). */
export function subscriptionPrice(subscription: Subscription): { amount: number; unit: 'month' | 'year' } {
  return { amount: subscription.plan.amount / 100, unit: subscription.plan.interval };
}

/**
 * Next billing on the success page: docs/product.md §9 says 30 days out, which is true of monthly plans; a
 * yearly plan next bills at the end of its paid year, so that date comes from the subscription.
 */
export function nextBillingDate(subscription: Subscription, today: Date): Date {
  return subscription.plan.interval === 'year'
    ? new Date(subscription.current_period_end * 1000)
    : addDays(today, NEXT_BILLING_DAYS);
}

/** The human part of a failed call: the server's message without the "402: " status prefix. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return errorText(error.body, '') || undefined;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date.getTime());
  next.setDate(next.getDate() + days);
  return next;
}

/** December 22, 2026 */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

/** "active" → "Active", "past_due" → "Past due". */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34" while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Shape checks before anything is sent; the card's fate is the provider's to decide. */
export function cardDetailsValid({ number, expiry, cvc }: CardDetails, today = new Date()): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  // A card is good through the last day of its expiry month.
  if (new Date(year, month, 1) <= today) return false;
  return /^\d{3,4}$/.test(cvc.trim());
}

import type { BillingPeriod, PlanType } from '@seqgen/proto';
import type { Interval } from '../domain/plans.ts';

/** A subscription as the payment provider sees it. */
export interface ProviderSubscription {
  providerSubscriptionId: string;
  /** The provider's status: incomplete, active, past_due, canceled, incomplete_expired, … */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  amountCents: number;
  interval: Interval;
}

export interface Checkout {
  subscription: ProviderSubscription;
  /** What the browser confirms the first payment with. */
  clientSecret: string;
  /** Sandbox only: the secret's hash, kept so its confirmation can be checked. */
  secretHash?: string;
}

export interface StartCheckout {
  userId: string;
  email: string;
  customerId: string | null;
  plan: PlanType;
  period: BillingPeriod;
  /** Repeating a call with the same key never makes a second subscription at the provider. */
  idempotencyKey: string;
}

/**
 * A provider's notification, reduced to what billing acts on. `createdAt` orders notifications
 * that arrive out of order (webhooks are retried and not sequenced).
 */
export type ProviderEvent = { id: string; type: string; createdAt: Date } & (
  | { kind: 'invoice_paid'; providerSubscriptionId: string; periodStart: Date; periodEnd: Date }
  | { kind: 'subscription_updated'; subscription: ProviderSubscription }
  | { kind: 'subscription_deleted'; providerSubscriptionId: string }
  | { kind: 'ignored' }
);

export type ResumedCheckout =
  | ({ state: 'pending' } & Omit<Checkout, 'subscription'>)
  | { state: 'live' }
  | { state: 'gone' };

/** The one seam between billing and a payment provider: Stripe, or the built-in sandbox. */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** The provider's customer for the user, created on first use; null when it has no customers. */
  ensureCustomer(user: { userId: string; email: string }, existing: string | null): Promise<string | null>;
  /** Starts an unpaid subscription whose first payment the browser confirms with the secret. */
  startCheckout(request: StartCheckout): Promise<Checkout>;
  /**
   * Where an earlier checkout stands at the provider: still unpaid (with the secret to show its
   * payment form again), already paid (its webhook may still be on the way), or gone.
   */
  resumeCheckout(providerSubscriptionId: string): Promise<ResumedCheckout>;
  /** Drops an unpaid checkout (nothing was charged). */
  abandonCheckout(providerSubscriptionId: string): Promise<void>;
  /** Sets or clears "cancel at period end"; null when the provider keeps no state (sandbox). */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<ProviderSubscription | null>;
}

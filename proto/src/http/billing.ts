import { z } from 'zod';
import { PLAN_TYPES } from '../plans.ts';
import { text } from './common.ts';

/** /subscribe calls the top tier "organization", /pricing calls it "sales-org" (docs/product.md §3). */
export const PlanType = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanType>;

export const BillingPeriod = z.enum(['monthly', 'annual']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export const CreateSubscriptionRequest = z.object({
  planType: PlanType,
  billing: BillingPeriod.default('monthly'),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

export const CreateSubscriptionResponse = z.object({ clientSecret: text() });
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;

export const SubscriptionResponse = z.object({
  hasSubscription: z.boolean(),
  subscription: z
    .object({
      status: text(),
      cancel_at_period_end: z.boolean(),
      /** Seconds since the epoch. */
      current_period_end: z.number().int(),
      plan: z.object({
        name: text(),
        amount: z.number().int(),
        interval: z.enum(['month', 'year']),
      }),
    })
    .nullable(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

/**
 * `plan.amount` above is in cents (Stripe's convention: 2500 = $25.00) and `plan.name` carries the
 * product prefix ("seqgen Sales Leader") that the web strips for display (docs/product.md §3).
 */
export const SUBSCRIPTION_PLAN_NAME_PREFIX = 'seqgen ';

/** GET /api/billing/config: which checkout the web shows. */
export const BillingConfigResponse = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), publishableKey: text().min(1) }),
  /** The built-in test checkout (no payment provider configured). */
  z.object({ provider: z.literal('sandbox') }),
]);
export type BillingConfigResponse = z.infer<typeof BillingConfigResponse>;

/** POST /api/billing/sandbox/confirm: the sandbox's stand-in for confirming a card payment. */
export const SandboxConfirmRequest = z.object({
  clientSecret: text({ error: 'clientSecret is required' })
    .min(1, 'clientSecret is required')
    .max(200, 'clientSecret is too long'),
  cardNumber: text({ error: 'Your card number is invalid.' })
    .max(32, 'Your card number is invalid.')
    .regex(/^[\d -]*$/, 'Your card number is invalid.'),
});
export type SandboxConfirmRequest = z.infer<typeof SandboxConfirmRequest>;

export const SandboxConfirmResponse = z.object({ status: z.literal('succeeded') });
export type SandboxConfirmResponse = z.infer<typeof SandboxConfirmResponse>;

import { z } from 'zod';

/** /subscribe calls the top tier "organization", /pricing calls it "sales-org" (spec §3). */
export const PlanType = z.enum(['individual', 'leader', 'organization']);
export type PlanType = z.infer<typeof PlanType>;

export const BillingPeriod = z.enum(['monthly', 'annual']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export const CreateSubscriptionRequest = z.object({
  planType: PlanType,
  billing: BillingPeriod.default('monthly'),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

export const CreateSubscriptionResponse = z.object({ clientSecret: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;

export const SubscriptionResponse = z.object({
  hasSubscription: z.boolean(),
  subscription: z
    .object({
      status: z.string(),
      cancel_at_period_end: z.boolean(),
      /** Seconds since the epoch. */
      current_period_end: z.number().int(),
      plan: z.object({
        name: z.string(),
        amount: z.number().int(),
        interval: z.enum(['month', 'year']),
      }),
    })
    .nullable(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

import { httpUrl, positiveInt, type SettingProblem, serviceSettings, sharedSettings } from '@seqgen/kit';
import type { BillingPeriod, PlanType } from '@seqgen/proto';
import { z } from 'zod';

export const BILLING_DEFAULT_PORT = 8106;

const priceId = z
  .string()
  .regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_…)')
  .optional();

export const billingConfigShape = {
  ...serviceSettings(BILLING_DEFAULT_PORT),
  ...sharedSettings.sessions,
  ...sharedSettings.publicUrl,
  ...sharedSettings.trustedProxies,
  /** With STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY: real payments. Without: the sandbox. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_…, pk_live_…)')
    .optional(),
  /** Tests only: the Stripe-shaped server the SDK talks to instead of https://api.stripe.com. */
  STRIPE_API_BASE_URL: httpUrl.optional(),
  /** Price ids per plan and period; a price not named here is looked up by lookup_key seqgen_<plan>_<period>. */
  STRIPE_PRICE_INDIVIDUAL_MONTHLY: priceId,
  STRIPE_PRICE_INDIVIDUAL_ANNUAL: priceId,
  STRIPE_PRICE_LEADER_MONTHLY: priceId,
  STRIPE_PRICE_LEADER_ANNUAL: priceId,
  STRIPE_PRICE_ORGANIZATION_MONTHLY: priceId,
  STRIPE_PRICE_ORGANIZATION_ANNUAL: priceId,
  /** Checkouts one user may start per hour (each may call the payment provider). */
  CHECKOUTS_PER_HOUR: positiveInt(20),
  /** Card confirmations one user may try per hour in the sandbox (card-testing guard). */
  PAYMENT_ATTEMPTS_PER_HOUR: positiveInt(30),
};

export type BillingConfig = z.infer<z.ZodObject<typeof billingConfigShape>>;

export type PriceIds = Partial<Record<`${PlanType}:${BillingPeriod}`, string>>;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  apiBaseUrl: string | undefined;
  priceIds: PriceIds;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

/** Stripe needs all three keys; some without the others is a mistake, none means the sandbox. */
export function billingSettingProblems(config: BillingConfig): SettingProblem[] {
  const missing = STRIPE_KEYS.filter((key) => !config[key]);
  if (missing.length === STRIPE_KEYS.length) return [];
  return missing.map((key) => ({ setting: key, message: 'required when the other Stripe settings are set' }));
}

/** The Stripe settings, or null for the sandbox (billingSettingProblems has passed). */
export function stripeSettings(config: BillingConfig): StripeSettings | null {
  if (STRIPE_KEYS.some((key) => !config[key])) return null;
  const priceIds: PriceIds = {};
  for (const plan of ['individual', 'leader', 'organization'] as const) {
    for (const period of ['monthly', 'annual'] as const) {
      const id = config[`STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}` as keyof BillingConfig];
      if (typeof id === 'string') priceIds[`${plan}:${period}`] = id;
    }
  }
  return {
    secretKey: config.STRIPE_SECRET_KEY as string,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET as string,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY as string,
    apiBaseUrl: config.STRIPE_API_BASE_URL,
    priceIds,
  };
}

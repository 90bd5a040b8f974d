import { badGateway, type Logger, serviceUnavailable } from '@seqgen/kit';
import type { BillingPeriod, PlanType } from '@seqgen/proto';
import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import { priceLookupKey } from '../domain/plans.ts';
import type { Checkout, PaymentProvider, ProviderEvent, ProviderSubscription } from './types.ts';

export const PROVIDER_UNREACHABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';
export const PROVIDER_REFUSED_MESSAGE =
  'The payment provider refused the request. Please try again or contact support.';
export const NO_CLIENT_SECRET_MESSAGE = 'The payment provider did not return a payment form. Please try again.';

export interface StripeProvider extends PaymentProvider {
  readonly kind: 'stripe';
  readonly publishableKey: string;
  /** Verifies the Stripe-Signature header over the raw body; throws StripeSignatureVerificationError. */
  parseWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

/** The SDK pointed at STRIPE_API_BASE_URL when set (tests: a Stripe-shaped server on 127.0.0.1). */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBaseUrl'>): Stripe {
  const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'seqgen-billing' },
    ...(base && {
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
    }),
  });
}

const toDate = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** API 2025-03+ keeps the billing period on the subscription's item, not the subscription. */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    providerSubscriptionId: subscription.id,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: toDate(item?.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end),
    amountCents: item?.price.unit_amount ?? 0,
    interval: item?.price.recurring?.interval === 'year' ? 'year' : 'month',
  };
}

/** Paid (or being collected): never to be dropped as an abandoned checkout. */
const LIVE_STRIPE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** Stripe's failures as the caller should see them; the details stay in the log. */
async function calling<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.warn({ err: { type: error.type, code: error.code, message: error.message } }, `stripe ${what} failed`);
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      throw badGateway(PROVIDER_REFUSED_MESSAGE);
    }
    throw badGateway(PROVIDER_UNREACHABLE_MESSAGE);
  }
}

export function createStripeProvider(settings: StripeSettings, logger: Logger, client = createStripeClient(settings)) {
  const lookedUp = new Map<string, Promise<string>>();

  /** A STRIPE_PRICE_* setting, else the active price with lookup_key seqgen_<plan>_<period>. */
  function priceIdFor(plan: PlanType, period: BillingPeriod): Promise<string> {
    const configured = settings.priceIds[`${plan}:${period}`];
    if (configured) return Promise.resolve(configured);
    const key = priceLookupKey(plan, period);
    let found = lookedUp.get(key);
    if (!found) {
      found = calling(logger, 'price lookup', () =>
        client.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
      ).then((list) => {
        const price = list.data[0];
        if (!price) {
          logger.error({ lookupKey: key }, 'no Stripe price: set the STRIPE_PRICE_* setting or a lookup_key');
          throw serviceUnavailable('This plan cannot be bought right now. Please contact support.');
        }
        return price.id;
      });
      // Only a found price is remembered: a missing one may be created in Stripe meanwhile.
      found.catch(() => lookedUp.delete(key));
      lookedUp.set(key, found);
    }
    return found;
  }

  const expandSecret = ['latest_invoice.confirmation_secret'];

  const provider: StripeProvider = {
    kind: 'stripe',
    publishableKey: settings.publishableKey,

    async ensureCustomer({ userId, email }, existing) {
      if (existing) return existing;
      const customer = await calling(logger, 'customer create', () =>
        client.customers.create({ email, metadata: { userId } }, { idempotencyKey: `seqgen-customer-${userId}` }),
      );
      return customer.id;
    },

    async startCheckout({ userId, customerId, plan, period, idempotencyKey }): Promise<Checkout> {
      if (!customerId) throw new Error('a Stripe checkout needs a customer');
      const price = await priceIdFor(plan, period);
      const subscription = await calling(logger, 'subscription create', () =>
        client.subscriptions.create(
          {
            customer: customerId,
            items: [{ price }],
            // Nothing is charged until the browser confirms the first invoice's payment.
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { userId, plan, billing: period },
            expand: expandSecret,
          },
          { idempotencyKey },
        ),
      );
      const clientSecret = clientSecretOf(subscription);
      if (!clientSecret) throw badGateway(NO_CLIENT_SECRET_MESSAGE);
      return { subscription: toProviderSubscription(subscription), clientSecret };
    },

    async resumeCheckout(providerSubscriptionId) {
      let subscription: Stripe.Subscription;
      try {
        subscription = await client.subscriptions.retrieve(providerSubscriptionId, { expand: expandSecret });
      } catch (error) {
        if (isMissing(error)) return { state: 'gone' };
        return calling(logger, 'subscription retrieve', () => Promise.reject(error));
      }
      if (subscription.status === 'incomplete') {
        const clientSecret = clientSecretOf(subscription);
        return clientSecret ? { state: 'pending', clientSecret } : { state: 'gone' };
      }
      return LIVE_STRIPE_STATUSES.has(subscription.status) ? { state: 'live' } : { state: 'gone' };
    },

    async abandonCheckout(providerSubscriptionId) {
      try {
        await client.subscriptions.cancel(providerSubscriptionId);
      } catch (error) {
        // Gone meanwhile (expired after 23 hours, or canceled): nothing left that could charge.
        if (isMissing(error)) return;
        await calling(logger, 'subscription cancel', () => Promise.reject(error));
      }
    },

    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      const subscription = await calling(logger, 'subscription update', () =>
        client.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel }),
      );
      return toProviderSubscription(subscription);
    },

    parseWebhook(rawBody, signature) {
      const event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      return toProviderEvent(event);
    },
  };
  return provider;
}

/** The three notifications billing acts on; everything else is acknowledged and ignored. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) };
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      // The invoice's own period_start/end describe the previous period; the subscription line
      // carries the period just paid for.
      const line =
        invoice.lines.data.find((l) => l.parent?.type === 'subscription_item_details') ?? invoice.lines.data[0];
      if (!subscriptionId || !line) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'invoice_paid',
        providerSubscriptionId: subscriptionId,
        periodStart: new Date(line.period.start * 1000),
        periodEnd: new Date(line.period.end * 1000),
      };
    }
    case 'customer.subscription.updated':
      return { ...base, kind: 'subscription_updated', subscription: toProviderSubscription(event.data.object) };
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription_deleted', providerSubscriptionId: event.data.object.id };
    default:
      return { ...base, kind: 'ignored' };
  }
}

import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDeps } from '../src/app.ts';
import { ALREADY_SUBSCRIBED_MESSAGE, advanceBillingClock } from '../src/domain/billing.ts';
import { createSandboxProvider, sandboxSubscriptionOf } from '../src/providers/sandbox.ts';
import { createStripeProvider } from '../src/providers/stripe.ts';
import { BillingHarness, newUser } from './support/harness.ts';
import { StripeStandIn } from './support/stripe-stand-in.ts';

const DAY = 24 * 60 * 60 * 1000;
const LEADER_MONTHLY = { planType: 'leader', billing: 'monthly' } as const;

/**
 * The web creates a subscription only when the user presses Subscribe, and may press it again
 * (a declined card, a double click, a second tab). Billing's rule that makes that safe: an open
 * unpaid checkout for the same user, plan and period is reused, never a second one made; another
 * plan or period gets its own; a paid one is never handed out again as a checkout.
 */
interface ProviderUnderTest {
  name: string;
  open(h: BillingHarness, variant: Parameters<BillingHarness['open']>[0]): Promise<void>;
  close(): Promise<void>;
  /** Pays the checkout the client secret belongs to, as the browser would. */
  pay(h: BillingHarness, userId: string, clientSecret: string): Promise<void>;
  /** Ends the user's paid subscription, as the provider would at the end of a canceled period. */
  end(h: BillingHarness, userId: string): Promise<void>;
  /** How many subscriptions the provider itself holds for the user. */
  atProvider(h: BillingHarness, userId: string): Promise<number>;
}

const newest = async (h: BillingHarness, userId: string) => {
  const rows = await h.subscriptionsOf(userId);
  const row = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!row) throw new Error(`no subscription for ${userId}`);
  return row;
};

const sandbox: ProviderUnderTest = {
  name: 'sandbox',
  async open(h, variant) {
    await h.open(variant, { provider: createSandboxProvider() });
  },
  async close() {},
  async pay(h, userId, clientSecret) {
    const paid = await h.call(userId, 'POST', '/api/billing/sandbox/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.statusCode, paid.body).toBe(200);
  },
  async end(h, userId) {
    expect((await h.call(userId, 'POST', '/api/subscription/cancel')).statusCode).toBe(200);
    // The sandbox's own clock, a period and a bit later: a canceled plan ends.
    const deps = billingDeps({
      logger: h.logger,
      readiness: h.infra.readiness,
      db: h.infra.database.db,
      outbox: h.outbox,
      store: h.infra.store,
      sessions: { authenticate: async () => null, requireUser: async () => Promise.reject(new Error()) },
      provider: createSandboxProvider(),
      trustedProxies: 'loopback',
    });
    await advanceBillingClock({ ...deps, now: () => new Date(Date.now() + 32 * DAY) });
    expect((await newest(h, userId)).status).toBe('canceled');
  },
  // The sandbox's subscriptions are billing's own rows.
  async atProvider(h, userId) {
    return (await h.subscriptionsOf(userId)).length;
  },
};

function stripeProvider(): ProviderUnderTest {
  const stripe = new StripeStandIn();
  return {
    name: 'Stripe (a Stripe-shaped server)',
    async open(h, variant) {
      await stripe.start();
      const provider = createStripeProvider(
        {
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          publishableKey: stripe.publishableKey,
          apiBaseUrl: stripe.url,
          priceIds: {},
        },
        h.logger,
      );
      await h.open(variant, { provider });
    },
    async close() {
      await stripe.stop();
    },
    async pay(h, userId) {
      const { providerSubscriptionId } = await newest(h, userId);
      const hook = stripe.webhook('invoice.paid', stripe.payFirstInvoice(providerSubscriptionId));
      const paid = await h.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: hook.headers,
        payload: hook.payload,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    },
    async end(h, userId) {
      const { providerSubscriptionId } = await newest(h, userId);
      const deleted = { ...stripe.subscriptionObject(providerSubscriptionId), status: 'canceled' };
      (stripe.subscriptions.get(providerSubscriptionId) as { status: string }).status = 'canceled';
      const hook = stripe.webhook('customer.subscription.deleted', deleted);
      const ended = await h.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: hook.headers,
        payload: hook.payload,
      });
      expect(ended.json().outcome).toBe('applied');
    },
    async atProvider(_h, userId) {
      return [...stripe.subscriptions.values()].filter((s) => (s.metadata as { userId?: string }).userId === userId)
        .length;
    },
  };
}

describe.each(await variantsToRun())('checkout reuse on $name infrastructure', (variant) => {
  describe.each([sandbox, stripeProvider()])('with the $name provider', (provider) => {
    const h = new BillingHarness();

    beforeAll(async () => {
      if (variant.skip) return;
      await provider.open(h, variant);
    });
    afterAll(async () => {
      if (variant.skip) return;
      await h.close();
      await provider.close();
    });

    const create = async (userId: string, payload: unknown = LEADER_MONTHLY) => {
      const response = await h.call(userId, 'POST', '/api/create-subscription', payload);
      return { status: response.statusCode, body: response.json() as { clientSecret?: string; message?: string } };
    };
    const open = async (userId: string) =>
      (await h.subscriptionsOf(userId)).filter((row) => row.status === 'incomplete');

    describe.skipIf(variant.skip)('', () => {
      it('reuses the open unpaid checkout for the same plan and period: same subscription, nothing new made', async () => {
        const user = newUser('reuse');
        const first = await create(user);
        expect(first.status).toBe(200);
        const [made] = await open(user);
        for (let press = 0; press < 3; press++) {
          const again = await create(user);
          expect(again.status).toBe(200);
          if (provider === sandbox) {
            // Same subscription; a fresh secret so only the newest payment form can pay.
            expect(sandboxSubscriptionOf(again.body.clientSecret ?? '')).toBe(made?.providerSubscriptionId);
          } else {
            expect(again.body.clientSecret).toBe(first.body.clientSecret);
          }
        }
        const rows = await h.subscriptionsOf(user);
        expect(rows.map((row) => [row.id, row.status])).toEqual([[made?.id, 'incomplete']]);
        expect(await provider.atProvider(h, user)).toBe(1);
      });

      it('makes a new checkout for another plan or period, leaving one open', async () => {
        const user = newUser('other-plan');
        expect((await create(user)).status).toBe(200);
        const [leader] = await open(user);

        expect((await create(user, { planType: 'organization', billing: 'monthly' })).status).toBe(200);
        const [organization] = await open(user);
        expect(organization?.id).not.toBe(leader?.id);
        expect(organization).toMatchObject({ plan: 'organization', billingPeriod: 'monthly' });

        expect((await create(user, { planType: 'organization', billing: 'annual' })).status).toBe(200);
        const [annual] = await open(user);
        expect(annual?.id).not.toBe(organization?.id);
        expect(annual).toMatchObject({ plan: 'organization', billingPeriod: 'annual', interval: 'year' });
        expect(await open(user)).toHaveLength(1);
      });

      it('never hands a paid checkout out again: refused while live, a new one after it has ended', async () => {
        const user = newUser('paid');
        const first = await create(user);
        await provider.pay(h, user, first.body.clientSecret ?? '');
        const paid = await newest(h, user);
        expect(paid.status).toBe('active');

        const again = await create(user);
        expect(again).toEqual({ status: 409, body: { error: 'conflict', message: ALREADY_SUBSCRIBED_MESSAGE } });
        expect(await h.subscriptionsOf(user)).toHaveLength(1);

        await provider.end(h, user);
        const afresh = await create(user);
        expect(afresh.status).toBe(200);
        const [next] = await open(user);
        expect(next?.id).not.toBe(paid.id);
        expect(next?.providerSubscriptionId).not.toBe(paid.providerSubscriptionId);
        expect(await provider.atProvider(h, user)).toBe(2);
      });
    });
  });
});

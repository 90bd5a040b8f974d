import { variantsToRun } from '@seqgen/kit/testing';
import type { SubscriptionResponse } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSettings } from '../src/config.ts';
import { createStripeProvider, PROVIDER_UNREACHABLE_MESSAGE } from '../src/providers/stripe.ts';
import { BAD_SIGNATURE_MESSAGE } from '../src/routes/webhook.ts';
import { BillingHarness, newUser } from './support/harness.ts';
import { StripeStandIn } from './support/stripe-stand-in.ts';

describe.each(await variantsToRun())(
  'billing with Stripe (a Stripe-shaped server) on $name infrastructure',
  (variant) => {
    const h = new BillingHarness();
    const stripe = new StripeStandIn();
    let settings: StripeSettings;

    beforeAll(async () => {
      if (variant.skip) return;
      await stripe.start();
      settings = {
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        publishableKey: stripe.publishableKey,
        apiBaseUrl: stripe.url,
        priceIds: {},
      };
      await h.open(variant, { provider: createStripeProvider(settings, h.logger) });
    });
    afterAll(async () => {
      if (variant.skip) return;
      await h.close();
      await stripe.stop();
    });

    const create = (userId: string, payload: unknown = { planType: 'leader', billing: 'monthly' }) =>
      h.call(userId, 'POST', '/api/create-subscription', payload);
    const subscriptionOf = async (userId: string) => {
      const response = await h.call(userId, 'GET', '/api/subscription');
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as SubscriptionResponse;
    };
    const send = (hook: { payload: string; headers: Record<string, string> }) =>
      h.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: hook.headers, payload: hook.payload });
    /** The Stripe subscription made for the user's newest checkout. */
    const stripeSubscriptionOf = async (userId: string) => {
      const rows = await h.subscriptionsOf(userId);
      const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      if (!newest) throw new Error(`no subscription for ${userId}`);
      return newest.providerSubscriptionId;
    };
    /** Checkout, then Stripe's invoice.paid for the first invoice. */
    const subscribe = async (userId: string, payload?: unknown) => {
      expect((await create(userId, payload)).statusCode).toBe(200);
      const subscriptionId = await stripeSubscriptionOf(userId);
      const paid = await send(stripe.webhook('invoice.paid', stripe.payFirstInvoice(subscriptionId)));
      expect(paid.statusCode, paid.body).toBe(200);
      return subscriptionId;
    };

    describe.skipIf(variant.skip)('', () => {
      it('tells the web to load Stripe with the publishable key, and has no sandbox confirm', async () => {
        expect((await h.call(null, 'GET', '/api/billing/config')).json()).toEqual({
          provider: 'stripe',
          publishableKey: stripe.publishableKey,
        });
        const sandbox = await h.call(newUser('u'), 'POST', '/api/billing/sandbox/confirm', {
          clientSecret: 'sandbox_x',
          cardNumber: '4242424242424242',
        });
        expect(sandbox.statusCode).toBe(404);
      });

      it('creates a customer and an incomplete subscription, answering the first invoice’s client secret', async () => {
        const user = newUser('checkout');
        const created = await create(user);
        expect(created.statusCode, created.body).toBe(200);
        const { clientSecret } = created.json() as { clientSecret: string };
        expect(clientSecret).toMatch(/^pi_[a-f0-9]+_secret_[a-f0-9]+$/);

        const [customerCall] = stripe
          .requestsTo('POST', '/v1/customers')
          .filter((r) => r.params.email === `${user}@acme.com`);
        expect(customerCall?.params).toMatchObject({ metadata: { userId: user } });
        expect(customerCall?.idempotencyKey).toBe(`seqgen-customer-${user}`);
        expect(customerCall?.authorization).toBe(`Bearer ${stripe.secretKey}`);
        // The price was found by its lookup_key (no STRIPE_PRICE_* setting in this run).
        expect(stripe.requestsTo('GET', '/v1/prices')[0]?.params).toMatchObject({
          lookup_keys: ['seqgen_leader_monthly'],
        });

        const subscriptionId = await stripeSubscriptionOf(user);
        const createCall = stripe
          .requestsTo('POST', '/v1/subscriptions')
          .find((r) => (r.params.metadata as { userId?: string } | undefined)?.userId === user);
        expect(createCall?.params).toMatchObject({
          customer: [...stripe.customers.values()].find((c) => c.email === `${user}@acme.com`)?.id,
          items: [{ price: stripe.priceFor('leader', 'monthly').id }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId: user, plan: 'leader', billing: 'monthly' },
        });
        expect(createCall?.idempotencyKey).toMatch(/^seqgen-subscription-[0-9a-f-]{36}$/);
        expect(stripe.subscriptionObject(subscriptionId).status).toBe('incomplete');
        expect((await subscriptionOf(user)).hasSubscription).toBe(false);
      });

      it('shows the same payment form again for the same plan, and replaces the checkout for another plan', async () => {
        const user = newUser('resume');
        const first = (await create(user)).json().clientSecret;
        const subscriptionId = await stripeSubscriptionOf(user);
        const second = (await create(user)).json().clientSecret;
        expect(second).toBe(first);
        const mine = [...stripe.subscriptions.values()].filter(
          (s) => (s.metadata as { userId: string }).userId === user,
        );
        expect(mine).toHaveLength(1);

        const other = await create(user, { planType: 'individual', billing: 'annual' });
        expect(other.statusCode).toBe(200);
        expect(other.json().clientSecret).not.toBe(first);
        // The unpaid checkout was dropped at Stripe: nothing can charge it any more.
        expect(stripe.subscriptionObject(subscriptionId).status).toBe('incomplete_expired');
        const rows = await h.subscriptionsOf(user);
        expect(rows.filter((r) => r.status === 'incomplete')).toHaveLength(1);
        expect(rows.find((r) => r.status === 'incomplete')).toMatchObject({
          plan: 'individual',
          billingPeriod: 'annual',
          amountCents: 15_000,
          interval: 'year',
        });
      });

      it('never drops a checkout Stripe has already been paid for, and replaces one Stripe expired', async () => {
        const user = newUser('paid-early');
        expect((await create(user)).statusCode).toBe(200);
        const subscriptionId = await stripeSubscriptionOf(user);
        // Paid in the browser; the invoice.paid webhook has not arrived yet.
        stripe.payFirstInvoice(subscriptionId);
        const again = await create(user, { planType: 'individual', billing: 'monthly' });
        expect(again.statusCode).toBe(409);
        expect(stripe.subscriptionObject(subscriptionId).status).toBe('active');

        const other = newUser('expired');
        expect((await create(other)).statusCode).toBe(200);
        const expiredId = await stripeSubscriptionOf(other);
        (stripe.subscriptions.get(expiredId) as { status: string }).status = 'incomplete_expired';
        const fresh = await create(other);
        expect(fresh.statusCode).toBe(200);
        expect(await stripeSubscriptionOf(other)).not.toBe(expiredId);
        expect((await h.subscriptionsOf(other)).filter((r) => r.status === 'incomplete')).toHaveLength(1);
      });

      it('activates on the signed invoice.paid webhook (billing.activated, limit 200) and counts a replay once', async () => {
        const user = newUser('paid');
        expect((await create(user)).statusCode).toBe(200);
        const subscriptionId = await stripeSubscriptionOf(user);
        const hook = stripe.webhook('invoice.paid', stripe.payFirstInvoice(subscriptionId));
        const delivered = await send(hook);
        expect(delivered.statusCode, delivered.body).toBe(200);
        expect(delivered.json()).toEqual({ received: true, outcome: 'applied' });

        const item = (stripe.subscriptionObject(subscriptionId).items as { data: { current_period_end: number }[] })
          .data[0];
        expect(await subscriptionOf(user)).toEqual({
          hasSubscription: true,
          subscription: {
            status: 'active',
            cancel_at_period_end: false,
            current_period_end: item?.current_period_end,
            plan: { name: 'seqgen Sales Leader', amount: 2500, interval: 'month' },
          },
        });
        const [activated] = await h.awaitEvents(user, 'billing.activated', 1);
        expect(activated?.data).toMatchObject({ userId: user, plan: 'leader', limit: 200 });

        // Stripe retries a webhook it thinks failed: the same event id changes nothing.
        const replay = await send(hook);
        expect(replay.statusCode).toBe(200);
        expect(replay.json().outcome).toBe('duplicate');
        expect(await h.outboxCount('billing.activated', user)).toBe(1);
        const conflict = await create(user);
        expect(conflict.statusCode).toBe(409);
      });

      it('refuses forged, tampered, unsigned and non-JSON webhooks (400) without changing anything', async () => {
        const user = newUser('forged');
        expect((await create(user)).statusCode).toBe(200);
        const subscriptionId = await stripeSubscriptionOf(user);
        const invoice = stripe.payFirstInvoice(subscriptionId);
        const forged = stripe.webhook('invoice.paid', invoice, { secret: 'whsec_not_the_real_one' });
        const genuine = stripe.webhook('invoice.paid', invoice);
        const tampered = { ...genuine, payload: genuine.payload.replace('"livemode":false', '"livemode":true') };
        const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
        for (const hook of [forged, tampered]) {
          const response = await send(hook);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ error: 'invalid_signature', message: BAD_SIGNATURE_MESSAGE });
        }
        const missing = await send(unsigned);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toMatch(/Stripe-Signature/);
        const text = await h.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { ...genuine.headers, 'content-type': 'text/plain' },
          payload: genuine.payload,
        });
        expect(text.statusCode).toBe(415);
        const old = stripe.webhook('invoice.paid', invoice, { created: new Date(Date.now() - 3600_000) });
        const oldSignature = old.headers['stripe-signature']?.replace(
          /t=\d+/,
          `t=${Math.floor(Date.now() / 1000) - 3600}`,
        );
        const stale = await send({ ...old, headers: { ...old.headers, 'stripe-signature': oldSignature ?? '' } });
        expect(stale.statusCode).toBe(400);
        expect((await subscriptionOf(user)).hasSubscription).toBe(false);
        expect(await h.outboxCount('billing.activated', user)).toBe(0);
      });

      it('renews on the next period’s invoice (billing.renewed), mirrors updates, and ends on deletion (billing.canceled)', async () => {
        const user = newUser('lifecycle');
        const subscriptionId = await subscribe(user, { planType: 'organization', billing: 'monthly' });
        await h.awaitEvents(user, 'billing.activated', 1);

        const renewal = stripe.renew(subscriptionId);
        const renewed = await send(stripe.webhook('invoice.paid', renewal));
        expect(renewed.json().outcome).toBe('applied');
        const [event] = await h.awaitEvents(user, 'billing.renewed', 1);
        const line = (renewal.lines as { data: { period: { start: number; end: number } }[] }).data[0];
        expect(event?.data).toEqual({
          userId: user,
          plan: 'organization',
          limit: 500,
          periodStart: new Date((line?.period.start ?? 0) * 1000).toISOString(),
          periodEnd: new Date((line?.period.end ?? 0) * 1000).toISOString(),
        });
        expect((await subscriptionOf(user)).subscription?.current_period_end).toBe(line?.period.end);

        // Canceled in Stripe's dashboard: the update is mirrored.
        const updated = stripe.subscriptionObject(subscriptionId);
        updated.cancel_at_period_end = true;
        expect((await send(stripe.webhook('customer.subscription.updated', updated))).json().outcome).toBe('applied');
        expect((await subscriptionOf(user)).subscription).toMatchObject({
          status: 'active',
          cancel_at_period_end: true,
        });
        // An older update arriving late is not applied over the newer state.
        const older = { ...updated, cancel_at_period_end: false };
        const late = await send(
          stripe.webhook('customer.subscription.updated', older, { created: new Date(Date.now() - 60_000) }),
        );
        expect(late.json().outcome).toBe('stale');
        expect((await subscriptionOf(user)).subscription?.cancel_at_period_end).toBe(true);

        const deleted = { ...stripe.subscriptionObject(subscriptionId), status: 'canceled' };
        const hook = stripe.webhook('customer.subscription.deleted', deleted);
        expect((await send(hook)).json().outcome).toBe('applied');
        await h.awaitEvents(user, 'billing.canceled', 1);
        expect(await subscriptionOf(user)).toEqual({ hasSubscription: false, subscription: null });
        expect((await send(hook)).json().outcome).toBe('duplicate');
        expect(await h.outboxCount('billing.canceled', user)).toBe(1);
      });

      it('cancels and reactivates through Stripe (cancel_at_period_end)', async () => {
        const user = newUser('cancel');
        const subscriptionId = await subscribe(user);
        const canceled = await h.call(user, 'POST', '/api/subscription/cancel');
        expect(canceled.statusCode, canceled.body).toBe(200);
        expect(canceled.json().subscription.cancel_at_period_end).toBe(true);
        expect(stripe.subscriptionObject(subscriptionId).cancel_at_period_end).toBe(true);
        const update = stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1);
        expect(update?.params).toEqual({ cancel_at_period_end: 'true' });

        const reactivated = await h.call(user, 'POST', '/api/subscription/reactivate');
        expect(reactivated.statusCode).toBe(200);
        expect(stripe.subscriptionObject(subscriptionId).cancel_at_period_end).toBe(false);
        expect((await subscriptionOf(user)).subscription?.cancel_at_period_end).toBe(false);
      });

      it('acknowledges events it does not act on, and events for subscriptions it never made', async () => {
        const other = await send(stripe.webhook('customer.created', { id: 'cus_1', object: 'customer' }));
        expect(other.statusCode).toBe(200);
        expect(other.json().outcome).toBe('ignored');
        const user = newUser('foreign');
        expect((await create(user)).statusCode).toBe(200);
        const subscriptionId = await stripeSubscriptionOf(user);
        const invoice = stripe.payFirstInvoice(subscriptionId);
        const foreign = JSON.parse(JSON.stringify(invoice).replaceAll(subscriptionId, 'sub_made_elsewhere'));
        const unknown = await send(stripe.webhook('invoice.paid', foreign));
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json().outcome).toBe('unknown_subscription');
      });

      it('answers 502 with a clear message when Stripe fails, and leaves no checkout behind', async () => {
        const user = newUser('down');
        // The SDK retries twice: three failures in a row.
        for (let i = 0; i < 3; i++) stripe.failures.push({ status: 500, type: 'api_error', message: 'boom' });
        const failed = await create(user);
        expect(failed.statusCode).toBe(502);
        expect(failed.json()).toEqual({ error: 'bad_gateway', message: PROVIDER_UNREACHABLE_MESSAGE });
        expect(failed.body).not.toContain('boom');
        expect((await h.subscriptionsOf(user)).filter((r) => r.status === 'incomplete')).toHaveLength(0);
        expect((await create(user)).statusCode).toBe(200);
      }, 30_000);

      it('uses a price id from the settings instead of the lookup key', async () => {
        const price = stripe.priceFor('individual', 'monthly');
        const configured = await h.appWith({
          provider: createStripeProvider(
            { ...settings, priceIds: { 'individual:monthly': price.id as string } },
            h.logger,
          ),
        });
        const lookups = stripe.requestsTo('GET', '/v1/prices').length;
        const user = newUser('configured');
        const created = await h.call(
          user,
          'POST',
          '/api/create-subscription',
          { planType: 'individual' },
          { app: configured },
        );
        expect(created.statusCode, created.body).toBe(200);
        expect(stripe.requestsTo('GET', '/v1/prices').length).toBe(lookups);
      });
    });
  },
);

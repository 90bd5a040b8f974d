import { variantsToRun } from '@seqgen/kit/testing';
import type { SubscriptionResponse } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDeps } from '../src/app.ts';
import {
  ALREADY_CANCELING_MESSAGE,
  ALREADY_PAID_MESSAGE,
  ALREADY_SUBSCRIBED_MESSAGE,
  advanceBillingClock,
  type BillingDeps,
  NOT_CANCELING_MESSAGE,
  NOTHING_TO_CANCEL_MESSAGE,
  NOTHING_TO_REACTIVATE_MESSAGE,
  UNKNOWN_PAYMENT_MESSAGE,
} from '../src/domain/billing.ts';
import { addMonths } from '../src/domain/plans.ts';
import { createSandboxProvider } from '../src/providers/sandbox.ts';
import { BillingHarness, newUser } from './support/harness.ts';

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const DAY = 24 * 60 * 60 * 1000;

describe.each(await variantsToRun())('billing with the sandbox provider on $name infrastructure', (variant) => {
  const h = new BillingHarness();

  beforeAll(async () => {
    if (variant.skip) return;
    await h.open(variant, { provider: createSandboxProvider() });
  });
  afterAll(async () => {
    if (variant.skip) return;
    await h.close();
  });

  const create = (userId: string, payload: unknown = { planType: 'leader', billing: 'monthly' }) =>
    h.call(userId, 'POST', '/api/create-subscription', payload);
  const confirm = (userId: string, clientSecret: string, cardNumber = GOOD_CARD) =>
    h.call(userId, 'POST', '/api/billing/sandbox/confirm', { clientSecret, cardNumber });
  const subscriptionOf = async (userId: string) => {
    const response = await h.call(userId, 'GET', '/api/subscription');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SubscriptionResponse;
  };
  const subscribe = async (userId: string, payload?: unknown) => {
    const created = await create(userId, payload);
    expect(created.statusCode, created.body).toBe(200);
    const confirmed = await confirm(userId, created.json().clientSecret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  };

  describe.skipIf(variant.skip)('', () => {
    it('tells the web to show the test checkout', async () => {
      const config = await h.call(null, 'GET', '/api/billing/config');
      expect(config.statusCode).toBe(200);
      expect(config.json()).toEqual({ provider: 'sandbox' });
      expect(config.headers['cache-control']).toBe('no-store');
    });

    it('subscribes end to end: checkout, test card, active Sales Leader, billing.activated with limit 200', async () => {
      const user = newUser('leader');
      expect(await subscriptionOf(user)).toEqual({ hasSubscription: false, subscription: null });

      const created = await create(user);
      expect(created.statusCode, created.body).toBe(200);
      const { clientSecret } = created.json() as { clientSecret: string };
      expect(clientSecret).toMatch(/^sandbox_sub_sandbox_[a-f0-9]{24}_secret_[A-Za-z0-9_-]{32}$/);
      // An unpaid checkout is not a subscription yet.
      expect((await subscriptionOf(user)).hasSubscription).toBe(false);

      const before = Date.now();
      const confirmed = await confirm(user, clientSecret);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'succeeded' });

      const shown = await subscriptionOf(user);
      expect(shown).toEqual({
        hasSubscription: true,
        subscription: {
          status: 'active',
          cancel_at_period_end: false,
          current_period_end: expect.any(Number),
          plan: { name: 'seqgen Sales Leader', amount: 2500, interval: 'month' },
        },
      });
      const periodEnd = (shown.subscription?.current_period_end ?? 0) * 1000;
      expect(periodEnd).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime() - 1000);
      expect(periodEnd).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());

      await expect.poll(async () => (await h.eventsFor(user)).length, { timeout: 10_000 }).toBe(1);
      const [activated] = await h.eventsFor(user);
      expect(activated?.type).toBe('billing.activated');
      expect(activated?.data).toEqual({
        userId: user,
        plan: 'leader',
        limit: 200,
        periodStart: expect.any(String),
        periodEnd: new Date(periodEnd).toISOString(),
      });
      expect(await h.outbox.pending()).toBe(0);
    });

    it('refuses a second checkout while subscribed, and a second confirmation of the same payment', async () => {
      const user = newUser('twice');
      const created = await create(user);
      await confirm(user, created.json().clientSecret);
      const again = await create(user, { planType: 'organization', billing: 'annual' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'conflict', message: ALREADY_SUBSCRIBED_MESSAGE });
      const replay = await confirm(user, created.json().clientSecret);
      expect(replay.statusCode).toBe(409);
      expect(replay.json().message).toBe(ALREADY_PAID_MESSAGE);
      expect(await h.outboxCount('billing.activated', user)).toBe(1);
      expect((await h.subscriptionsOf(user)).length).toBe(1);
    });

    it('declines the declined test card with the provider message and keeps the checkout payable', async () => {
      const user = newUser('declined');
      const created = await create(user);
      const declined = await confirm(user, created.json().clientSecret, DECLINED_CARD);
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ error: 'card_declined', message: 'Your card was declined.' });
      const invalid = await confirm(user, created.json().clientSecret, '4242 4242 4242 4241');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ error: 'invalid_number', message: 'Your card number is invalid.' });
      const otherCard = await confirm(user, created.json().clientSecret, '5555 5555 5555 4444');
      expect(otherCard.statusCode).toBe(402);
      expect(otherCard.json().message).toMatch(/^Your card was declined\. .*4242 4242 4242 4242/);
      expect((await subscriptionOf(user)).hasSubscription).toBe(false);
      expect(await h.outboxCount('billing.activated', user)).toBe(0);

      expect((await confirm(user, created.json().clientSecret)).statusCode).toBe(200);
      expect((await subscriptionOf(user)).subscription?.status).toBe('active');
    });

    it('keeps one checkout per user: a second call replaces the secret, another plan replaces the checkout', async () => {
      const user = newUser('pending');
      const first = (await create(user)).json().clientSecret as string;
      const second = (await create(user)).json().clientSecret as string;
      expect(second).not.toBe(first);
      // Same checkout (same subscription id), new secret: the old payment form can no longer pay.
      expect(second.split('_secret_')[0]).toBe(first.split('_secret_')[0]);
      const stale = await confirm(user, first);
      expect(stale.statusCode).toBe(404);
      expect(stale.json().message).toBe(UNKNOWN_PAYMENT_MESSAGE);

      const annualOrg = (await create(user, { planType: 'organization', billing: 'annual' })).json().clientSecret;
      expect(annualOrg.split('_secret_')[0]).not.toBe(first.split('_secret_')[0]);
      expect((await confirm(user, second)).statusCode).toBe(404);
      const rows = await h.subscriptionsOf(user);
      expect(rows.filter((r) => r.status === 'incomplete').map((r) => r.plan)).toEqual(['organization']);

      expect((await confirm(user, annualOrg)).statusCode).toBe(200);
      expect((await subscriptionOf(user)).subscription?.plan).toEqual({
        name: 'seqgen Sales Org',
        amount: 50_000,
        interval: 'year',
      });
      const [activated] = await h.awaitEvents(user, 'billing.activated', 1);
      // Yearly billing still promises sequences per month: quota's window is the first month.
      expect(activated?.data).toMatchObject({ plan: 'organization', limit: 500 });
      const window = activated?.data as { periodStart: string; periodEnd: string };
      expect(addMonths(new Date(window.periodStart), 1).toISOString()).toBe(window.periodEnd);
    });

    it('keeps one checkout when a user starts several at once (double clicks, two tabs)', async () => {
      const user = newUser('racing');
      const answers = await Promise.all([create(user), create(user), create(user)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const open = (await h.subscriptionsOf(user)).filter((r) => r.status === 'incomplete');
      expect(open).toHaveLength(1);
      // Exactly one of the answers still pays: the newest secret.
      const outcomes = [];
      for (const answer of answers) outcomes.push((await confirm(user, answer.json().clientSecret)).statusCode);
      expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
      await h.awaitEvents(user, 'billing.activated', 1);
    });

    it('never lets a user pay with another user’s payment secret', async () => {
      const owner = newUser('owner');
      const thief = newUser('thief');
      const secret = (await create(owner)).json().clientSecret as string;
      const stolen = await confirm(thief, secret);
      expect(stolen.statusCode).toBe(404);
      expect((await subscriptionOf(thief)).hasSubscription).toBe(false);
      expect((await subscriptionOf(owner)).hasSubscription).toBe(false);
    });

    it('cancels at period end and reactivates, with clear refusals when there is nothing to do', async () => {
      const user = newUser('cancel');
      const nothing = await h.call(user, 'POST', '/api/subscription/cancel');
      expect(nothing.statusCode).toBe(404);
      expect(nothing.json()).toEqual({ error: 'not_found', message: NOTHING_TO_CANCEL_MESSAGE });
      const noReactivate = await h.call(user, 'POST', '/api/subscription/reactivate');
      expect(noReactivate.statusCode).toBe(404);
      expect(noReactivate.json().message).toBe(NOTHING_TO_REACTIVATE_MESSAGE);

      await subscribe(user);
      const notCanceling = await h.call(user, 'POST', '/api/subscription/reactivate');
      expect(notCanceling.statusCode).toBe(409);
      expect(notCanceling.json().message).toBe(NOT_CANCELING_MESSAGE);

      const canceled = await h.call(user, 'POST', '/api/subscription/cancel');
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
      expect((await subscriptionOf(user)).subscription?.cancel_at_period_end).toBe(true);
      const twice = await h.call(user, 'POST', '/api/subscription/cancel');
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(ALREADY_CANCELING_MESSAGE);
      // Canceling keeps the paid period: no billing.canceled until it ends.
      expect(await h.outboxCount('billing.canceled', user)).toBe(0);

      const reactivated = await h.call(user, 'POST', '/api/subscription/reactivate');
      expect(reactivated.statusCode).toBe(200);
      expect(reactivated.json().subscription.cancel_at_period_end).toBe(false);
      expect((await subscriptionOf(user)).subscription).toMatchObject({
        status: 'active',
        cancel_at_period_end: false,
      });
    });

    it('runs the sandbox clock: monthly renewal, yearly plans get a new usage window each month, canceled plans end', async () => {
      const monthly = newUser('clock-monthly');
      const yearly = newUser('clock-yearly');
      const ending = newUser('clock-ending');
      await subscribe(monthly);
      await subscribe(yearly, { planType: 'individual', billing: 'annual' });
      await subscribe(ending, { planType: 'organization', billing: 'monthly' });
      expect((await h.call(ending, 'POST', '/api/subscription/cancel')).statusCode).toBe(200);
      const firstEnd = (await subscriptionOf(monthly)).subscription?.current_period_end ?? 0;

      const deps: BillingDeps = {
        ...billingDeps({
          logger: h.logger,
          readiness: h.infra.readiness,
          db: h.infra.database.db,
          outbox: h.outbox,
          store: h.infra.store,
          sessions: { authenticate: async () => null, requireUser: async () => Promise.reject(new Error()) },
          provider: createSandboxProvider(),
          trustedProxies: 'loopback',
        }),
        now: () => new Date(Date.now() + 32 * DAY),
      };
      expect(await advanceBillingClock(deps)).toBeGreaterThanOrEqual(3);
      // Running again at the same time changes nothing for these users.
      await advanceBillingClock(deps);

      const renewed = await h.awaitEvents(monthly, 'billing.renewed', 1);
      expect(renewed[0]?.data).toMatchObject({
        plan: 'leader',
        limit: 200,
        periodStart: new Date(firstEnd * 1000).toISOString(),
      });
      expect((await subscriptionOf(monthly)).subscription?.current_period_end).toBeGreaterThan(firstEnd + 27 * 86_400);

      const window = await h.awaitEvents(yearly, 'billing.renewed', 1);
      expect(window[0]?.data).toMatchObject({ plan: 'individual', limit: 100 });
      expect((await subscriptionOf(yearly)).subscription?.status).toBe('active');

      await h.awaitEvents(ending, 'billing.canceled', 1);
      expect(await subscriptionOf(ending)).toEqual({ hasSubscription: false, subscription: null });
      // Ended: the user may subscribe again.
      expect((await create(ending)).statusCode).toBe(200);
    });

    it('refuses every route without a live session (401) and never takes identity from a header', async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/subscription'],
        ['POST', '/api/create-subscription', { planType: 'leader', billing: 'monthly' }],
        ['POST', '/api/subscription/cancel'],
        ['POST', '/api/subscription/reactivate'],
        ['POST', '/api/billing/sandbox/confirm', { clientSecret: 'x', cardNumber: GOOD_CARD }],
      ];
      const ended = await h.cookie('someone', 'ended');
      for (const [method, url, payload] of routes) {
        for (const headers of [{}, { 'x-user-id': 'u1' }, { cookie: ended }]) {
          const response = await h.app.inject({
            method: method as 'GET' | 'POST',
            url,
            headers,
            ...(payload !== undefined && { payload: payload as object }),
          });
          expect(response.statusCode, `${method} ${url}`).toBe(401);
          expect(response.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/logged out/) });
        }
      }
    });

    it.each([
      ['an unknown plan', { planType: 'enterprise', billing: 'monthly' }, /planType/],
      ['the pricing page id of the top tier', { planType: 'sales-org', billing: 'monthly' }, /planType/],
      ['an unknown period', { planType: 'leader', billing: 'weekly' }, /billing/],
      ['a number for the plan', { planType: 3 }, /planType/],
      ['no plan', {}, /planType/],
      ['a list', ['leader'], /JSON object/],
    ])('refuses a checkout with %s (400) and stores nothing', async (_label, payload, message) => {
      const user = newUser('bad');
      const response = await create(user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
      expect(await h.subscriptionsOf(user)).toHaveLength(0);
    });

    it('defaults the period to monthly', async () => {
      const user = newUser('default-period');
      expect((await create(user, { planType: 'individual' })).statusCode).toBe(200);
      expect((await h.subscriptionsOf(user))[0]).toMatchObject({ billingPeriod: 'monthly', amountCents: 1500 });
    });

    it('refuses malformed, non-JSON and oversized bodies, bad secrets and bad card numbers', async () => {
      const user = newUser('garbage');
      const cookie = await h.cookie(user);
      const raw = (url: string, contentType: string, payload: string) =>
        h.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': contentType }, payload });
      const malformed = await raw('/api/create-subscription', 'application/json', '{"planType":');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toBe('invalid_json');
      expect((await raw('/api/create-subscription', 'text/plain', 'leader')).statusCode).toBe(415);
      const huge = await raw(
        '/api/create-subscription',
        'application/json',
        JSON.stringify({ planType: 'x'.repeat(200_000) }),
      );
      expect(huge.statusCode).toBe(413);

      for (const [body, status] of [
        [{ clientSecret: 'pi_123_secret_456', cardNumber: GOOD_CARD }, 400],
        [
          { clientSecret: `sandbox_sub_sandbox_${'0'.repeat(24)}_secret_${'a'.repeat(32)}`, cardNumber: GOOD_CARD },
          404,
        ],
        [{ clientSecret: 'x'.repeat(500), cardNumber: GOOD_CARD }, 400],
        [{ clientSecret: 'sandbox_x', cardNumber: 'four two four two' }, 400],
        [{ clientSecret: 'sandbox_x' }, 400],
        [{ cardNumber: GOOD_CARD }, 400],
      ] as const) {
        const response = await h.call(user, 'POST', '/api/billing/sandbox/confirm', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      }
      expect(await h.subscriptionsOf(user)).toHaveLength(0);
    });

    it('refuses cross-site writes (403) and has no webhook without Stripe', async () => {
      const user = newUser('csrf');
      const crossSite = await h.call(
        user,
        'POST',
        '/api/create-subscription',
        { planType: 'leader' },
        {
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        },
      );
      expect(crossSite.statusCode).toBe(403);
      expect(await h.subscriptionsOf(user)).toHaveLength(0);
      const webhook = await h.call(null, 'POST', '/api/billing/webhook', { id: 'evt_1' });
      expect(webhook.statusCode).toBe(404);
    });

    it('rate-limits checkouts per user (429 with Retry-After)', async () => {
      const limited = await h.appWith({
        provider: createSandboxProvider(),
        limits: { checkoutsPerUser: { name: `checkout-test-${variant.name}`, limit: 2, windowMs: 60_000 } },
      });
      const user = newUser('limited');
      for (let i = 0; i < 2; i++) {
        expect(
          (await h.call(user, 'POST', '/api/create-subscription', { planType: 'leader' }, { app: limited })).statusCode,
        ).toBe(200);
      }
      const refused = await h.call(user, 'POST', '/api/create-subscription', { planType: 'leader' }, { app: limited });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many checkout attempts/);
      expect(refused.headers['retry-after']).toBeDefined();
    });

    it('answers health and readiness', async () => {
      expect((await h.call(null, 'GET', '/healthz')).json()).toMatchObject({ status: 'ok', service: 'billing' });
      expect((await h.call(null, 'GET', '/readyz')).statusCode).toBe(200);
    });
  });
});

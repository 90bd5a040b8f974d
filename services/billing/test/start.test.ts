import { Lifecycle, parseConfig } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthBeside, startSettings } from '../../auth/test/beside-auth.ts';
import { start as startQuota } from '../../quota/src/main.ts';
import { billingConfigShape, billingSettingProblems, stripeSettings } from '../src/config.ts';
import { addMonths, priceCents, usageWindowFrom } from '../src/domain/plans.ts';
import { start as startBilling } from '../src/main.ts';
import { sandboxCardOutcome } from '../src/providers/sandbox.ts';
import { StripeStandIn } from './support/stripe-stand-in.ts';

describe('billing settings', () => {
  it('defaults to port 8106, the sandbox, 20 checkouts and 30 payment attempts per hour', () => {
    const config = parseConfig(billingConfigShape, {});
    expect(config).toMatchObject({ PORT: 8106, CHECKOUTS_PER_HOUR: 20, PAYMENT_ATTEMPTS_PER_HOUR: 30 });
    expect(stripeSettings(config)).toBeNull();
  });

  it('needs all three Stripe keys together, and reads price ids per plan and period', () => {
    expect(() => parseConfig(billingConfigShape, { STRIPE_SECRET_KEY: 'sk_test_abc' }, billingSettingProblems)).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when the other Stripe settings are set\n {2}STRIPE_PUBLISHABLE_KEY/,
    );
    const full = parseConfig(
      billingConfigShape,
      {
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_PRICE_LEADER_ANNUAL: 'price_leader_yearly',
      },
      billingSettingProblems,
    );
    expect(stripeSettings(full)).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      publishableKey: 'pk_test_abc',
      apiBaseUrl: undefined,
      priceIds: { 'leader:annual': 'price_leader_yearly' },
    });
  });

  it('names a bad setting', () => {
    expect(() => parseConfig(billingConfigShape, { STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig(billingConfigShape, { STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig(billingConfigShape, { STRIPE_PRICE_LEADER_MONTHLY: 'leader' })).toThrow(
      /STRIPE_PRICE_LEADER_MONTHLY/,
    );
    expect(() => parseConfig(billingConfigShape, { CHECKOUTS_PER_HOUR: '0' })).toThrow(/CHECKOUTS_PER_HOUR/);
  });
});

describe('billing rules', () => {
  it('prices plans per docs/product.md §9: annual is ten months', () => {
    expect([
      priceCents('individual', 'monthly'),
      priceCents('leader', 'monthly'),
      priceCents('organization', 'monthly'),
    ]).toEqual([1500, 2500, 5000]);
    expect(priceCents('leader', 'annual')).toBe(25_000);
  });

  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 12).toISOString()).toBe('2027-11-15T00:00:00.000Z');
  });

  it('cuts a yearly period into monthly usage windows counted from its start', () => {
    const start = new Date('2026-01-31T00:00:00Z');
    const end = addMonths(start, 12);
    expect(usageWindowFrom(start, end)).toEqual({ start, end: new Date('2026-02-28T00:00:00Z') });
    expect(usageWindowFrom(start, end, new Date('2026-02-28T00:00:00Z'))).toEqual({
      start: new Date('2026-02-28T00:00:00Z'),
      end: new Date('2026-03-31T00:00:00Z'),
    });
    expect(usageWindowFrom(start, end, end)).toBeNull();
    const monthEnd = addMonths(start, 1);
    expect(usageWindowFrom(start, monthEnd)).toEqual({ start, end: monthEnd });
  });

  it('knows the sandbox test cards', () => {
    expect(sandboxCardOutcome('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(sandboxCardOutcome('4242-4242-4242-4242')).toEqual({ ok: true });
    expect(sandboxCardOutcome('4000000000000002')).toMatchObject({ ok: false, message: 'Your card was declined.' });
    expect(sandboxCardOutcome('1234')).toMatchObject({ ok: false, code: 'invalid_number' });
    expect(sandboxCardOutcome('')).toMatchObject({ ok: false, code: 'invalid_number' });
  });
});

/**
 * Billing as its main.ts builds it (the wiring `npm start` and each container use), on the
 * embedded defaults beside a real auth (sessions) and a real quota reading billing's events from
 * the same in-process bus: buying Sales Leader in the sandbox raises the user's limit to 200.
 */
describe('billing started from its main.ts beside auth and quota', () => {
  const lifecycle = new Lifecycle(quietLogger());
  const settings = startSettings((run) => ({ NATS_STREAM: `BILLING_START_${run}` }));
  let auth: Awaited<ReturnType<typeof startAuthBeside>>;
  let quotaUrl: string;
  let billingUrl: string;

  beforeAll(async () => {
    auth = await startAuthBeside(settings, lifecycle);
    ({ url: quotaUrl } = await startQuota(settings.forService('quota'), lifecycle));
    ({ url: billingUrl } = await startBilling(settings.forService('billing'), lifecycle));
  });
  afterAll(() => lifecycle.close());

  it('subscribes over HTTP with an auth session; quota raises the limit to 200', async () => {
    const { cookie } = await auth.register('billing');
    const post = (path: string, body: unknown) =>
      fetch(`${billingUrl}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: billingUrl },
        body: JSON.stringify(body),
      });
    const usage = async () => (await fetch(`${quotaUrl}/api/usage`, { headers: { cookie } })).json();
    await expect.poll(usage, { timeout: 10_000, interval: 100 }).toEqual({ used: 0, limit: 5 });

    const created = await post('/api/create-subscription', { planType: 'leader', billing: 'monthly' });
    expect(created.status).toBe(200);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const confirmed = await post('/api/billing/sandbox/confirm', { clientSecret, cardNumber: '4242424242424242' });
    expect(confirmed.status).toBe(200);
    const subscription = await (await fetch(`${billingUrl}/api/subscription`, { headers: { cookie } })).json();
    expect(subscription).toMatchObject({ hasSubscription: true, subscription: { status: 'active' } });
    await expect.poll(usage, { timeout: 10_000, interval: 100 }).toEqual({ used: 0, limit: 200 });
    expect((await fetch(`${billingUrl}/readyz`)).status).toBe(200);
  });
});

/** With the three Stripe settings, main.ts builds the Stripe provider on STRIPE_API_BASE_URL. */
describe('billing started from its main.ts with Stripe settings', () => {
  const lifecycle = new Lifecycle(quietLogger());
  const stripe = new StripeStandIn();
  const settings = startSettings((run) => ({ NATS_STREAM: `BILLING_STRIPE_${run}` }));
  let billingUrl: string;

  beforeAll(async () => {
    await stripe.start();
    ({ url: billingUrl } = await startBilling(
      {
        ...settings.forService('billing-stripe'),
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_API_BASE_URL: stripe.url,
      },
      lifecycle,
    ));
  });
  afterAll(async () => {
    await lifecycle.close();
    await stripe.stop();
  });

  it('serves the Stripe config, verifies webhooks over real HTTP, and has no sandbox confirm', async () => {
    const config = await (await fetch(`${billingUrl}/api/billing/config`)).json();
    expect(config).toEqual({ provider: 'stripe', publishableKey: stripe.publishableKey });
    const hook = stripe.webhook('customer.created', { id: 'cus_1', object: 'customer' });
    const post = (headers: Record<string, string>, body = hook.payload) =>
      fetch(`${billingUrl}/api/billing/webhook`, { method: 'POST', headers, body });
    const accepted = await post(hook.headers);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, outcome: 'ignored' });
    const forged = await post({
      ...hook.headers,
      'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    // A browser-looking cross-site POST is still judged by its signature alone.
    const crossSite = await post({ ...hook.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(200);
    expect(((await crossSite.json()) as { outcome: string }).outcome).toBe('duplicate');
    const sandbox = await fetch(`${billingUrl}/api/billing/sandbox/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: 'x', cardNumber: '4242424242424242' }),
    });
    expect(sandbox.status).toBe(404);
  });
});

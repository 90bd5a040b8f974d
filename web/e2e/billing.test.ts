import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/** SCREENSHOT_DIR=/work/screens keeps the pictures for review; otherwise they go to a temp folder. */
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');
const PASSWORD = 'billing password 1';

describe('billing in Chromium against npm start (sandbox checkout, success, management)', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp({ port: await freePort(), dataDir: tempDataDir() });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  async function newPage(options: { dark?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: options.dark ? 'dark' : 'light',
    });
    contexts.push(context);
    return context.newPage();
  }

  async function shot(page: Page, name: string, fullPage = true) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
  }

  async function expectToast(page: Page, text: string) {
    await expect
      .poll(async () => (await page.getByTestId('toast').allInnerTexts()).join('\n'), { timeout: 10_000 })
      .toContain(text);
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const textOf = (page: Page, testId: string) => page.getByTestId(testId).innerText();

  async function register(page: Page, email: string) {
    await page.goto(`${app.url}/auth`);
    await page.getByTestId('tab-sign-up').click();
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Work email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByTestId('sign-up-submit').click();
    await expect.poll(() => page.getByTestId('header-user').textContent(), { timeout: 10_000 }).toBe(email);
  }

  async function payWith(page: Page, card: string) {
    const form = page.getByTestId('sandbox-payment-form');
    await form.getByLabel('Card number').fill(card);
    await form.getByLabel('Expiry').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('subscribe-submit').click();
  }

  async function usage(page: Page) {
    return page.evaluate(async () => (await fetch('/api/usage')).json());
  }

  it('sends signed-out visitors from /subscribe to /auth', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/subscribe?plan=leader`);
    await expect.poll(() => pathOf(page)).toBe('/auth');
  });

  it('buys Sales Leader from /pricing: declined card, then the test card, success, and usage 0/200', async () => {
    const page = await newPage();
    await register(page, `billing-${Date.now()}@acme.com`);
    expect(await usage(page)).toEqual({ used: 0, limit: 5 });

    await page.goto(`${app.url}/pricing`);
    await page.getByTestId('plan-leader').getByRole('link', { name: 'Get Started' }).click();
    await expect.poll(() => page.url()).toContain('/subscribe?plan=leader');
    await expect.poll(() => page.getByTestId('sandbox-payment-form').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await textOf(page, 'plan-summary')).toContain('Sales Leader');
    expect(await textOf(page, 'subscribe-submit')).toBe('Subscribe for $25/month');
    expect(await page.getByText('Test mode').isVisible()).toBe(true);
    await shot(page, 'subscribe-checkout-1280-light');

    // Back to Plans: the cards with the Monthly/Annual toggle.
    await page.getByTestId('back-to-plans').click();
    await expect.poll(() => page.getByTestId('plan-organization').isVisible()).toBe(true);
    expect(await page.getByTestId('billing-annual').innerText()).toContain('Save 17%');
    await shot(page, 'subscribe-plans-1280-light');
    await page.getByTestId('billing-annual').click();
    await expect.poll(() => page.getByTestId('plan-leader').getByTestId('plan-price').innerText()).toBe('$250');
    await page.getByTestId('choose-leader').click();
    await expect.poll(() => textOf(page, 'subscribe-submit'), { timeout: 10_000 }).toBe('Subscribe for $250/year');
    await page.getByTestId('back-to-plans').click();
    await page.getByTestId('billing-monthly').click();
    await page.getByTestId('choose-leader').click();
    await expect.poll(() => textOf(page, 'subscribe-submit'), { timeout: 10_000 }).toBe('Subscribe for $25/month');

    // Incomplete details are refused before anything is sent; the declined card by the provider.
    await page.getByTestId('subscribe-submit').click();
    await expectToast(page, 'Payment Failed');
    await expectToast(page, 'Please enter valid payment details.');
    await payWith(page, '4000 0000 0000 0002');
    await expectToast(page, 'Your card was declined.');
    expect(await textOf(page, 'payment-error')).toContain('Payment Failed. Your card was declined.');
    await shot(page, 'subscribe-declined-1280-light');
    expect(pathOf(page)).toBe('/subscribe');

    await payWith(page, '4242 4242 4242 4242');
    // The sandbox payment, billing.activated and the page's own status check: sized for a loaded CI machine.
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/subscription-success');
    await expectToast(page, 'Payment Successful');
    await expectToast(page, 'Welcome to Sales Leader!');
    expect(await textOf(page, 'success-plan')).toBe('Sales Leader');
    expect(await textOf(page, 'success-price')).toBe('$25/month');
    expect(await textOf(page, 'success-sequences')).toBe('200');
    const nextBilling = new Date();
    nextBilling.setDate(nextBilling.getDate() + 30);
    expect(await textOf(page, 'success-next-billing')).toBe(
      nextBilling.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    await shot(page, 'subscription-success-1280-light');
    // Quota heard billing.activated: the Sales Leader limit.
    await expect.poll(() => usage(page), { timeout: 10_000 }).toEqual({ used: 0, limit: 200 });

    // While subscribed, /subscribe shows the plan and the way to manage it instead of a checkout.
    await page.goto(`${app.url}/subscribe?plan=individual`);
    await expect.poll(() => page.getByTestId('already-subscribed').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await textOf(page, 'already-subscribed-plan')).toContain('Sales Leader ($25/month)');
    expect(await page.getByTestId('checkout').count()).toBe(0);

    // Management: Active, renews; cancel with inline confirm → Ends on; reactivate → Renews on.
    await page.goto(`${app.url}/subscription-management`);
    await expect.poll(() => page.getByTestId('subscription-status').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await textOf(page, 'subscription-status')).toBe('Active');
    expect(await textOf(page, 'subscription-plan')).toBe('Sales Leader');
    expect(await textOf(page, 'subscription-price')).toBe('$25/month');
    expect(await textOf(page, 'subscription-date')).toMatch(/^Renews on \w+ \d{1,2}, \d{4}$/);
    await shot(page, 'subscription-management-1280-light');
    await page.getByTestId('cancel').click();
    expect(await page.getByTestId('cancel-confirm').isVisible()).toBe(true);
    await shot(page, 'subscription-management-confirm-1280-light');
    await page.getByTestId('confirm-cancel').click();
    await expectToast(page, 'Subscription Cancelled');
    await expect.poll(() => textOf(page, 'subscription-date')).toMatch(/^Ends on /);
    await shot(page, 'subscription-management-ending-1280-light');
    await page.getByTestId('reactivate').click();
    await expectToast(page, 'Subscription Reactivated');
    await expect.poll(() => textOf(page, 'subscription-date')).toMatch(/^Renews on /);
    // The state is the server's, not just the page's.
    await page.reload();
    await expect.poll(() => textOf(page, 'subscription-date'), { timeout: 10_000 }).toMatch(/^Renews on /);
  }, 120_000);

  it('shows Invalid plan selected for an unknown plan, and the upgrade prompt without a subscription', async () => {
    const page = await newPage();
    await register(page, `billing-free-${Date.now()}@acme.com`);
    await page.goto(`${app.url}/subscribe?plan=enterprise`);
    await expect.poll(() => page.getByTestId('invalid-plan').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectToast(page, 'Invalid plan selected');
    expect(await page.getByTestId('checkout').count()).toBe(0);

    await page.goto(`${app.url}/subscription-management`);
    await expect.poll(() => page.getByTestId('upgrade-prompt').isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'subscription-management-free-1280-light');
    await page.getByTestId('upgrade-prompt').getByRole('link').click();
    await expect.poll(() => pathOf(page)).toBe('/pricing');
  }, 60_000);

  it('renders every billing screen in dark mode (annual Sales Org from /pricing)', async () => {
    const page = await newPage({ dark: true });
    await register(page, `billing-dark-${Date.now()}@acme.com`);
    await page.goto(`${app.url}/subscribe`);
    await expect.poll(() => page.getByTestId('plan-leader').isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'subscribe-plans-1280-dark');

    // /pricing names the top tier sales-org: /subscribe accepts it.
    await page.goto(`${app.url}/pricing`);
    await page.getByTestId('billing-annual').click();
    await page.getByTestId('plan-organization').getByRole('link', { name: 'Get Started' }).click();
    await expect.poll(() => page.url()).toContain('/subscribe?plan=sales-org&billing=annual');
    await expect.poll(() => textOf(page, 'subscribe-submit'), { timeout: 10_000 }).toBe('Subscribe for $500/year');
    await shot(page, 'subscribe-checkout-1280-dark');
    await payWith(page, '4242 4242 4242 4242');
    // The sandbox payment, billing.activated and the page's own status check: sized for a loaded CI machine.
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/subscription-success');
    await expectToast(page, 'Welcome to Sales Org!');
    expect(await textOf(page, 'subscription-success')).toContain('$41.67/month');
    await shot(page, 'subscription-success-1280-dark');
    await expect.poll(() => usage(page), { timeout: 10_000 }).toEqual({ used: 0, limit: 500 });

    await page.goto(`${app.url}/subscription-management`);
    await expect.poll(() => textOf(page, 'subscription-price'), { timeout: 10_000 }).toBe('$500/year');
    await shot(page, 'subscription-management-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'subscription-management-390-dark');
  }, 90_000);
});

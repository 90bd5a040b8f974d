import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/** SCREENSHOT_DIR=/work/screens keeps the pictures for review; otherwise they go to a temp folder. */
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');
const PASSWORD = 'checkout password 1';
const GOOD_CARD = '4242 4242 4242 4242';

const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Issue 13 items 2 and 3: visiting /subscribe creates nothing until Subscribe is pressed, a
 * subscriber sees their plan instead of a checkout, and /subscription-success shows only what the
 * user really bought.
 */
describe('checkout without side effects, and a success page that tells the truth', () => {
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

  /** A page whose context counts the browser's create-subscription calls. */
  async function newPage(options: { dark?: boolean; width?: number } = {}) {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      colorScheme: options.dark ? 'dark' : 'light',
    });
    contexts.push(context);
    const creates: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/create-subscription') {
        creates.push(request.postData() ?? '');
      }
    });
    return { page: await context.newPage(), creates };
  }

  async function shot(page: Page, name: string) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const textOf = (page: Page, testId: string) => page.getByTestId(testId).innerText();
  async function visible(page: Page, testId: string) {
    try {
      await expect.poll(() => page.getByTestId(testId).isVisible(), { timeout: 15_000 }).toBe(true);
    } catch (error) {
      // What the page showed instead, for whoever reads the failure.
      await page.screenshot({ path: path.join(screenshots, `failed-${testId}.png`), fullPage: true });
      throw error;
    }
  }
  const toasts = (page: Page) => page.getByTestId('toast').allInnerTexts();
  const subscriptionOf = (page: Page) => page.evaluate(async () => (await fetch('/api/subscription')).json());

  async function register(page: Page, label: string) {
    const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@acme.com`;
    await page.goto(`${app.url}/auth`);
    await page.getByTestId('tab-sign-up').click();
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Work email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByTestId('sign-up-submit').click();
    await expect.poll(() => page.getByTestId('header-user').textContent(), { timeout: 10_000 }).toBe(email);
    return email;
  }

  async function pay(page: Page) {
    const form = page.getByTestId('sandbox-payment-form');
    await form.getByLabel('Card number').fill(GOOD_CARD);
    await form.getByLabel('Expiry').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('subscribe-submit').click();
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/subscription-success');
    await visible(page, 'subscription-success');
  }

  it('creates nothing on visiting /subscribe (three visits and a reload), only on Subscribe', async () => {
    const { page, creates } = await newPage();
    await register(page, 'visits');
    for (const link of [
      '/subscribe?plan=leader',
      '/subscribe?plan=organization&billing=annual',
      '/subscribe?plan=leader',
    ]) {
      await page.goto(`${app.url}${link}`);
      await visible(page, 'sandbox-payment-form');
    }
    await page.reload();
    await visible(page, 'sandbox-payment-form');
    expect(await textOf(page, 'checkout-hint')).toBe('Nothing is created or charged until you press Subscribe.');
    await shot(page, 'checkout-1280-light');
    await page.waitForTimeout(500);
    expect(creates).toEqual([]);
    expect(await subscriptionOf(page)).toEqual({ hasSubscription: false, subscription: null });

    // A declined card and then the test card: two presses, one checkout (billing reuses it).
    const form = page.getByTestId('sandbox-payment-form');
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('subscribe-submit').click();
    await expect.poll(() => textOf(page, 'payment-error'), { timeout: 10_000 }).toContain('Your card was declined.');
    expect(creates.map((body) => JSON.parse(body))).toEqual([{ planType: 'leader', billing: 'monthly' }]);
    await pay(page);
    expect(creates).toHaveLength(2);

    expect(await textOf(page, 'success-plan')).toBe('Sales Leader');
    expect(await textOf(page, 'success-status')).toContain('Your subscription is active');
    expect(await textOf(page, 'success-next-billing')).toBe(longDate(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)));
  }, 120_000);

  it('shows a subscriber their plan and the manage link on /subscribe, with no checkout and no Error toast', async () => {
    const { page, creates } = await newPage();
    await register(page, 'subscriber');
    await page.goto(`${app.url}/subscribe?plan=leader`);
    await visible(page, 'sandbox-payment-form');
    await pay(page);
    creates.length = 0;

    for (const link of ['/subscribe?plan=organization', '/subscribe', '/subscribe?plan=enterprise']) {
      await page.goto(`${app.url}${link}`);
      await visible(page, 'already-subscribed');
      expect(await textOf(page, 'already-subscribed-plan')).toContain('Sales Leader ($25/month)');
      expect(await page.getByTestId('checkout').count()).toBe(0);
    }
    await page.waitForTimeout(500);
    expect((await toasts(page)).join('\n')).not.toContain('Error');
    expect(creates).toEqual([]);
    await shot(page, 'subscribe-subscribed-1280-light');

    // Whatever ?plan= says, the success page shows the plan bought.
    await page.goto(`${app.url}/subscription-success?plan=organization&billing=annual`);
    await visible(page, 'subscription-success');
    expect(await textOf(page, 'success-plan')).toBe('Sales Leader');
    expect(await textOf(page, 'success-price')).toBe('$25/month');
    expect(await page.getByText('Sales Org').count()).toBe(0);

    await page.goto(`${app.url}/subscribe?plan=organization`);
    await visible(page, 'already-subscribed');
    await page.getByTestId('manage-subscription-link').click();
    await expect.poll(() => pathOf(page)).toBe('/subscription-management');
    await visible(page, 'subscription-status');
  }, 120_000);

  it('sends signed-out visitors from /subscription-success to /auth', async () => {
    const { page } = await newPage();
    await page.goto(`${app.url}/subscription-success?plan=organization`);
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/auth');
    expect(await page.getByText('Your subscription is active').count()).toBe(0);
  });

  it('claims nothing on /subscription-success without a purchase: a clear message and a link to /pricing', async () => {
    const { page } = await newPage();
    await register(page, 'no-purchase');
    await page.goto(`${app.url}/subscription-success?plan=organization&billing=annual`);
    await visible(page, 'no-subscription');
    expect(await page.getByText('Your subscription is active').count()).toBe(0);
    expect(await page.getByTestId('subscription-success').count()).toBe(0);
    expect(await page.getByText('Sales Org').count()).toBe(0);
    await shot(page, 'success-no-subscription-1280-light');
    await page.getByTestId('no-subscription-pricing').click();
    await expect.poll(() => pathOf(page)).toBe('/pricing');
  }, 60_000);

  it('gives an annual plan its real next billing date, one year out, as management shows it', async () => {
    const { page, creates } = await newPage();
    await register(page, 'annual');
    await page.goto(`${app.url}/subscribe?plan=organization&billing=annual`);
    await visible(page, 'sandbox-payment-form');
    expect(creates).toEqual([]);
    await pay(page);
    expect(await textOf(page, 'success-plan')).toBe('Sales Org');
    expect(await textOf(page, 'success-price')).toBe('$500/year');
    expect(await textOf(page, 'success-monthly-equivalent')).toBe('$41.67/month');
    const oneYear = new Date();
    oneYear.setFullYear(oneYear.getFullYear() + 1);
    const nextBilling = await textOf(page, 'success-next-billing');
    expect(nextBilling).toBe(longDate(oneYear));

    await page.goto(`${app.url}/subscription-management`);
    await expect.poll(() => textOf(page, 'subscription-date'), { timeout: 10_000 }).toBe(`Renews on ${nextBilling}`);
  }, 120_000);

  it('looks right at 375 px and 1280 px, light and dark', async () => {
    for (const dark of [false, true]) {
      for (const width of [375, 1280]) {
        const tag = `${width}-${dark ? 'dark' : 'light'}`;
        const { page } = await newPage({ dark, width });
        await register(page, `shots-${tag}`);
        await page.goto(`${app.url}/subscription-success`);
        await visible(page, 'no-subscription');
        await shot(page, `success-no-subscription-${tag}`);
        await page.goto(`${app.url}/subscribe?plan=leader&billing=annual`);
        await visible(page, 'sandbox-payment-form');
        await shot(page, `checkout-${tag}`);
        await pay(page);
        await shot(page, `success-annual-${tag}`);
        await page.goto(`${app.url}/subscribe?plan=organization`);
        await visible(page, 'already-subscribed');
        await shot(page, `subscribe-subscribed-${tag}`);
      }
    }
  }, 240_000);
});

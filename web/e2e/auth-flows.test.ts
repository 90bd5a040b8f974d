import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/** SCREENSHOT_DIR=/work/screens keeps the pictures for review; otherwise they go to a temp folder. */
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');
const PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';

describe('web app in Chromium against npm start (auth, reset, waitlist, landing, theme)', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const email = `e2e-${Date.now()}@acme.com`;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    // info level: without SMTP_URL the reset mail (and its link) is written to the log.
    app = await startApp({ port: await freePort(), dataDir: tempDataDir(), env: { LOG_LEVEL: 'info' } });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  async function newPage(options: { width?: number; dark?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      colorScheme: options.dark ? 'dark' : 'light',
    });
    contexts.push(context);
    return context.newPage();
  }

  async function shot(page: Page, name: string, fullPage = false) {
    // Let a toast finish sliding in, so the picture shows the settled screen.
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
  }

  /** The one toast on screen (docs/product.md §9: one at a time) contains the text. */
  async function expectToast(page: Page, text: string) {
    await expect
      .poll(async () => (await page.getByTestId('toast').allInnerTexts()).join('\n'), { timeout: 10_000 })
      .toContain(text);
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;

  async function signIn(page: Page, address: string, password: string) {
    await page.goto(`${app.url}/auth`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await page.getByTestId('sign-in-submit').click();
  }

  async function expectDashboardFor(page: Page, address: string) {
    await expect.poll(() => page.getByTestId('header-user').textContent(), { timeout: 10_000 }).toBe(address);
    expect(pathOf(page)).toBe('/');
  }

  it('registers through /auth: a password mismatch is refused without a request, then the dashboard shows the e-mail', async () => {
    const page = await newPage();
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/register')) registerCalls.push(request.postData() ?? '');
    });
    await page.goto(`${app.url}/auth`);
    // Served on 127.0.0.1: no Google button (docs/product.md §2).
    expect(await page.getByTestId('google-sign-in').count()).toBe(0);
    await page.getByTestId('tab-sign-up').click();
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Work email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill('something else');
    await page.getByTestId('sign-up-submit').click();
    await expectToast(page, 'Password mismatch');
    await expectToast(page, 'Passwords do not match. Please try again.');
    expect(registerCalls).toEqual([]);

    await form.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByTestId('sign-up-submit').click();
    await expectToast(page, 'Account created!');
    await expectDashboardFor(page, email);
    expect(registerCalls).toHaveLength(1);
    expect(JSON.parse(registerCalls[0] as string)).toEqual({ email, password: PASSWORD });
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
    await shot(page, 'dashboard-1280-light');
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'dashboard-390-light');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed in, /auth leads home and /app is the dashboard too.
    await page.goto(`${app.url}/auth`);
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.goto(`${app.url}/app`);
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);

    // Logout → the landing page.
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/Your website in/);
    expect(pathOf(page)).toBe('/');
    expect(await page.getByTestId('header-user').count()).toBe(0);
    // The session is really gone, not just forgotten by the page.
    await page.goto(`${app.url}/app`);
    await expect.poll(() => pathOf(page)).toBe('/auth');

    // Sign in again.
    await signIn(page, email, PASSWORD);
    await expectToast(page, 'Welcome back!');
    await expectDashboardFor(page, email);
  }, 90_000);

  it('shows Login failed with the server message on a wrong password, and the ?error= message', async () => {
    const page = await newPage();
    await signIn(page, email, 'not the password');
    await expectToast(page, 'Login failed');
    await expectToast(page, '401: ');
    expect(pathOf(page)).toBe('/auth');
    await shot(page, 'auth-login-failed-1280-light');

    await page.goto(`${app.url}/auth?error=${encodeURIComponent('Google sign-in is not configured')}`);
    await expect.poll(() => page.getByTestId('auth-error').textContent()).toContain('Google sign-in is not configured');
  }, 60_000);

  it('resets the password through the e-mailed link and signs in with the new one', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/reset-password`);
    const submit = page.getByTestId('request-reset-submit');
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, 'reset-password-request-1280-light');
    await page.getByLabel('Email').fill(email);
    await submit.click();
    await expectToast(page, 'Reset link sent');
    await expect.poll(() => page.getByTestId('reset-sent').isVisible()).toBe(true);

    let token = '';
    await expect
      .poll(
        () => {
          const links = [...app.output().matchAll(/\/reset-password\?token=([A-Za-z0-9_-]+)/g)];
          token = links.at(-1)?.[1] ?? '';
          return token;
        },
        { timeout: 10_000 },
      )
      .not.toBe('');

    await page.goto(`${app.url}/reset-password?token=${token}`);
    const setSubmit = page.getByTestId('set-password-submit');
    const form = page.getByTestId('set-password-form');
    expect(await setSubmit.isDisabled()).toBe(true);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    expect(await setSubmit.isDisabled()).toBe(true);
    expect(await page.getByTestId('password-hint').textContent()).toBe('Passwords must match and cannot be empty');
    await shot(page, 'reset-password-set-1280-light');
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    expect(await setSubmit.isDisabled()).toBe(false);
    await setSubmit.click();
    await expectToast(page, 'Password reset successful');
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/auth');

    await signIn(page, email, PASSWORD);
    await expectToast(page, 'Login failed');
    await signIn(page, email, NEW_PASSWORD);
    await expectToast(page, 'Welcome back!');
    await expectDashboardFor(page, email);
  }, 90_000);

  it('sends signed-out visitors of /waitlist to /auth; lists a waitlist join from /promo-preview when signed in', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/waitlist`);
    await expectToast(page, 'Unauthorized');
    await expectToast(page, 'You are logged out. Logging in again...');
    await expect.poll(() => pathOf(page), { timeout: 5_000 }).toBe('/auth');

    const joined = `promo-${Date.now()}@acme.com`;
    await page.goto(`${app.url}/promo-preview`);
    await page.getByTestId('waitlist-email').first().fill(joined);
    await page.getByTestId('waitlist-submit').first().click();
    await expect.poll(() => page.getByText("You're on the list!").isVisible(), { timeout: 10_000 }).toBe(true);
    await expectToast(page, 'Success!');
    await shot(page, 'promo-preview-1280-light');

    await signIn(page, email, NEW_PASSWORD);
    await expectDashboardFor(page, email);
    await page.goto(`${app.url}/waitlist`);
    await expect
      .poll(() => page.getByTestId('waitlist-entry-email').allTextContents(), { timeout: 10_000 })
      .toContain(joined);
    expect(await page.getByTestId('waitlist-count').textContent()).toMatch(/^\d+ (person|people)$/);
    await shot(page, 'waitlist-1280-light');
    // At 375 px an address reads on one line, the date under it (it wrapped every ~6 characters).
    await page.setViewportSize({ width: 375, height: 800 });
    const lines = await page
      .getByTestId('waitlist-entry-email')
      .filter({ hasText: joined })
      .evaluate((el) => el.getClientRects().length);
    expect(lines).toBe(1);
    await shot(page, 'waitlist-375-light');
  }, 90_000);

  it('scrolls to landing sections from the top bar and from the mobile menu at 390px', async () => {
    const desktop = await newPage();
    await desktop.goto(app.url);
    await desktop.getByTestId('landing-nav').getByRole('link', { name: 'Pricing' }).click();
    await expect
      .poll(() => desktop.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(120);
    expect(new URL(desktop.url()).hash).toBe('#pricing');
    // Annual billing is ten months.
    await desktop.getByTestId('billing-annual').click();
    expect(await desktop.getByTestId('plan-leader').getByTestId('plan-price').textContent()).toBe('$250');
    await desktop.getByRole('link', { name: 'Generate 5 Free Sequences' }).click();
    await expect.poll(() => pathOf(desktop)).toBe('/auth');

    const mobile = await newPage({ width: 390 });
    await mobile.goto(app.url);
    expect(await mobile.getByTestId('landing-nav').isVisible()).toBe(false);
    expect(await mobile.getByTestId('mobile-menu').isVisible()).toBe(false);
    await mobile.getByTestId('mobile-menu-toggle').click();
    await expect.poll(() => mobile.getByTestId('mobile-menu').isVisible()).toBe(true);
    await shot(mobile, 'landing-390-menu-open');
    await mobile.getByTestId('mobile-menu').getByRole('link', { name: 'Reviews' }).click();
    await expect.poll(() => mobile.getByTestId('mobile-menu').isVisible()).toBe(false);
    // The heading lands just below the sticky header, not under it (it was at -38 px: the scroll
    // was measured while the open menu made the header taller).
    const headingBelowHeader = () =>
      mobile.evaluate(() => {
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        const heading = document.querySelector('#testimonials h2')?.getBoundingClientRect().top ?? -1;
        return heading >= header && heading < header + 200;
      });
    await expect.poll(headingBelowHeader).toBe(true);
    const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);

    // At 375 px the hero keeps the same margin on both sides (it ran to 2 px from the right edge).
    const narrow = await newPage({ width: 375 });
    await narrow.goto(app.url);
    const margins = await narrow.locator('h1').evaluate((h1) => {
      const column = (h1.parentElement as HTMLElement).getBoundingClientRect();
      return { left: Math.round(column.left), right: Math.round(window.innerWidth - column.right) };
    });
    expect(margins).toEqual({ left: 16, right: 16 });
  }, 60_000);

  it('keeps the chosen theme across a reload (localStorage "theme")', async () => {
    const page = await newPage();
    await page.goto(app.url);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByTestId('theme-toggle').click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await isDark()).toBe(true);
    await page.getByTestId('theme-toggle').click();
    await page.reload();
    expect(await isDark()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  }, 60_000);

  it('renders every public screen without errors (screenshots for review)', async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const page = await newPage({ width, dark });
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(app.url);
        await expect.poll(() => page.getByTestId('pitch').isVisible()).toBe(true);
        await shot(page, `landing-${width}-${dark ? 'dark' : 'light'}`, true);
        expect(errors).toEqual([]);
      }
    }
    const pages: [string, string, (page: Page) => Promise<unknown>][] = [
      ['/auth', 'auth', (p) => p.getByTestId('sign-in-form').waitFor()],
      ['/contact', 'contact', (p) => p.getByTestId('contact-form').waitFor()],
      ['/privacy', 'privacy', (p) => p.getByTestId('legal-effective').waitFor()],
      ['/terms', 'terms', (p) => p.getByTestId('legal-effective').waitFor()],
      ['/pricing', 'pricing', (p) => p.getByTestId('plan-leader').waitFor()],
      ['/no-such-page', '404', (p) => p.getByText('Page not found').waitFor()],
    ];
    for (const dark of [false, true]) {
      const page = await newPage({ dark });
      for (const [route, name, ready] of pages) {
        await page.goto(`${app.url}${route}`);
        await ready(page);
        await shot(page, `${name}-1280-${dark ? 'dark' : 'light'}`, route === '/privacy');
      }
    }
    const page = await newPage();
    await page.goto(`${app.url}/privacy`);
    expect(await page.getByTestId('legal-effective').textContent()).toBe('Effective May 28, 2025');
    expect(await page.getByText('under 13').count()).toBeGreaterThan(0);
    await page.goto(`${app.url}/terms`);
    expect(await page.getByTestId('legal-effective').textContent()).toBe('Effective June 2, 2025');
    expect(await page.getByText('at least 18 years old').count()).toBe(1);

    await page.goto(`${app.url}/contact`);
    await page.getByTestId('contact-submit').click();
    await expectToast(page, 'Please fill in both email and message fields.');
    await page.getByLabel('Your email').fill('visitor@acme.com');
    await page.getByLabel('Message').fill('Hello from the end-to-end test');
    await page.getByTestId('contact-submit').click();
    await expectToast(page, 'Message Sent');
    await shot(page, 'contact-sent-1280-light');
  }, 120_000);
});

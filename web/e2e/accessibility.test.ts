import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/**
 * Issue 13, item 8: axe-core over every route of docs/product.md §2, signed out and signed in, light
 * and dark, at 375 px and 1280 px. Any serious or critical violation fails the test, and so do
 * skipped heading levels and a page without a top-level heading (moderate in axe, but the issue
 * names them). SCREENSHOT_DIR keeps a picture of every scanned screen; A11Y_REPORT=<file> writes
 * every violation found (any impact) as JSON.
 */
const screenshots = process.env.SCREENSHOT_DIR;
const report = process.env.A11Y_REPORT;
const PASSWORD = 'accessible password 1';
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const FAILING_RULES = new Set(['heading-order', 'page-has-heading-one']);

const analysis = {
  companyName: 'Harbor Finch',
  companyDescription: 'Harbor Finch plans freight routes for regional carriers.',
  targetAudience: 'Operations leaders at regional carriers',
  targetJobTitles: [],
  customerPains: ['Empty return trips eat margins', 'Dispatch runs on spreadsheets'],
  solutions: ['Backhaul matching fills return trips', 'Live dispatch board'],
};
const customization = {
  persona: 'specific',
  specificPersona: 'Fleet Manager',
  seniority: 'below',
  industry: 'agnostic',
  specificIndustry: '',
  tone: 20,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
};

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  where: string;
  nodes: { target: string; summary: string }[];
}

type Theme = 'light' | 'dark';
const VARIANTS: { theme: Theme; width: number }[] = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 375 },
  { theme: 'dark', width: 375 },
];

/**
 * Runs in the page: axe over the whole document (or only `within`), violations only, the
 * name/visible-text rule on.
 */
async function runAxe(within: string | null) {
  const w = window as unknown as { axe: typeof axe };
  const results = await w.axe.run(within ?? document, {
    resultTypes: ['violations'],
    // Experimental in axe, so off by default: the user menu's name must contain its visible text.
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      summary: node.failureSummary ?? '',
    })),
  }));
}

describe('accessibility: axe-core finds nothing serious on any route (issue 13, item 8)', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const findings: Finding[] = [];

  beforeAll(async () => {
    if (screenshots) mkdirSync(screenshots, { recursive: true });
    app = await startApp({ port: await freePort(), dataDir: tempDataDir() });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    if (report) writeFileSync(report, JSON.stringify(findings, null, 2));
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  async function newPage(theme: Theme, width: number): Promise<Page> {
    // bypassCSP: the app's policy (script-src 'self') would refuse axe's injected inline script.
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, bypassCSP: true });
    // The stored choice, as the theme toggle leaves it (localStorage "theme").
    await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    contexts.push(context);
    return context.newPage();
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;

  /** Fonts loaded, and no finite animation or transition still running (toasts slid in, fades done). */
  async function settle(page: Page) {
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 10_000, polling: 50 },
    );
  }

  /**
   * Scans the page as it is; `ready` is what shows the screen has rendered (its h1 by default).
   * `within` limits the scan to an open modal layer: Radix hides the rest of the page from
   * assistive technology (aria-hidden on #root) and keeps focus inside the layer meanwhile.
   */
  async function scan(page: Page, label: string, ready = 'h1', within?: string) {
    try {
      await expect.poll(() => page.locator(ready).first().isVisible(), { timeout: 15_000 }).toBe(true);
    } catch {
      throw new Error(
        `${label}: ${ready} never showed (at ${page.url()}):\n${(await page.locator('body').innerText()).slice(0, 500)}`,
      );
    }
    await settle(page);
    await page.addScriptTag({ content: axe.source });
    const violations = await page.evaluate(runAxe, within ?? null);
    for (const violation of violations) findings.push({ ...violation, where: label });
    if (screenshots) {
      const name = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      // From the top: a full-page picture of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
    }
  }

  async function visit(page: Page, route: string, label: string, ready?: string) {
    await page.goto(`${app.url}${route}`);
    await scan(page, `${label} ${route}`, ready);
  }

  async function post(page: Page, route: string, data: unknown) {
    const response = await page.request.post(`${app.url}${route}`, { data, headers: { origin: app.url } });
    expect(response.ok(), `${route}: ${await response.text()}`).toBe(true);
    return response.json();
  }

  async function get(page: Page, route: string) {
    const response = await page.request.get(`${app.url}${route}`);
    expect(response.ok(), `${route}: ${await response.text()}`).toBe(true);
    return response.json();
  }

  for (const { theme, width } of VARIANTS) {
    it(`every route, signed out and in: ${theme}, ${width} px`, async () => {
      const page = await newPage(theme, width);
      const out = `signed out, ${theme}, ${width} px:`;
      const signedIn = `signed in, ${theme}, ${width} px:`;

      // Signed out (docs/product.md §2): the landing page and the public pages.
      for (const route of [
        '/',
        '/auth',
        '/pricing',
        '/privacy',
        '/terms',
        '/contact',
        '/promo-preview',
        '/reset-password',
        '/reset-password?token=not-a-real-token',
        '/no-such-page',
      ]) {
        await visit(page, route, out);
      }
      await page.goto(`${app.url}/auth`);
      await page.getByTestId('tab-sign-up').click();
      await scan(page, `${out} /auth (Sign Up tab)`, '[data-testid="sign-up-form"]');
      // Guarded pages send the visitor to /auth; /waitlist says why in a toast first.
      for (const route of ['/subscribe?plan=leader', '/subscription-success', '/waitlist']) {
        await page.goto(`${app.url}${route}`);
        await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/auth');
        await scan(page, `${out} ${route} → /auth`);
      }

      // Signed in: a new account (the page's requests share the context's cookie).
      const email = `a11y-${theme}-${width}-${Date.now()}@acme.com`;
      const registered = await page.request.post(`${app.url}/api/register`, {
        data: { email, password: PASSWORD },
        headers: { origin: app.url },
      });
      expect(registered.status()).toBe(201);
      await visit(page, '/', signedIn, '[data-testid="generator-card"]');
      // The generator's Manual Entry tab and the wizard it leads to, then back to the start.
      await page.getByTestId('tab-manual').click();
      await scan(page, `${signedIn} / (Manual Entry)`, '[data-testid="manual-form"]');
      const fill = (name: string, value: string) => page.getByTestId(`manual-${name}`).fill(value);
      await fill('companyName', 'Harbor Finch');
      await fill('industry', 'Logistics software');
      await fill('companySize', '50-200');
      await fill('companyDescription', 'Harbor Finch plans freight routes for regional carriers.');
      await fill('targetAudience', 'Operations leaders at regional carriers');
      await fill('targetJobTitles', 'VP Operations');
      await fill('customerPains', 'Empty return trips eat margins');
      await fill('solutions', 'Backhaul matching fills return trips');
      await fill('keyDifferentiators', 'Live in a week');
      await page.getByTestId('manual-continue').click();
      await scan(page, `${signedIn} / (wizard)`, '[data-testid="wizard-title"]');
      await page.getByTestId('start-over').click();
      await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
      await visit(page, '/saved-sequences', `${signedIn} (none saved)`, '[data-testid="saved-empty"]');
      await visit(page, '/subscription-management', `${signedIn} (free trial)`, '[data-testid="upgrade-prompt"]');
      await visit(page, '/subscription-success', `${signedIn} (nothing bought)`, '[data-testid="no-subscription"]');

      // A generated and a saved sequence.
      const { sequence } = await post(page, '/api/generate-emails', { companyUrl: '', analysis, customization });
      await post(page, '/api/save-sequence', {
        title: 'Fleet Manager Operational Casual Sequence',
        companyUrl: 'https://harborfinch.example',
        emailSequence: sequence,
        customization,
      });
      const saved = (await get(page, '/api/saved-sequences')) as { id: string }[];
      expect(saved).toHaveLength(1);

      await visit(page, '/', `${signedIn} (with Recent sequences)`, '[data-testid="recent-sequence"]');
      await page.getByTestId('account-menu').click();
      await scan(page, `${signedIn} / (account menu open)`, '[role="menu"]', '[role="menu"]');
      await page.keyboard.press('Escape');
      await page.getByTestId('recent-sequence').first().click();
      await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 15_000 }).toBe(7);
      await scan(page, `${signedIn} / (a generated sequence open)`, '[data-testid="email-card"]');
      await page.getByTestId('sequence-checks-toggle').click();
      await page.getByTestId('email-checks-toggle').first().click();
      await scan(page, `${signedIn} / (checks open)`, '[data-testid="check-item"]');
      await visit(page, '/saved-sequences', signedIn, '[data-testid="saved-sequence"]');
      await visit(page, `/saved-sequences/${saved[0]?.id}`, signedIn, '[data-testid="saved-studio"]');
      for (const route of [
        '/pricing',
        '/subscribe',
        '/contact',
        '/privacy',
        '/terms',
        '/promo-preview',
        '/no-such-page',
      ]) {
        await visit(page, route, signedIn);
      }
      await visit(page, '/subscribe?plan=leader', `${signedIn} (checkout)`, '[data-testid="sandbox-payment-form"]');
      await visit(page, '/waitlist', signedIn, '[data-testid="waitlist-count"]');
      await visit(page, '/reset-password', signedIn);

      // A subscriber: the success page, management and /subscribe show the plan.
      const { clientSecret } = await post(page, '/api/create-subscription', { planType: 'leader', billing: 'monthly' });
      await post(page, '/api/billing/sandbox/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });
      await expect
        .poll(async () => (await get(page, '/api/subscription')).hasSubscription, { timeout: 15_000 })
        .toBe(true);
      await visit(page, '/subscription-success', `${signedIn} (subscribed)`, '[data-testid="subscription-success"]');
      await visit(page, '/subscription-management', `${signedIn} (subscribed)`, '[data-testid="subscription-card"]');
      await visit(page, '/subscribe?plan=leader', `${signedIn} (subscribed)`, '[data-testid="already-subscribed"]');

      const failing = findings
        .filter((finding) => finding.where.includes(`${theme}, ${width} px`))
        .filter((finding) => FAILING_IMPACTS.has(finding.impact ?? '') || FAILING_RULES.has(finding.id));
      const lines = failing.map(
        (finding) =>
          `${finding.where} ${finding.id} (${finding.impact}): ${finding.help}\n${finding.nodes
            .slice(0, 3)
            .map((node) => `    ${node.target}\n      ${node.summary.replace(/\n/g, '\n      ')}`)
            .join('\n')}`,
      );
      expect(lines, `${failing.length} accessibility violation(s):\n${lines.join('\n')}`).toEqual([]);
    }, 150_000);
  }
});

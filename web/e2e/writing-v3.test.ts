import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Analysis, CheckProspectResponse } from '@seqgen/proto';
import axe from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/**
 * What Writing engine v3 knows, in Chromium against the app as `npm start` runs it (embedded
 * defaults, the built-in analyser and writer) and the analyser's fixture sites on loopback: the
 * analysis card's classification, stated/inferred badges and the page's words; the wizard's
 * prospect fit; the writer's notices with the result. Each screen is photographed at 375 px and
 * 1280 px, light and dark, and scanned by axe-core (nothing serious or critical).
 * SCREENSHOT_DIR=/work/screens keeps the pictures; otherwise they go to a temp folder.
 */
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');
const SITES = new URL('../../services/generation/test/fixtures/sites/', import.meta.url);
const PASSWORD = 'writing v3 password 1';
/** German, so the built-in writer (writing in the English page's language) cannot paste it in. */
const GERMAN_CONTEXT =
  'Wir sind nächsten Monat auf der Messe in Köln und würden uns freuen, wenn wir uns dort kurz treffen könnten.';
const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;

/**
 * Company sites on loopback: Northwind Ledger (accounts payable, with case studies), Fabrikam
 * Metals (a page that states no customer pain) and Dockhand (a logistics prospect, outside
 * Northwind Ledger's audience).
 */
async function startSites() {
  const page = (site: string, file = 'index.html') => readFileSync(new URL(`${site}/${file}`, SITES));
  const pages: Record<string, Buffer> = {
    '/': page('northwind-ledger'),
    '/customers': page('northwind-ledger', 'case-studies.html'),
    '/no-pain': page('fabrikam-metals'),
    '/logistics': page('dockhand'),
  };
  const server = http.createServer((request, response) => {
    const body = pages[(request.url ?? '/').split('?')[0] ?? '/'];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? '<h1>Not found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Runs in the page: axe over `selector`, the serious and critical violations only. */
async function seriousViolations(selector: string) {
  const w = window as unknown as { axe: typeof axe };
  const element = document.querySelector(selector);
  if (!element) return [`${selector} not found`];
  const results = await w.axe.run(element, { resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

describe('Writing engine v3 in the web app, in Chromium (npm start)', () => {
  let app: RunningApp;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startSites>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    site = await startSites();
    app = await startApp({
      port: await freePort(),
      dataDir: tempDataDir(),
      env: { FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin },
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await site?.close();
  });

  async function newPage(): Promise<Page> {
    // bypassCSP: the app's policy (script-src 'self') would refuse axe's injected inline script.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    return page;
  }

  async function registerByApi(page: Page, email: string) {
    const response = await page.request.post(`${app.url}/api/register`, {
      data: { email, password: PASSWORD, firstName: 'Vera' },
      headers: { origin: app.url },
    });
    expect(response.status()).toBe(201);
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('generator-card').isVisible(), { timeout: 15_000 }).toBe(true);
  }

  async function analyse(page: Page, url: string, caseStudies?: string): Promise<Analysis> {
    await page.getByTestId('company-url').fill(url);
    if (caseStudies) await page.getByTestId('case-studies-url').fill(caseStudies);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/analyze-company'), { timeout: 30_000 }),
      page.getByTestId('analyze-company').click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect.poll(() => page.getByTestId('analysis-card').isVisible(), { timeout: 30_000 }).toBe(true);
    return ((await answer.json()) as { analysis: Analysis }).analysis;
  }

  /**
   * `target` at each width and theme: photographed (its top `maxHeight` pixels), `scope` scanned by
   * axe, and the page checked for anything sticking out sideways. Leaves the page light at 1280 px.
   */
  async function lookAt(page: Page, name: string, target: Locator, scope: string, maxHeight = Infinity) {
    for (const theme of THEMES) {
      if (theme === 'dark') await page.getByTestId('theme-toggle').click();
      for (const width of WIDTHS) {
        // Tall, so a bar stuck to the bottom of the screen (the result's actions) stays below the picture.
        await page.setViewportSize({ width, height: 1600 });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        // From the top of the page, clipped to the target: the sticky header stays at the top
        // instead of being drawn over the middle of a tall card.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(250);
        const box = await target.boundingBox();
        expect(box).not.toBeNull();
        await page.screenshot({
          path: path.join(screenshots, `${name}-${width}-${theme}.png`),
          fullPage: true,
          clip: box ? { ...box, height: Math.min(box.height, maxHeight) } : undefined,
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.addScriptTag({ content: axe.source });
        expect(await page.evaluate(seriousViolations, scope), `${name} at ${width} px, ${theme}`).toEqual([]);
      }
    }
    await page.getByTestId('theme-toggle').click();
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('a page that states no pain: every pain is marked inferred, each answer says where it comes from, and the page’s words open by keyboard', async () => {
    const page = await newPage();
    await registerByApi(page, `v3-no-pain-${Date.now()}@acme.com`);
    const analysis = await analyse(page, `${site.origin}/no-pain`);
    const pairs = analysis.pairs ?? [];
    // The page states no pain: the playbook fills them all in, marked inferred, and says so.
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.every((pair) => pair.origin === 'inferred')).toBe(true);
    expect(await page.getByTestId('analysis-notice').innerText()).toBe(analysis.notice);

    const card = page.getByTestId('analysis-card');
    const rows = card.getByTestId('analysis-pair');
    expect(await rows.count()).toBe(analysis.customerPains.length);
    expect(await card.getByTestId('pain-origin').allInnerTexts()).toEqual(pairs.map(() => 'Inferred — check it'));
    // Each answer as the analysis found it: a capability the page shows (by its name), or a typical one.
    const expectedAnswers = analysis.customerPains.map((pain) => {
      const pair = pairs.find((each) => each.pain === pain);
      if (pair?.solutionOrigin === 'inferred') return 'Typical — not on the page';
      return pair?.capabilityName ? `From the page: ${pair.capabilityName}` : 'From the page';
    });
    expect(await card.getByTestId('solution-origin').allInnerTexts()).toEqual(expectedAnswers);

    // What the company is, under its name.
    const classification = analysis.classification;
    expect(classification).toBeDefined();
    const line = card.getByTestId('analysis-classification');
    expect((await line.getByTestId('classification-function').innerText()).toLowerCase()).toBe(
      classification?.label.toLowerCase(),
    );
    expect(await line.getByTestId('classification-industry').allInnerTexts()).toEqual(
      classification?.industries.map((industry) => industry.label),
    );
    expect(await line.getByTestId('classification-alternatives').count()).toBe(
      (classification?.confidence ?? 1) < 0.6 ? 1 : 0,
    );

    // The page's words of the first row that has any: closed, opened and closed by keyboard.
    const withEvidence = analysis.customerPains.findIndex(
      (pain) => (pairs.find((pair) => pair.pain === pain)?.evidence ?? []).length > 0,
    );
    expect(withEvidence).toBeGreaterThanOrEqual(0);
    const evidence = pairs.find((pair) => pair.pain === analysis.customerPains[withEvidence])?.evidence ?? [];
    const disclosure = rows.nth(withEvidence).getByTestId('analysis-evidence');
    const words = disclosure.getByTestId('evidence-item').first();
    expect(await words.isVisible()).toBe(false);
    await disclosure.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => words.isVisible()).toBe(true);
    expect(await disclosure.getByTestId('evidence-item').locator('q').allInnerTexts()).toEqual(
      evidence.map((item) => item.text),
    );
    await page.keyboard.press('Space');
    await expect.poll(() => words.isVisible()).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => words.isVisible()).toBe(true);

    await lookAt(page, 'v3-01-no-pain-card', card, '[data-testid="analysis-card"]');

    // A pain the user rewrites is theirs: its row loses the badges, the others keep theirs.
    await page.getByTestId('analysis-edit').click();
    await page.getByTestId('edit-pain').first().fill('Our presses sit idle while we wait for parts');
    await page.getByTestId('edit-save').click();
    expect(await rows.first().getByTestId('pain-origin').count()).toBe(0);
    expect(await rows.first().getByTestId('solution-origin').count()).toBe(0);
    expect(await card.getByTestId('pain-origin').count()).toBe(pairs.length - 1);
  }, 180_000);

  it('warns at the prospect step about a prospect outside the audience, and brings the writer’s notices with the result', async () => {
    const page = await newPage();
    await registerByApi(page, `v3-notice-${Date.now()}@acme.com`);
    const analysis = await analyse(page, `${site.origin}/`, `${site.origin}/customers`);
    const classification = analysis.classification;
    expect(classification).toBeDefined();
    // An unsure classification shows its runners-up.
    const alternatives = page.getByTestId('classification-alternatives');
    const unsure = (classification?.confidence ?? 1) < 0.6;
    expect(await alternatives.count()).toBe(unsure ? 1 : 0);
    if (unsure) {
      expect(await alternatives.getByTestId('classification-alternative').count()).toBe(
        classification?.alternatives.length,
      );
    }
    // The first row's evidence open, for the pictures.
    await page.getByTestId('analysis-evidence').first().locator('summary').click();
    await lookAt(page, 'v3-02-northwind-card', page.getByTestId('analysis-card'), '[data-testid="analysis-card"]');

    // The prospect step: the check goes with the seller's classification, and the answer's fit is said.
    await page.getByTestId('proceed-customization').click();
    await page.getByTestId('wizard-option-yes').click();
    const prospectUrl = `${site.origin}/logistics`;
    await page.getByTestId('wizard-prospect-url').fill(prospectUrl);
    const [checked] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/analyze-company/prospect'), {
        timeout: 20_000,
      }),
      page.getByTestId('wizard-continue').click(),
    ]);
    expect(checked.request().postDataJSON()).toEqual({
      prospectCompanyUrl: prospectUrl,
      seller: {
        companyName: analysis.companyName,
        function: classification?.function,
        industries: classification?.industries.map((industry) => industry.industry),
      },
    });
    const prospect = (await checked.json()) as CheckProspectResponse;
    expect(prospect.fit?.fits).toBe(false);
    const warning = page.getByTestId('wizard-prospect-fit');
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await warning.getAttribute('data-fits')).toBe('false');
    expect(await warning.innerText()).toContain(prospect.fit?.reason);
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Prospect Company URL');
    expect(await page.getByTestId('wizard-continue').innerText()).toBe('Continue anyway');
    await lookAt(page, 'v3-03-wizard-prospect-warning', page.getByTestId('customization-wizard'), 'main');

    // The user may go on with it.
    await page.getByTestId('wizard-continue').click();
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Persona Targeting');
    await page.getByTestId('wizard-option-generic').click();
    await page.getByTestId('wizard-option-agnostic').click();
    await page.getByTestId('wizard-continue').click();
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Last Step');
    await page.getByTestId('wizard-context').fill(GERMAN_CONTEXT);
    await page.getByTestId('generate-emails').click();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 60_000 }).toBe(7);
    // What the writer could not honour: the context in another language, and the prospect outside
    // the audience (the fit's own reason).
    const shown = page.getByTestId('writer-notices');
    expect(await shown.isVisible()).toBe(true);
    const notices = await shown.getByTestId('writer-notice').allInnerTexts();
    expect(notices).toHaveLength(2);
    expect(notices).toContain(prospect.fit?.reason);
    expect(notices.find((notice) => notice !== prospect.fit?.reason)).toMatch(
      /^Your additional context is in another language than the emails/,
    );
    // With the answer, before its emails.
    const before = await page.evaluate(() => {
      const alert = document.querySelector('[data-testid="writer-notices"]');
      const studio = document.querySelector('[data-testid="sequence-result"]');
      return Boolean(alert && studio && alert.compareDocumentPosition(studio) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
    // Scanned: the notices (the studio below them is the studio's own, scanned elsewhere).
    // The top of the answer: its header, the notices and the studio's summary (not all seven emails).
    await lookAt(
      page,
      'v3-04-result-notices',
      page.getByTestId('assistant-message'),
      '[data-testid="writer-notices"]',
      560,
    );

    // Kept with the sequence across a reload, until dismissed; dismissed, they stay gone.
    await page.reload();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 15_000 }).toBe(7);
    expect(await page.getByTestId('writer-notice').allInnerTexts()).toEqual(notices);
    await page.getByRole('button', { name: 'Dismiss these notes about the sequence' }).click();
    expect(await page.getByTestId('writer-notices').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 15_000 }).toBe(7);
    expect(await page.getByTestId('writer-notices').count()).toBe(0);

    // The same sequence reopened from the history carries no notices.
    await page.getByTestId('start-over').click();
    await expect.poll(() => page.getByTestId('recent-sequence').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('recent-sequence').click();
    await expect.poll(() => page.getByTestId('email-card').count()).toBe(7);
    expect(await page.getByTestId('writer-notices').count()).toBe(0);
  }, 240_000);
});

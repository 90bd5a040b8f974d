import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Analysis } from '@seqgen/proto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/** SCREENSHOT_DIR=/work/screens keeps the pictures for review; otherwise they go to a temp folder. */
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');
const SITES = new URL('../../services/generation/test/fixtures/sites/', import.meta.url);
const FIXTURE = new URL('northwind-ledger/', SITES);
/** A page that names no customer pain (the analyser's fixture for that case). */
const NO_PAIN_FIXTURE = new URL('fabrikam-metals/', SITES);
const PASSWORD = 'generator password 1';
const EDITED_PAIN = 'Finance teams reconcile zebra ledgers by hand every month';
const NEEDS_PAIR = 'Add at least one pain point, and the solution that answers it, before you continue.';
const NO_PAIN_NOTICE =
  "We couldn't find a customer pain point on this page. Add at least one pain point, with the solution that answers it, before you continue.";

/**
 * Company sites on loopback: the home page at / and its case studies at /customers, and at
 * /no-pain a page that states no customer pain.
 */
async function startCompanySite() {
  const pages: Record<string, Buffer> = {
    '/': readFileSync(new URL('index.html', FIXTURE)),
    '/customers': readFileSync(new URL('case-studies.html', FIXTURE)),
    '/no-pain': readFileSync(new URL('index.html', NO_PAIN_FIXTURE)),
  };
  const server = http.createServer((request, response) => {
    const page = pages[(request.url ?? '/').split('?')[0] ?? '/'];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? '<h1>Not found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe('generator, sequence result and saved sequences in Chromium (npm start)', () => {
  let app: RunningApp;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startCompanySite>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await startCompanySite();
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

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    return page;
  }

  async function shot(page: Page, name: string, fullPage = false) {
    // Full-page pictures are taken from the top, so sticky bars sit where a reader expects them.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
  }

  async function expectToast(page: Page, text: string) {
    await expect
      .poll(async () => (await page.getByTestId('toast').allInnerTexts()).join('\n'), { timeout: 10_000 })
      .toContain(text);
  }

  const closeToast = (page: Page) =>
    page
      .getByTestId('toast')
      .getByRole('button', { name: 'Close' })
      // A toast may already have timed out (5 s); then there is nothing to close.
      .click({ timeout: 2000 })
      .catch(() => {});

  /** Registers through the API inside the page's context, so the browser holds the session cookie. */
  async function registerByApi(page: Page, email: string) {
    const response = await page.request.post(`${app.url}/api/register`, {
      data: { email, password: PASSWORD, firstName: 'Gina' },
      headers: { origin: app.url },
    });
    expect(response.status()).toBe(201);
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('generator-card').isVisible(), { timeout: 15_000 }).toBe(true);
  }

  const usageText = (page: Page) => page.getByTestId('usage-count').first().innerText();

  async function emailCards(page: Page) {
    return page.getByTestId('email-card').allInnerTexts();
  }

  it('analyses a URL, edits a pain, customises, generates, copies, rates, saves, exports and deletes', async () => {
    const page = await newPage();
    const generateBodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/generate-emails/stream')) generateBodies.push(request.postDataJSON());
    });

    // Register through the sign-up form, as a user does.
    const email = `gen-${Date.now()}@acme.com`;
    await page.goto(`${app.url}/auth`);
    await page.getByTestId('tab-sign-up').click();
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Work email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByTestId('sign-up-submit').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => usageText(page)).toBe('0/5');
    expect(await page.getByTestId('usage-upgrade').innerText()).toContain('Upgrade for More Sequences');
    await closeToast(page);
    expect(await page.getByTestId('analyze-company').isDisabled()).toBe(true);
    await shot(page, 'gen-01-dashboard-empty');
    // Submitting the empty form, by click or by Enter, says what is missing (docs/product.md §5) and sends nothing.
    const analyses: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/analyze-company')) analyses.push(request.url());
    });
    const urlRequired = page.getByTestId('url-form').getByText('Please enter a company URL');
    // force: Playwright waits for aria-disabled buttons to enable; a person's click goes through.
    await page.getByTestId('analyze-company').click({ force: true });
    await expect.poll(() => urlRequired.isVisible()).toBe(true);
    await page.getByTestId('company-url').fill('x');
    await expect.poll(() => urlRequired.isVisible()).toBe(false);
    await page.getByTestId('company-url').fill('   ');
    await page.getByTestId('company-url').press('Enter');
    await expect.poll(() => urlRequired.isVisible()).toBe(true);
    expect(analyses).toEqual([]);

    // URL analysis.
    await page.getByTestId('company-url').fill(`${site.origin}/`);
    await page.getByTestId('case-studies-url').fill(`${site.origin}/customers`);
    const [analyzed] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/analyze-company'), { timeout: 30_000 }),
      page.getByTestId('analyze-company').click(),
    ]);
    const { analysis: analyzedAnalysis } = (await analyzed.json()) as { analysis: Analysis };
    await expect
      .poll(() => page.getByTestId('analysis-company').innerText(), { timeout: 30_000 })
      .toBe('Northwind Ledger');
    expect(await page.getByText('Company Analysis Complete').isVisible()).toBe(true);
    expect(await page.getByTestId('analysis-pain').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('proceed-customization').isDisabled()).toBe(false);
    expect(await page.getByTestId('proceed-blocker').count()).toBe(0);
    // The analysis's proof points, each as the page stated it, with the solution it is credited to.
    const proofs = analyzedAnalysis.proofPoints ?? [];
    expect(proofs.length).toBeGreaterThan(0);
    const proofTexts = await page.getByTestId('proof-point').allInnerTexts();
    expect(proofTexts).toHaveLength(proofs.length);
    proofs.forEach((proof, index) => {
      expect(proofTexts[index]).toContain(proof.result);
      if (proof.quote && proof.person) expect(proofTexts[index]).toContain(proof.person);
    });
    expect(await page.getByTestId('proof-credit').count()).toBe(proofs.filter((proof) => proof.solution).length);
    expect(await page.getByTestId('titles-inferred').count()).toBe(analyzedAnalysis.titlesInferred ? 1 : 0);
    expect(await page.getByTestId('analysis-notice').count()).toBe(analyzedAnalysis.notice ? 1 : 0);
    expect(await page.getByTestId('conversation-placeholder').innerText()).toContain(
      'Email sequences will appear here once generated',
    );
    await shot(page, 'gen-02-analysis-card', true);

    // Edit: Cancel discards, Save Changes keeps the edited pain.
    await page.getByTestId('analysis-edit').click();
    await page.getByTestId('edit-pain').first().fill('thrown away');
    await page.getByTestId('edit-cancel').click();
    expect(await page.getByTestId('analysis-pain').first().innerText()).not.toBe('thrown away');
    await page.getByTestId('analysis-edit').click();
    await page.getByTestId('edit-pain').first().fill(EDITED_PAIN);
    const pairsBefore = await page.getByTestId('edit-pair').count();
    await page.getByTestId('add-pair').click();
    expect(await page.getByTestId('edit-pair').count()).toBe(pairsBefore + 1);
    await page.getByTestId('remove-pair').last().click();
    expect(await page.getByTestId('edit-pair').count()).toBe(pairsBefore);
    await shot(page, 'gen-03-analysis-edit', true);
    await page.getByTestId('edit-save').click();
    expect(await page.getByTestId('analysis-pain').first().innerText()).toBe(EDITED_PAIN);

    // The wizard: specific persona, above the line, specific industry, tone.
    await page.getByTestId('proceed-customization').click();
    const title = () => page.getByTestId('wizard-title').innerText();
    expect(await title()).toBe('Target Company');
    expect(await page.getByTestId('wizard-dashboard').isVisible()).toBe(true);
    await shot(page, 'gen-04-wizard-target-company');
    await page.getByTestId('wizard-option-yes').click();
    expect(await title()).toBe('Prospect Company URL');
    expect(await page.getByTestId('wizard-continue').isDisabled()).toBe(true);
    // A prospect page that cannot be read is said at this step, with a way on without it
    // (issue 13, item 4): not as a failed generation at the very end.
    await page.getByTestId('wizard-prospect-url').fill(`${site.origin}/missing`);
    await page.getByTestId('wizard-continue').click();
    await expect.poll(() => page.getByTestId('wizard-prospect-problem').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('wizard-prospect-problem').innerText()).toContain(`${site.origin}/missing`);
    expect(await title()).toBe('Prospect Company URL');
    await shot(page, 'gen-04b-wizard-prospect-problem');
    await page.getByTestId('wizard-skip-prospect').click();
    expect(await title()).toBe('Persona Targeting');
    await page.getByTestId('wizard-back').click();
    expect(await title()).toBe('Target Company');
    // A readable one: its name as found stays in view for the rest of the wizard.
    await page.getByTestId('wizard-option-yes').click();
    expect(await page.getByTestId('wizard-prospect-url').inputValue()).toBe('');
    await page.getByTestId('wizard-prospect-url').fill(`${site.origin}/`);
    await page.getByTestId('wizard-continue').click();
    await expect.poll(title, { timeout: 20_000 }).toBe('Persona Targeting');
    expect(await page.getByTestId('customization-wizard').innerText()).toMatch(/→\s*\S/);
    await page.getByTestId('wizard-back').click();
    expect(await page.getByTestId('wizard-prospect-found').innerText()).toMatch(/^Found: \S/);
    await page.getByTestId('wizard-back').click();
    await page.getByTestId('wizard-option-no').click();
    expect(await title()).toBe('Persona Targeting');
    await page.getByTestId('wizard-option-specific').click();
    expect(await title()).toBe('Persona Details');
    await page.getByTestId('wizard-persona').fill('   ');
    expect(await page.getByTestId('wizard-continue').isDisabled()).toBe(true);
    await page.getByTestId('wizard-persona').fill('VP Finance');
    await shot(page, 'gen-05-wizard-persona');
    await page.getByTestId('wizard-continue').click();
    expect(await title()).toBe('Seniority');
    await shot(page, 'gen-06-wizard-seniority');
    await page.getByTestId('wizard-option-above').click();
    expect(await title()).toBe('Industry');
    // Back from industry returns to seniority for a specific persona.
    await page.getByTestId('wizard-back').click();
    expect(await title()).toBe('Seniority');
    await page.getByTestId('wizard-option-above').click();
    await page.getByTestId('wizard-option-specific').click();
    expect(await title()).toBe('Industry Details');
    await page.getByTestId('wizard-industry').fill('SaaS');
    await page.getByTestId('wizard-continue').click();
    expect(await title()).toBe('Tone');
    expect(await page.getByTestId('tone-label').innerText()).toBe('Balanced');
    await page.getByTestId('tone-thumb').focus();
    await page.keyboard.press('End');
    expect(await page.getByTestId('tone-label').innerText()).toBe('Very Professional');
    await shot(page, 'gen-07-wizard-tone');
    await page.getByTestId('wizard-back').click();
    expect(await title()).toBe('Industry Details');
    await page.getByTestId('wizard-continue').click();
    await page.getByTestId('wizard-continue').click();
    expect(await title()).toBe('Last Step');
    await page.getByTestId('wizard-context').fill('We are at SaaStr next month.');
    // The email language: Auto by default, with the hint about French and Spanish.
    const language = page.getByLabel('Email language');
    expect(await language.inputValue()).toBe('auto');
    expect(await language.locator('option').allInnerTexts()).toEqual([
      'Auto (match the website)',
      'English',
      'German',
      'French',
      'Spanish',
    ]);
    expect(await page.getByText('Auto writes in the language of the website.').isVisible()).toBe(true);
    await shot(page, 'gen-08-wizard-last-step');

    // Generate: the generating state, then seven emails.
    // Holds the request until the generating state has been checked and photographed: a gate
    // opened by the test, not a fixed delay that a slow machine could outlast.
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    await page.route('**/api/generate-emails/stream', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByTestId('generate-emails').click();
    await expect.poll(() => page.getByTestId('generating-message').isVisible()).toBe(true);
    expect(await page.getByTestId('generating-progress').innerText()).toContain(
      'Cooking up your personalized sequence... This usually takes 10-20 seconds...',
    );
    expect(await page.getByTestId('generating-message').innerText()).toBe(
      'Analyzing company and generating email sequence...',
    );
    expect(await page.getByTestId('user-message').innerText()).toContain(`${site.origin}/`);
    await shot(page, 'gen-09-generating');
    openGate();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 60_000 }).toBe(7);
    await page.unroute('**/api/generate-emails/stream');
    const cards = await emailCards(page);
    cards.forEach((card, index) => {
      expect(card).toContain(`Email ${index + 1}`);
    });
    expect(await page.getByTestId('success-card').innerText()).toContain("Let's check out your sequence below!");
    // The edited analysis travelled with the request and shaped the emails.
    expect(generateBodies).toHaveLength(1);
    expect(generateBodies[0]).toMatchObject({
      companyUrl: `${site.origin}/`,
      caseStudies: `${site.origin}/customers`,
      // The edit kept what the analysis found beyond the edited texts.
      analysis: {
        companyName: 'Northwind Ledger',
        customerPains: expect.arrayContaining([EDITED_PAIN]),
        proofPoints: analyzedAnalysis.proofPoints,
        language: analyzedAnalysis.language,
      },
      customization: {
        persona: 'specific',
        specificPersona: 'VP Finance',
        seniority: 'above',
        industry: 'specific',
        specificIndustry: 'SaaS',
        tone: 100,
        targetSpecificCompany: 'no',
        language: 'auto',
      },
    });
    expect(cards.join('\n').toLowerCase()).toContain('zebra ledgers');
    await expect.poll(() => usageText(page), { timeout: 10_000 }).toBe('1/5');
    expect(await page.getByTestId('header-usage').innerText()).toBe('1/5');
    await shot(page, 'gen-10-result', true);

    // Copy puts the subject on the clipboard.
    const firstSubject = await page.getByTestId('email-subject').first().innerText();
    await page.getByTestId('copy-subject').first().click();
    await expectToast(page, 'Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstSubject);
    await page.getByTestId('copy-body').nth(1).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.getByTestId('email-body').nth(1).innerText(),
    );

    // Ratings.
    await page.getByTestId('rate-good').click();
    await expectToast(page, 'Feedback recorded');
    await closeToast(page);
    await page.getByTestId('rate-needs-work').click();
    await page.getByPlaceholder('What could be improved? (optional but helpful)').fill('Shorter please');
    await page.getByTestId('feedback-submit').click();
    await expectToast(page, 'Thank you! This helps improve future email generation.');
    // The toast can show a frame before the form unmounts: wait for it to go, then count.
    await page.getByTestId('feedback-text').waitFor({ state: 'detached', timeout: 5_000 });
    expect(await page.getByTestId('feedback-text').count()).toBe(0);
    await page.getByTestId('rate-needs-work').click();
    expect(await page.getByTestId('feedback-text').inputValue()).toBe('');
    await page.getByTestId('rate-needs-work').click();

    // Export from the result.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toBe('email-sequence.csv');
    const csvText = readFileSync(await csv.path(), 'utf8');
    expect(csvText.split('\n')[0]).toBe('Email Number,Subject,Body');
    expect(csvText).toContain(`1,"${firstSubject.replace(/"/g, '""')}"`);
    await expectToast(page, 'Export Successful');
    const [txt] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-txt').click()]);
    expect(txt.suggestedFilename()).toBe('email-sequence.txt');
    const text = readFileSync(await txt.path(), 'utf8');
    expect(text.startsWith(`Email 1\nSubject: ${firstSubject}\n\n`)).toBe(true);
    expect(text.split('\n---\n')).toHaveLength(7);

    // Save with the default title.
    await page.getByTestId('save-sequence').click();
    expect(await page.getByTestId('save-title').inputValue()).toBe('VP Finance Executive SaaS Formal Sequence');
    await page.getByTestId('save-submit').click();
    await expectToast(page, 'Sequence saved');
    await closeToast(page);

    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'gen-10b-result-top');
    await page.getByTestId('theme-toggle').click();
    await shot(page, 'gen-10c-result-top-dark');
    await page.getByTestId('theme-toggle').click();

    // Mobile view of the result: the top, then the first email.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'gen-11-result-390-top');
    await page.getByTestId('email-card').first().scrollIntoViewIfNeeded();
    await shot(page, 'gen-11b-result-390-email');
    await page.getByTestId('rating-bar').scrollIntoViewIfNeeded();
    await shot(page, 'gen-11c-result-390-rating');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The saved page lists it; CSV export is named after the title; delete removes it.
    await page.getByTestId('saved-link').click();
    await expect
      .poll(() => page.getByTestId('saved-title').first().innerText())
      .toBe('VP Finance Executive SaaS Formal Sequence');
    expect(await page.getByTestId('saved-count').innerText()).toBe('7 emails');
    expect(await page.getByTestId('saved-company-url').innerText()).toBe(`${site.origin}/`);
    await shot(page, 'gen-12-saved', true);
    const [savedCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('saved-export-csv').click()]);
    expect(savedCsv.suggestedFilename()).toBe('vp-finance-executive-saas-formal-sequence.csv');
    expect(readFileSync(await savedCsv.path(), 'utf8').split('\n')[0]).toBe('Email Number,Subject,Body');
    await page.getByTestId('saved-delete').click();
    await page.getByTestId('saved-delete-confirm').click();
    await expectToast(page, 'Sequence deleted');
    await expect.poll(() => page.getByTestId('saved-empty').isVisible()).toBe(true);
    expect(await page.getByTestId('header-usage').innerText()).toBe('1/5');

    // Back home: the result comes back from the draft; Start Over clears it, and the generated
    // history (GET /api/emails) reopens the sequence.
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('email-card').count()).toBe(7);
    expect(await page.getByTestId('email-subject').first().innerText()).toBe(firstSubject);
    await page.getByTestId('start-over').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
    expect(await page.getByTestId('header-usage').innerText()).toBe('1/5');
    await expect.poll(() => page.getByTestId('recent-sequence').count()).toBe(1);
    await page.getByTestId('recent-sequence').click();
    await expect.poll(() => page.getByTestId('email-card').count()).toBe(7);
    expect(await page.getByTestId('email-subject').first().innerText()).toBe(firstSubject);
    await page.getByTestId('start-over').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
    expect(await page.getByTestId('email-card').count()).toBe(0);
  }, 180_000);

  it('Manual Entry produces a sequence; after 5 sequences the 6th is refused and leads to /subscribe', async () => {
    const page = await newPage();
    await registerByApi(page, `manual-${Date.now()}@acme.com`);
    const generateBodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/generate-emails/stream')) generateBodies.push(request.postDataJSON());
    });

    async function manualRun(photograph = false, generate = true) {
      await page.getByTestId('tab-manual').click();
      const continueButton = page.getByTestId('manual-continue');
      expect(await continueButton.isDisabled()).toBe(true);
      const fill = (name: string, value: string) => page.getByTestId(`manual-${name}`).fill(value);
      await fill('companyName', 'Harbor Finch');
      await fill('industry', 'Logistics software');
      await fill('companySize', '50-200');
      await fill('companyDescription', 'Harbor Finch plans freight routes for regional carriers.');
      await fill('targetAudience', 'Operations leaders at regional carriers');
      await fill('targetJobTitles', 'VP Operations\nFleet Manager');
      await fill('customerPains', 'Empty return trips eat margins\n\nDispatch runs on spreadsheets');
      await fill('solutions', 'Backhaul matching fills return trips\nLive dispatch board');
      expect(await continueButton.isDisabled()).toBe(true);
      await fill('keyDifferentiators', '   ');
      expect(await continueButton.isDisabled()).toBe(true);
      await fill('keyDifferentiators', 'Live in a week');
      expect(await continueButton.isDisabled()).toBe(false);
      await fill('competitors', 'Routeway\n\nLoadwise');
      await fill('pricingModel', 'Per truck, annual');
      await fill('roi', '   ');
      if (photograph) await shot(page, 'gen-13-manual-filled', true);
      await continueButton.click();
      await expect.poll(() => page.getByTestId('wizard-title').innerText()).toBe('Target Company');
      await page.getByTestId('wizard-option-no').click();
      await page.getByTestId('wizard-option-generic').click();
      expect(await page.getByTestId('wizard-title').innerText()).toBe('Industry');
      await page.getByTestId('wizard-back').click();
      expect(await page.getByTestId('wizard-title').innerText()).toBe('Persona Targeting');
      await page.getByTestId('wizard-option-generic').click();
      await page.getByTestId('wizard-option-agnostic').click();
      await page.getByTestId('wizard-back').click();
      expect(await page.getByTestId('wizard-title').innerText()).toBe('Industry');
      await page.getByTestId('wizard-option-agnostic').click();
      await page.getByTestId('wizard-continue').click();
      if (generate) await page.getByTestId('generate-emails').click();
    }

    await manualRun(true);
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 60_000 }).toBe(7);
    expect(generateBodies[0]).toMatchObject({
      companyUrl: '',
      // Every field of the form that has a value (docs/product.md §3), lists split per line.
      analysis: {
        companyName: 'Harbor Finch',
        companyDescription: 'Harbor Finch plans freight routes for regional carriers.',
        targetAudience: 'Operations leaders at regional carriers',
        targetJobTitles: ['VP Operations', 'Fleet Manager'],
        customerPains: ['Empty return trips eat margins', 'Dispatch runs on spreadsheets'],
        solutions: ['Backhaul matching fills return trips', 'Live dispatch board'],
        industry: 'Logistics software',
        companySize: '50-200',
        keyDifferentiators: ['Live in a week'],
        competitors: ['Routeway', 'Loadwise'],
        pricingModel: 'Per truck, annual',
      },
      customization: {
        persona: 'generic',
        industry: 'agnostic',
        tone: 50,
        targetSpecificCompany: 'no',
        language: 'auto',
      },
    });
    expect(generateBodies[0]).not.toHaveProperty('caseStudies');
    // Blank optional fields are left out.
    for (const field of ['roi', 'recentNews', 'implementationTime', 'caseStudies']) {
      expect(generateBodies[0]?.analysis).not.toHaveProperty(field);
    }
    expect((await emailCards(page)).join('\n')).toContain('Harbor Finch');
    await expect.poll(() => usageText(page), { timeout: 10_000 }).toBe('1/5');

    // Use up the trial through the API (same session) while the page waits on the wizard's last
    // step: the refusal then comes at the last step, with the toast of docs/product.md §8 and redirect.
    const generateByApi = async () => {
      const response = await page.request.post(`${app.url}/api/generate-emails`, {
        headers: { origin: app.url },
        data: generateBodies[0],
      });
      expect(response.status()).toBe(200);
    };
    for (let n = 2; n <= 4; n++) await generateByApi();
    await expect.poll(() => usageText(page), { timeout: 15_000 }).toBe('4/5');
    expect(await page.getByTestId('usage-warning').innerText()).toContain('Approaching Limit');
    await page.getByTestId('success-start-over').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
    await manualRun(false, false);
    await generateByApi();
    await page.getByTestId('generate-emails').click();
    await expectToast(page, 'Sequence Limit Reached');
    await expectToast(page, "You've used all 5 free sequences. Upgrade to continue generating email sequences.");
    const refusedAt = Date.now();
    await shot(page, 'gen-14-limit-reached');
    // Back on the wizard's last step, then on to /subscribe after 3 s.
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Last Step');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/subscribe');
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(2500);

    // Back on the dashboard at 5/5 (issue 13, item 1): the limit is said before any work, with
    // the upgrade, and no form to start an analysis or the wizard from.
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('limit-reached').isVisible()).toBe(true);
    expect(await page.getByTestId('generator-card').count()).toBe(0);
    expect(await page.getByTestId('limit-reached').innerText()).toContain(
      "You've used all 5 free sequences. Upgrade to continue generating email sequences.",
    );
    expect(await page.getByTestId('limit-upgrade').getAttribute('href')).toBe('/pricing');
    expect(await page.getByTestId('usage-limit-reached').innerText()).toContain('Limit Reached');
    expect(await page.getByTestId('usage-warning').count()).toBe(0);
    await shot(page, 'gen-15-limit-dashboard');
  }, 180_000);

  it('an analysis without pairs says so and blocks Proceed until a pair is added; the emails can be asked for in French', async () => {
    const page = await newPage();
    await registerByApi(page, `no-pain-${Date.now()}@acme.com`);
    const generateBodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/generate-emails/stream')) generateBodies.push(request.postDataJSON());
    });

    // Writing engine v3 fills what a page leaves unsaid from the playbook, marked inferred (see
    // writing-v3.test.ts), so no readable page ends without pairs any more. The card must still
    // hold an analysis without any (an older cached answer, an LLM that found none) at Proceed:
    // the real answer for the page that states no pain, with its pairs taken out.
    await page.route('**/api/analyze-company', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { analysis: Analysis };
      const { pairs: _pairs, ...rest } = body.analysis;
      await route.fulfill({
        response,
        json: { analysis: { ...rest, customerPains: [], solutions: [], notice: NO_PAIN_NOTICE } },
      });
    });
    await page.getByTestId('company-url').fill(`${site.origin}/no-pain`);
    const [analyzed] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/analyze-company'), { timeout: 30_000 }),
      page.getByTestId('analyze-company').click(),
    ]);
    await page.unroute('**/api/analyze-company');
    const { analysis } = (await analyzed.json()) as { analysis: Analysis };
    expect(analysis.customerPains).toEqual([]);
    expect(analysis.notice).toContain("We couldn't find a customer pain point on this page.");

    // The notice at the top of the card; Proceed disabled, with the reason beside it.
    await expect.poll(() => page.getByTestId('analysis-card').isVisible(), { timeout: 30_000 }).toBe(true);
    const notice = page.getByTestId('analysis-notice');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toBe(analysis.notice);
    const proceed = page.getByTestId('proceed-customization');
    expect(await proceed.isDisabled()).toBe(true);
    const blocker = page.getByTestId('proceed-blocker');
    expect(await blocker.isVisible()).toBe(true);
    expect(await blocker.innerText()).toBe(NEEDS_PAIR);
    expect(await proceed.getAttribute('aria-describedby')).toBe(await blocker.getAttribute('id'));
    expect(await page.getByTestId('titles-inferred').count()).toBe(analysis.titlesInferred ? 1 : 0);
    if (analysis.titlesInferred) {
      expect(await page.getByTestId('titles-inferred').innerText()).toBe('Inferred: the page names no titles');
    }

    // Light and dark, phone and desktop; nothing may stick out sideways at either width.
    const card = page.getByTestId('analysis-card');
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByTestId('theme-toggle').click();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `gen-15-no-pain-card-${width}-${theme}`, true);
        expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
    }
    await page.getByTestId('theme-toggle').click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // The way into Edit: one empty row to type into; Save needs a complete pair.
    await page.getByTestId('proceed-fix').click();
    expect(await page.getByTestId('edit-pair').count()).toBe(1);
    expect(await page.getByTestId('edit-pain').inputValue()).toBe('');
    expect(await page.getByTestId('edit-solution').inputValue()).toBe('');
    expect(await page.getByTestId('edit-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('edit-blocker').innerText()).toBe(NEEDS_PAIR);
    await page.getByTestId('edit-pain').fill('Unplanned press downtime stalls whole production lines');
    expect(await page.getByTestId('edit-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('edit-blocker').innerText()).toBe(
      'Give each pain point the solution that answers it, or remove the row.',
    );
    await page.getByTestId('edit-solution').fill('Predictive maintenance alerts before a press fails');
    expect(await page.getByTestId('edit-save').isDisabled()).toBe(false);
    expect(await page.getByTestId('edit-blocker').count()).toBe(0);
    await shot(page, 'gen-16-no-pain-edit', true);
    await page.getByTestId('edit-save').click();
    expect(await page.getByTestId('analysis-pain').allInnerTexts()).toEqual([
      'Unplanned press downtime stalls whole production lines',
    ]);
    expect(await proceed.isDisabled()).toBe(false);
    expect(await page.getByTestId('proceed-blocker').count()).toBe(0);

    // On to the Last Step and a sequence in French: since Writing engine v3 the built-in writer
    // writes all four languages, so French is no longer refused without an AI model.
    await proceed.click();
    await page.getByTestId('wizard-option-no').click();
    await page.getByTestId('wizard-option-generic').click();
    await page.getByTestId('wizard-option-agnostic').click();
    await page.getByTestId('wizard-continue').click();
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Last Step');
    await page.getByLabel('Email language').selectOption('fr');
    await page.getByTestId('generate-emails').click();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 60_000 }).toBe(7);
    expect(generateBodies[0]).toMatchObject({
      customization: { language: 'fr' },
      // The edited analysis keeps what the analyser said about the page.
      analysis: {
        customerPains: ['Unplanned press downtime stalls whole production lines'],
        solutions: ['Predictive maintenance alerts before a press fails'],
        notice: analysis.notice,
        titlesInferred: analysis.titlesInferred,
        language: analysis.language,
      },
    });
  }, 180_000);

  it('each wizard choice is one radio group: a single tab stop, arrow keys select without moving on, Enter and Space pick', async () => {
    const page = await newPage(375);
    await registerByApi(page, `keys-${Date.now()}@acme.com`);
    await page.getByTestId('company-url').fill(`${site.origin}/`);
    await page.getByTestId('analyze-company').click();
    await expect.poll(() => page.getByTestId('proceed-customization').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('proceed-customization').click();
    const title = () => page.getByTestId('wizard-title').innerText();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    const checked = () => page.locator('[role="radio"][aria-checked="true"]').getAttribute('data-testid');
    expect(await title()).toBe('Target Company');
    // The group and its cards are named for assistive technology: the question, and each card's text.
    const group = page.getByRole('radiogroup', {
      name: 'Do you want to personalise this sequence to a specific account?',
    });
    expect(await group.getByRole('radio').count()).toBe(2);
    expect(await group.getByRole('radio', { name: 'No Write for any company in the audience.' }).count()).toBe(1);
    expect(await page.locator('[role="radio"][aria-checked="true"]').count()).toBe(0);

    // One tab stop: back from the button after the group lands on its first card, forward leaves it.
    await page.getByTestId('wizard-dashboard').focus();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe('wizard-option-yes');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('wizard-dashboard');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe('wizard-option-yes');

    // Arrow keys move to a card and select it, and the wizard waits (round the ends, both axes).
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('wizard-option-no');
    await expect.poll(checked).toBe('wizard-option-no');
    await page.keyboard.press('ArrowRight');
    await expect.poll(checked).toBe('wizard-option-yes');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(checked).toBe('wizard-option-no');
    // A key held until the next card has focus, as people press: Radix's selecting click is no pick either.
    await page.keyboard.down('ArrowUp');
    await expect.poll(focused).toBe('wizard-option-yes');
    await page.keyboard.up('ArrowUp');
    await expect.poll(checked).toBe('wizard-option-yes');
    await page.keyboard.press('ArrowUp');
    await expect.poll(checked).toBe('wizard-option-no');
    expect(await title()).toBe('Target Company');
    // Leaving and coming back returns to the selected card.
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('wizard-dashboard');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe('wizard-option-no');

    // Enter picks the selected card and moves on; Space picks the focused one.
    await page.keyboard.press('Enter');
    await expect.poll(title).toBe('Persona Targeting');
    await page.getByTestId('wizard-back').focus();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe('wizard-option-generic');
    await page.keyboard.press('Space');
    await expect.poll(title).toBe('Industry');
    // Back shows the answer given, and a click on the selected card moves on again.
    await page.getByTestId('wizard-back').click();
    expect(await checked()).toBe('wizard-option-generic');
    await page.getByTestId('wizard-option-generic').click();
    expect(await title()).toBe('Industry');
  }, 120_000);

  it('without a usage stream, polls usage every 5 seconds, no sooner and no later (docs/product.md §4, §9), on a controlled clock', async () => {
    const page = await newPage();
    // The page's timers run on Playwright's clock, and each poll is stamped with the page's own
    // (fake) time: the interval is measured exactly instead of by waiting on a loaded machine.
    await page.clock.install();
    await page.addInitScript(() => {
      // A browser (or a proxy) without Server-Sent Events: the page falls back to polling.
      delete (window as { EventSource?: unknown }).EventSource;
      const state = { polls: [] as number[], inFlight: 0 };
      (window as unknown as { usagePolls: typeof state }).usagePolls = state;
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('/api/usage')) return realFetch(input, init);
        state.polls.push(Date.now());
        state.inFlight++;
        try {
          const response = await realFetch(input, init);
          await response.clone().text();
          return response;
        } finally {
          state.inFlight--;
        }
      };
    });
    const polls = () =>
      page.evaluate(() => (window as unknown as { usagePolls: { polls: number[]; inFlight: number } }).usagePolls);
    /** Waits until no poll is in flight, so the next one is scheduled before time moves on. */
    const settle = async () => {
      await expect.poll(async () => (await polls()).inFlight).toBe(0);
      await page.evaluate(() => new Promise((resolve) => queueMicrotask(() => resolve(null))));
    };

    await registerByApi(page, `poll-${Date.now()}@acme.com`);
    // One sequence in the history, so a Recent sequence can be opened below.
    const generated = await page.request.post(`${app.url}/api/generate-emails`, {
      headers: { origin: app.url },
      data: {
        companyUrl: `${site.origin}/`,
        customization: {
          persona: 'generic',
          specificPersona: '',
          seniority: '',
          industry: 'agnostic',
          specificIndustry: '',
          tone: 50,
          additionalContext: '',
          targetSpecificCompany: 'no',
          prospectCompanyUrl: '',
          language: 'auto',
        },
      },
    });
    expect(generated.status()).toBe(200);
    await page.reload();
    await expect.poll(() => usageText(page)).toBe('1/5');
    // From here on time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // A poll that was under way when the clock stopped schedules the next from when its answer
    // came; one full interval later every poll is scheduled in paused time, from this moment.
    await page.clock.runFor(5_100);
    await settle();
    let last = await page.evaluate(() => Date.now());

    for (let round = 0; round < 2; round++) {
      const before = (await polls()).polls.length;
      await page.clock.runFor(4_999);
      await settle();
      expect((await polls()).polls.length, 'a poll came before 5 s had passed').toBe(before);
      await page.clock.runFor(1);
      await settle();
      const after = (await polls()).polls;
      expect(after.length, 'no poll at 5 s').toBe(before + 1);
      expect((after.at(-1) as number) - last).toBe(5_000);
      last = after.at(-1) as number;
    }

    // Opening a Recent sequence swaps the dashboard's layout (its usage panel remounts): still one
    // poll per 5 s, not two (issue 13, item 7), and the sequence opens at its top.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
    await page.getByTestId('recent-sequence').first().click();
    await expect.poll(() => page.getByTestId('email-card').count()).toBe(7);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(2_500);
    await settle();
    const opened = (await polls()).polls.length;
    for (let round = 1; round <= 3; round++) {
      await page.clock.runFor(5_000);
      await settle();
      expect((await polls()).polls.length, `polls ${round * 5} s after opening a Recent sequence`).toBe(opened + round);
    }
    // At phone width the header still shows usage, compactly (it was hidden below 640 px).
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.getByTestId('header-usage').isVisible()).toBe(true);
    expect(await page.getByTestId('header-usage').innerText()).toBe('1/5');
  }, 120_000);

  it('hears usage changes over one stream instead of polling (issue 25, item 2)', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const polls: string[] = [];
      (window as unknown as { usagePolls: string[] }).usagePolls = polls;
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/api/usage')) polls.push(url);
        return realFetch(input, init);
      };
    });
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/usage/stream')) streams.push(request.url());
    });
    const polls = () => page.evaluate(() => (window as unknown as { usagePolls: string[] }).usagePolls.length);
    await registerByApi(page, `push-${Date.now()}@acme.com`);
    await page.reload();
    await expect.poll(() => usageText(page)).toBe('0/5');
    await expect.poll(() => streams.length).toBeGreaterThanOrEqual(1);
    // With the stream open, 6 s pass without a single poll.
    await page.waitForTimeout(500);
    const before = await polls();
    const opened = streams.length;
    await page.waitForTimeout(6_000);
    expect(await polls()).toBe(before);
    // A sequence generated elsewhere (another tab, the API) shows up here at once.
    const generated = await page.request.post(`${app.url}/api/generate-emails`, {
      headers: { origin: app.url },
      data: {
        companyUrl: `${site.origin}/`,
        customization: {
          persona: 'generic',
          specificPersona: '',
          seniority: '',
          industry: 'agnostic',
          specificIndustry: '',
          tone: 50,
          additionalContext: '',
          targetSpecificCompany: 'no',
          prospectCompanyUrl: '',
          language: 'auto',
        },
      },
    });
    expect(generated.status()).toBe(200);
    await expect.poll(() => usageText(page), { timeout: 4_000 }).toBe('1/5');
    expect(await polls()).toBe(before);
    // The one stream stayed open all along (no reconnects).
    expect(streams).toHaveLength(opened);
  }, 120_000);
});

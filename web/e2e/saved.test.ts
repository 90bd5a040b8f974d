import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

/** SCREENSHOT_DIR=/work/screens keeps the pictures for review; otherwise they go to a temp folder. */
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');

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

describe('saved sequences page in Chromium (npm start)', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp({ port: await freePort(), dataDir: tempDataDir() });
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    contexts.push(context);
    return context.newPage();
  }

  async function shot(page: Page, name: string, fullPage = false) {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
  }

  async function expectToast(page: Page, text: string) {
    await expect
      .poll(async () => (await page.getByTestId('toast').allInnerTexts()).join('\n'), { timeout: 10_000 })
      .toContain(text);
  }

  /** A signed-in browser context, through the API (the page keeps the cookie). */
  async function signUp(page: Page) {
    const response = await page.request.post(`${app.url}/api/register`, {
      data: { email: `saved-${Date.now()}-${Math.random()}@acme.com`, password: 'saved page password 1' },
      headers: { origin: app.url },
    });
    expect(response.status()).toBe(201);
  }

  async function post(page: Page, path: string, data: unknown) {
    const response = await page.request.post(`${app.url}${path}`, { data, headers: { origin: app.url } });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it('shows the empty state, then lists, copies, exports and deletes saved sequences', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signUp(page);

    await page.goto(`${app.url}/saved-sequences`);
    await expect.poll(() => page.getByTestId('saved-empty').isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, 'saved-01-empty');
    await page.getByTestId('generate-new').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');

    const { sequence } = await post(page, '/api/generate-emails', { companyUrl: '', analysis, customization });
    expect(sequence).toHaveLength(7);
    // Both stored shapes of docs/product.md §3: a list, and an object holding the list.
    await post(page, '/api/save-sequence', {
      title: 'Fleet Manager Operational Casual Sequence',
      companyUrl: 'https://harborfinch.example',
      emailSequence: sequence,
      customization,
    });
    await post(page, '/api/save-sequence', {
      title: 'Q3 "Backhaul" Push',
      companyUrl: '',
      emailSequence: { sequence: sequence.slice(0, 3) },
    });

    await page.goto(`${app.url}/saved-sequences`);
    await expect.poll(() => page.getByTestId('saved-sequence').count(), { timeout: 10_000 }).toBe(2);
    const titles = await page.getByTestId('saved-title').allInnerTexts();
    expect(titles.sort()).toEqual(['Fleet Manager Operational Casual Sequence', 'Q3 "Backhaul" Push']);
    const card = page.getByTestId('saved-sequence').filter({ hasText: 'Fleet Manager Operational Casual Sequence' });
    const small = page.getByTestId('saved-sequence').filter({ hasText: 'Q3 "Backhaul" Push' });
    expect(await card.getByTestId('saved-count').innerText()).toBe('7 emails');
    expect(await small.getByTestId('saved-count').innerText()).toBe('3 emails');
    expect(await card.getByTestId('saved-company-url').innerText()).toBe('https://harborfinch.example');
    expect(await card.innerText()).toContain(`Saved ${new Date().getFullYear()}`.slice(0, 5));
    expect(await card.getByTestId('saved-email').count()).toBe(2);
    await card.getByTestId('saved-toggle').click();
    // The list carries two emails per card; the rest are fetched when the card opens.
    await expect.poll(() => card.getByTestId('saved-email').count(), { timeout: 10_000 }).toBe(7);
    await shot(page, 'saved-02-list', true);

    // Per-email copy and Copy All.
    await card.getByTestId('saved-copy-email').nth(2).click();
    await expectToast(page, 'Copied to clipboard');
    expect(await clipboard(page)).toBe(`Subject: ${sequence[2].subject}\n\n${sequence[2].body}`);
    await card.getByTestId('saved-copy-all').click();
    const all = await clipboard(page);
    expect(all.split('\n\n---\n\n')).toHaveLength(7);
    expect(all.startsWith(`Subject: ${sequence[0].subject}`)).toBe(true);

    // Exports are named after the title.
    const [csv] = await Promise.all([page.waitForEvent('download'), card.getByTestId('saved-export-csv').click()]);
    expect(csv.suggestedFilename()).toBe('fleet-manager-operational-casual-sequence.csv');
    const csvText = readFileSync(await csv.path(), 'utf8');
    expect(csvText.split('\n')[0]).toBe('Email Number,Subject,Body');
    expect(csvText).toContain(`7,"${sequence[6].subject.replace(/"/g, '""')}"`);
    await expectToast(page, 'Export Successful');
    const [txt] = await Promise.all([page.waitForEvent('download'), small.getByTestId('saved-export-txt').click()]);
    expect(txt.suggestedFilename()).toBe('q3-backhaul-push.txt');
    const text = readFileSync(await txt.path(), 'utf8');
    expect(text).toBe(
      sequence
        .slice(0, 3)
        .map((e: { subject: string; body: string }, i: number) => `Email ${i + 1}\nSubject: ${e.subject}\n\n${e.body}`)
        .join('\n\n---\n\n'),
    );

    // A failed delete says so and keeps the card; a real one removes it.
    await page.route('**/api/saved-sequences/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","message":"boom"}' })
        : route.continue(),
    );
    await small.getByTestId('saved-delete').click();
    await small.getByTestId('saved-delete-confirm').click();
    await expectToast(page, 'Delete failed');
    expect(await page.getByTestId('saved-sequence').count()).toBe(2);
    await page.unroute('**/api/saved-sequences/*');
    await small.getByTestId('saved-delete').click();
    await small.getByTestId('saved-delete-confirm').click();
    await expectToast(page, 'Sequence deleted');
    await expect.poll(() => page.getByTestId('saved-sequence').count()).toBe(1);
    const listed = await page.request.get(`${app.url}/api/saved-sequences`);
    expect((await listed.json()).map((s: { title: string }) => s.title)).toEqual([
      'Fleet Manager Operational Casual Sequence',
    ]);
    expect(errors).toEqual([]);

    // The same page on a phone, and in the dark theme.
    const phone = await newPage({ width: 390, dark: true });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${app.url}/saved-sequences`);
    await expect.poll(() => phone.getByTestId('saved-sequence').count(), { timeout: 10_000 }).toBe(1);
    await shot(phone, 'saved-03-390-dark');
  }, 120_000);

  it('shows a long library a page at a time and searches it (issue 25, item 4), at 375 and 1280 px, light and dark', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signUp(page);
    const { sequence } = await post(page, '/api/generate-emails', { companyUrl: '', analysis, customization });
    for (let i = 1; i <= 23; i++) {
      await post(page, '/api/save-sequence', {
        title: i % 5 === 0 ? `Fintech push ${i}` : `Fleet outreach ${i}`,
        companyUrl: `https://carrier-${i}.example`,
        emailSequence: sequence,
        customization,
      });
    }
    const lists: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/saved-sequences')) lists.push(new URL(request.url()).search);
    });
    await page.goto(`${app.url}/saved-sequences`);
    await expect.poll(() => page.getByTestId('saved-sequence').count(), { timeout: 10_000 }).toBe(20);
    // Newest first, and the list asked for a page, never the whole library.
    expect(await page.getByTestId('saved-title').first().innerText()).toBe('Fleet outreach 23');
    expect(lists[0]).toBe('?limit=20');
    await page.getByTestId('saved-more').click();
    await expect.poll(() => page.getByTestId('saved-sequence').count()).toBe(23);
    await expect.poll(() => page.getByTestId('saved-more').count()).toBe(0);

    // A card fetches its whole sequence only when wanted; Copy All gets every email.
    const card = page.getByTestId('saved-sequence').filter({ hasText: 'Fleet outreach 22' });
    await card.getByTestId('saved-copy-all').click();
    await expect.poll(() => clipboard(page)).toContain(`Subject: ${sequence[6].subject}`);

    await page.getByTestId('saved-search').fill('FINTECH');
    await expect.poll(() => page.getByTestId('saved-sequence').count()).toBe(4);
    expect(await page.getByTestId('saved-title').allInnerTexts()).toEqual([
      'Fintech push 20',
      'Fintech push 15',
      'Fintech push 10',
      'Fintech push 5',
    ]);
    expect(lists.some((search) => search === '?limit=20&q=FINTECH')).toBe(true);
    await shot(page, 'saved-04-search-1280-light');
    await page.getByTestId('saved-search').fill('carrier-7.example');
    await expect.poll(() => page.getByTestId('saved-title').allInnerTexts()).toEqual(['Fleet outreach 7']);
    await page.getByTestId('saved-search').fill('no such sequence');
    await expect.poll(() => page.getByTestId('saved-no-match').isVisible()).toBe(true);
    expect(await page.getByTestId('saved-no-match').innerText()).toBe('No saved sequence matches “no such sequence”.');
    await shot(page, 'saved-05-no-match-1280-light');

    for (const [width, dark] of [
      [375, false],
      [375, true],
      [1280, true],
    ] as const) {
      const other = await newPage({ width, dark });
      await other.context().addCookies(await page.context().cookies());
      other.on('pageerror', (error) => errors.push(error.message));
      await other.goto(`${app.url}/saved-sequences`);
      await expect.poll(() => other.getByTestId('saved-sequence').count(), { timeout: 10_000 }).toBe(20);
      await other.getByTestId('saved-search').fill('fintech');
      await expect.poll(() => other.getByTestId('saved-sequence').count()).toBe(4);
      // Nothing wider than the screen.
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(other, `saved-06-search-${width}-${dark ? 'dark' : 'light'}`);
    }
    expect(errors).toEqual([]);
  }, 180_000);
});

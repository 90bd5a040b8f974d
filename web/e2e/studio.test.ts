import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, repoRoot, startApp, tempDataDir } from './support.ts';

/** The studio's pictures are kept for review: SCREENSHOT_DIR/studio, else .tmp/shots/studio in the repository. */
const screenshots = process.env.SCREENSHOT_DIR
  ? path.join(process.env.SCREENSHOT_DIR, 'studio')
  : path.join(repoRoot, '.tmp', 'shots', 'studio');
const SITES = new URL('../../services/generation/test/fixtures/sites/', import.meta.url);
const FIXTURE = new URL('northwind-ledger/', SITES);
const PASSWORD = 'studio password 1';
const EDIT_MARK = 'Zebra-striped ledgers are our favourite kind';
const SAVED_EDIT = 'Edited after opening: ledgers without zebras';

/** The company site on loopback: home page at /, case studies at /customers. */
async function startCompanySite() {
  const pages: Record<string, Buffer> = {
    '/': readFileSync(new URL('index.html', FIXTURE)),
    '/customers': readFileSync(new URL('case-studies.html', FIXTURE)),
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

/**
 * Runs in the page before the app: passes the generation stream through untouched up to its
 * `done` event and holds that back until the test calls window.__releaseDone(). So the test sees
 * what the user sees between the emails arriving and the stream ending (and proves Email 1 is on
 * screen before `done` has reached the app).
 */
function holdStreamDone() {
  const w = window as unknown as { __releaseDone?: () => void; __doneHeld?: boolean };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  w.__releaseDone = () => release();
  w.__doneHeld = false;
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const streaming = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    if (!url.endsWith('/api/generate-emails/stream') || !streaming || !response.body) return response;
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    let pending = '';
    let held = '';
    const marker = 'event: done';
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const text = decoder.decode(chunk, { stream: true });
          if (w.__doneHeld) {
            held += text;
            return;
          }
          pending += text;
          const at = pending.indexOf(marker);
          if (at >= 0) {
            controller.enqueue(encoder.encode(pending.slice(0, at)));
            held = pending.slice(at);
            pending = '';
            w.__doneHeld = true;
            return;
          }
          // Keep a tail that could be the start of the marker split across chunks.
          const keep = Math.max(0, pending.length - marker.length);
          controller.enqueue(encoder.encode(pending.slice(0, keep)));
          pending = pending.slice(keep);
        },
        async flush(controller) {
          if (w.__doneHeld) await gate;
          controller.enqueue(encoder.encode(pending + held + decoder.decode()));
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** RFC 4180 cells (quoted fields, doubled quotes, CRLF or LF, a leading BOM dropped). */
function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Every value under `key` anywhere in a JSON document, in document order. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesOf(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, inner]) => [
      ...(name === key ? [inner] : []),
      ...valuesOf(inner, key),
    ]);
  }
  return [];
}

const SEQUENCER_FORMATS = ['hubspot', 'outreach', 'salesloft', 'apollo', 'lemlist', 'instantly', 'smartlead'] as const;
/** seqgen's own spelling with its fallback (`{{first_name|there}}`): no sequencer reads it. */
const SEQGEN_SYNTAX = /\{\{(?:first_name|company|sender_name)\|[^{}]*\}\}/;

describe('sequence studio in Chromium (npm start)', () => {
  let app: RunningApp;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startCompanySite>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
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

  async function newPage(options: { width?: number; holdDone?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      acceptDownloads: true,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    if (options.holdDone) await context.addInitScript(holdStreamDone);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    return page;
  }

  async function shot(page: Page, name: string) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
  }

  async function expectToast(page: Page, text: string) {
    await expect
      .poll(async () => (await page.getByTestId('toast').allInnerTexts()).join('\n'), { timeout: 15_000 })
      .toContain(text);
  }

  const closeToast = (page: Page) =>
    page
      .getByTestId('toast')
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 2000 })
      .catch(() => {});

  async function register(page: Page, email: string) {
    const response = await page.request.post(`${app.url}/api/register`, {
      data: { email, password: PASSWORD, firstName: 'Gina' },
      headers: { origin: app.url },
    });
    expect(response.status()).toBe(201);
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('generator-card').isVisible(), { timeout: 15_000 }).toBe(true);
  }

  /** URL analysis, then the wizard: VP Finance, above the line, SaaS, default tone. */
  async function analyseAndCustomise(page: Page) {
    await page.getByTestId('company-url').fill(`${site.origin}/`);
    await page.getByTestId('case-studies-url').fill(`${site.origin}/customers`);
    await page.getByTestId('analyze-company').click();
    await expect.poll(() => page.getByTestId('proceed-customization').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('proceed-customization').click();
    await page.getByTestId('wizard-option-no').click();
    await page.getByTestId('wizard-option-specific').click();
    await page.getByTestId('wizard-persona').fill('VP Finance');
    await page.getByTestId('wizard-continue').click();
    await page.getByTestId('wizard-option-above').click();
    await page.getByTestId('wizard-option-specific').click();
    await page.getByTestId('wizard-industry').fill('SaaS');
    await page.getByTestId('wizard-continue').click();
    await page.getByTestId('wizard-continue').click();
    await expect.poll(() => page.getByTestId('wizard-title').innerText()).toBe('Last Step');
  }

  const card = (page: Page, n: number) => page.getByTestId('email-card').nth(n - 1);
  const bodyOf = (page: Page, n: number) => card(page, n).getByTestId('email-body').innerText();

  async function editBody(page: Page, n: number, body: string) {
    await card(page, n).getByTestId('edit-email').click();
    await card(page, n).getByTestId('edit-body').fill(body);
    await card(page, n).getByTestId('edit-email-close').click();
  }

  async function download(
    page: Page,
    open: () => Promise<unknown>,
    testId: string,
  ): Promise<{ name: string; text: string }> {
    await open();
    const [file] = (await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])) as [
      Download,
      unknown,
    ];
    return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
  }

  it('streams, edits, regenerates one email, survives Edit’s reload, exports every format, saves and reopens', async () => {
    const page = await newPage({ holdDone: true });
    await register(page, `studio-${Date.now()}@acme.com`);
    await analyseAndCustomise(page);

    // Generate through the stream: Email 1 is on screen while `done` is still held back.
    const streamRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/generate-emails')) streamRequests.push(new URL(request.url()).pathname);
    });
    await page.getByTestId('generate-emails').click();
    await expect.poll(() => page.getByTestId('stream-email').first().isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __doneHeld?: boolean }).__doneHeld)).toBe(true);
    expect(await page.locator('[data-stream-state="streaming"]').count()).toBe(1);
    expect(await page.getByTestId('stream-email').first().innerText()).toContain('Email 1');
    expect(await page.getByTestId('email-card').count()).toBe(0);
    expect(await page.getByTestId('stream-step').innerText()).not.toBe('');
    await shot(page, 'studio-01-streaming-1280');
    await page.evaluate(() => (window as unknown as { __releaseDone: () => void }).__releaseDone());
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 30_000 }).toBe(7);
    expect(await page.getByTestId('stream').count()).toBe(0);
    expect(streamRequests).toEqual(['/api/generate-emails/stream']);

    // Checks with reasons, per email and for the sequence.
    expect(await page.getByTestId('sequence-checks-summary').innerText()).not.toBe('');
    expect(await page.getByTestId('email-checks').count()).toBe(7);
    await card(page, 1).getByTestId('email-checks-toggle').click();
    expect(await card(page, 1).getByTestId('check-item').count()).toBeGreaterThanOrEqual(9);
    expect(await card(page, 1).getByTestId('check-item').first().innerText()).toMatch(/:\s+\S/);
    await card(page, 1).getByTestId('email-checks-toggle').click();
    // Merge fields as chips; the preview reads them as Jordan, from Gina.
    expect(await page.getByTestId('merge-chip').count()).toBeGreaterThan(0);
    await page.getByTestId('preview-toggle').click();
    expect(await card(page, 1).getByTestId('preview-body').innerText()).toContain('Jordan');
    expect(await card(page, 1).getByTestId('preview-body').innerText()).not.toContain('{{');
    await page.getByTestId('preview-toggle').click();

    // Edit email 2 in place; a misspelt merge field is named by its check while typing.
    const originalTwo = await bodyOf(page, 2);
    await editBody(page, 2, `Hi {{firstName}},\n\n${EDIT_MARK}. ${originalTwo.split('\n').slice(2).join('\n')}`);
    await expect
      .poll(() => card(page, 2).getByTestId('email-checks').innerText(), { timeout: 5000 })
      .toContain("'{{firstName}}' is not a merge field; write {{first_name|there}}");
    expect(await card(page, 2).getByTestId('merge-chip-unknown').count()).toBe(1);
    await editBody(page, 2, `Hi {{first_name|there}},\n\n${EDIT_MARK}. ${originalTwo.split('\n').slice(2).join('\n')}`);
    expect(await bodyOf(page, 2)).toContain(EDIT_MARK);

    // Regenerate email 3 "shorter": only that card shows progress; email 2's edit is sent and kept.
    const beforeThree = await bodyOf(page, 3);
    const regenerated = async () => {
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/regenerate-email')),
        page.waitForResponse((r) => r.url().endsWith('/api/regenerate-email'), { timeout: 60_000 }),
        (async () => {
          await card(page, 3).getByTestId('regenerate-email').click();
          await page.getByTestId('regenerate-option-shorter').click();
        })(),
      ]);
      return { body: request.postDataJSON(), status: response.status(), answer: await response.json() };
    };
    const first = await regenerated();
    expect(first.status, JSON.stringify(first.answer)).toBe(200);
    expect(first.body).toMatchObject({ index: 2, modifier: 'shorter' });
    expect(first.body.sequence[1].body).toContain(EDIT_MARK);
    await expect.poll(() => bodyOf(page, 3)).not.toBe(beforeThree);
    expect(await bodyOf(page, 2)).toContain(EDIT_MARK);
    expect(await page.getByTestId('regenerating').count()).toBe(0);
    // Undo brings the old text back; then regenerate again for good.
    await card(page, 3).getByTestId('undo-regenerate').click();
    expect(await bodyOf(page, 3)).toBe(beforeThree);
    const second = await regenerated();
    expect(second.status).toBe(200);
    await expect.poll(() => bodyOf(page, 3)).not.toBe(beforeThree);
    const regeneratedThree = await bodyOf(page, 3);

    // The Edit button of docs/product.md §2 reloads the page; the result comes back with every edit.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('edit-sequence').click()]);
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 15_000 }).toBe(7);
    expect(await bodyOf(page, 2)).toContain(EDIT_MARK);
    expect(await bodyOf(page, 3)).toBe(regeneratedThree);
    expect(await card(page, 3).getByTestId('undo-regenerate').count()).toBe(1);

    // Send days: a day that is not after the one before is refused with the proto's message.
    await card(page, 4).getByTestId('edit-email').click();
    await card(page, 4).getByTestId('edit-send-day').fill('5');
    await expect
      .poll(() => page.getByTestId('cadence-error').innerText())
      .toContain('Email 4: Each send day must come after the one before it');
    expect(await page.getByTestId('save-sequence').isDisabled()).toBe(true);
    expect(await card(page, 4).getByTestId('edit-send-day').getAttribute('aria-invalid')).toBe('true');
    await card(page, 4).getByTestId('edit-send-day').fill('12');
    await card(page, 4).getByTestId('edit-email-close').click();
    expect(await card(page, 4).getByTestId('send-day').innerText()).toBe('Day 12');
    expect(await page.getByTestId('cadence-error').count()).toBe(0);

    // Screenshots: phone and desktop, light and dark; nothing sticks out sideways, the bar never hides the last email.
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByTestId('theme-toggle').click();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByTestId('studio-summary').scrollIntoViewIfNeeded();
        await shot(page, `studio-02-result-${width}-${theme}`);
        await card(page, 2).scrollIntoViewIfNeeded();
        await shot(page, `studio-03-email-${width}-${theme}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        // The bar is on screen mid-sequence…
        const bar = page.getByTestId('result-actions');
        const barBox = await bar.boundingBox();
        expect(barBox && barBox.y + barBox.height).toBeLessThanOrEqual((width === 375 ? 812 : 900) + 1);
        // …and at the very end it sits below the last email instead of over it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(200);
        const last = await card(page, 7).boundingBox();
        const end = await bar.boundingBox();
        expect(last && end && last.y + last.height).toBeLessThanOrEqual((end?.y ?? 0) + 1);
        await shot(page, `studio-04-end-${width}-${theme}`);
      }
    }
    // On a phone, the bar steps aside while an email is being typed (the keyboard needs the room).
    await page.setViewportSize({ width: 375, height: 812 });
    await card(page, 5).getByTestId('edit-email').click();
    await expect.poll(() => page.getByTestId('result-actions').isVisible()).toBe(false);
    await shot(page, 'studio-05-editing-375-dark');
    await card(page, 5).getByTestId('edit-email-close').click();
    await expect.poll(() => page.getByTestId('result-actions').isVisible()).toBe(true);
    await page.getByTestId('theme-toggle').click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Every export: edits, merge tags in each tool's syntax, the changed day, no formula cells.
    const days = [0, 3, 7, 12, 16, 21, 28];
    const gaps = [0, 3, 4, 5, 4, 5, 7];
    const openMenu = () => page.getByTestId('export-menu').click();
    expect(
      await (async () => {
        await openMenu();
        const notes = await page.getByTestId('export-how-to').allInnerTexts();
        await page.keyboard.press('Escape');
        return notes.length;
      })(),
    ).toBe(9);
    const files: Record<string, { name: string; text: string }> = {};
    for (const id of ['csv', 'txt', ...SEQUENCER_FORMATS]) {
      files[id] = await download(page, openMenu, `export-format-${id}`);
      await closeToast(page);
    }
    const spec = await download(page, async () => {}, 'export-csv');
    expect(spec.name).toBe('email-sequence.csv');
    expect(spec.text).toBe(files.csv?.text);
    expect(files.csv?.name).toBe('email-sequence.csv');
    expect(files.txt?.name).toBe('email-sequence.txt');
    const csv = parseCsv(files.csv?.text ?? '');
    expect(csv[0]).toEqual(['Email Number', 'Subject', 'Body']);
    expect(csv).toHaveLength(8);
    expect(csv[2]?.[2]).toContain(EDIT_MARK);
    expect(csv[1]?.[2]).toMatch(SEQGEN_SYNTAX);
    expect(files.txt?.text).toContain(EDIT_MARK);
    expect(files.txt?.text.split('\n---\n')).toHaveLength(7);
    for (const id of SEQUENCER_FORMATS) {
      const file = files[id] as { name: string; text: string };
      expect(file.text, id).toContain(EDIT_MARK);
      expect(file.text, `${id} keeps seqgen's own merge-field syntax`).not.toMatch(SEQGEN_SYNTAX);
    }
    for (const id of ['csv', 'hubspot', 'outreach', 'apollo'] as const) {
      const rows = parseCsv(files[id]?.text ?? '');
      for (const cell of rows.flat()) expect(cell, `${id}: ${cell.slice(0, 30)}`).not.toMatch(/^[=+\-@\t\r]/);
      if (id !== 'csv') {
        const column = rows[0]?.indexOf('Send day') ?? -1;
        expect(column, id).toBeGreaterThanOrEqual(0);
        expect(
          rows.slice(1).map((row) => Number(row[column])),
          id,
        ).toEqual(days);
      }
    }
    expect(valuesOf(JSON.parse(files.salesloft?.text ?? '{}'), 'day')).toEqual(days.map((day) => day + 1));
    expect(valuesOf(JSON.parse(files.lemlist?.text ?? '{}'), 'delay')).toEqual(gaps);
    expect(valuesOf(JSON.parse(files.smartlead?.text ?? '{}'), 'delay_in_days')).toEqual(gaps);
    expect(valuesOf(JSON.parse(files.instantly?.text ?? '{}'), 'delay')).toEqual([...gaps.slice(1), 0]);

    // Save: the edited emails with their send days.
    const [saveRequest] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/save-sequence')),
      (async () => {
        await page.getByTestId('save-sequence').click();
        expect(await page.getByTestId('save-title').inputValue()).toBe('VP Finance Executive SaaS Sequence');
        await page.getByTestId('save-submit').click();
      })(),
    ]);
    await expectToast(page, 'Sequence saved');
    expect(saveRequest.postDataJSON().emailSequence.cadence).toEqual(days);
    expect(saveRequest.postDataJSON().emailSequence.sequence[1].body).toContain(EDIT_MARK);
    await closeToast(page);

    // Open it from /saved-sequences: the same studio, with the edits and the day.
    await page.getByTestId('saved-link').click();
    await expect.poll(() => page.getByTestId('saved-sequence').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('audience-persona').innerText()).toBe('VP Finance (executive)');
    expect(await page.getByTestId('audience-industry').innerText()).toBe('SaaS');
    await page.getByTestId('saved-open').click();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 10_000 }).toBe(7);
    expect(await page.getByTestId('saved-studio-title').inputValue()).toBe('VP Finance Executive SaaS Sequence');
    expect(await bodyOf(page, 2)).toContain(EDIT_MARK);
    expect(await card(page, 4).getByTestId('send-day').innerText()).toBe('Day 12');
    expect(await page.getByTestId('save-changes').isDisabled()).toBe(true);
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'studio-06-saved-375-light');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Edit, and the page asks before the edit is lost: on reload or close, and on in-app navigation.
    await editBody(page, 1, `${SAVED_EDIT}\n\n${await bodyOf(page, 1)}`);
    expect(await page.getByTestId('save-state').innerText()).toContain('Unsaved changes');
    expect(
      await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    ).toBe(true);
    await page.getByTestId('back-to-saved').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').isVisible()).toBe(true);
    await shot(page, 'studio-07-leave-dialog-1280-light');
    await page.getByTestId('confirm-cancel').click();
    expect(new URL(page.url()).pathname).toMatch(/^\/saved-sequences\/.+/);

    // Save changes: PUT /api/saved-sequences/{id}, then a reload shows it persisted.
    const [put] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/saved-sequences\/[^/]+$/.test(r.url())),
      page.getByTestId('save-changes').click(),
    ]);
    expect(put.postDataJSON()).toMatchObject({
      title: 'VP Finance Executive SaaS Sequence',
      emailSequence: { cadence: days },
    });
    await expectToast(page, 'Sequence saved');
    await expect.poll(() => page.getByTestId('save-state').innerText()).toContain('All changes saved');
    await page.reload();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 10_000 }).toBe(7);
    expect(await bodyOf(page, 1)).toContain(SAVED_EDIT);
    expect(await bodyOf(page, 2)).toContain(EDIT_MARK);
    // Clean again: leaving needs no question.
    await page.getByTestId('back-to-saved').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/saved-sequences');

    // Start Over clears the dashboard's draft.
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 10_000 }).toBe(7);
    await page.getByTestId('start-over').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('generator-card').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('seqgen:user:'))),
    ).toEqual([]);
  }, 300_000);

  it('through the stream: a failing generation and the free plan’s limit give the toasts of docs/product.md §8', async () => {
    const page = await newPage();
    await register(page, `studio-limit-${Date.now()}@acme.com`);
    const stream: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/generate-emails/stream')) stream.push(response.status());
    });

    // A generation that fails inside the stream ('error' event): 'Generation Failed' with the
    // server's words. Since Writing engine v3 the built-in writer writes French too, so no real
    // request of this server fails there any more: the stream's answer is the service's own shape.
    await analyseAndCustomise(page);
    const FAILED = 'The AI service could not finish the sequence. Please try again.';
    await page.route('**/api/generate-emails/stream', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `event: error\ndata: ${JSON.stringify({ type: 'error', status: 502, error: 'ai_failed', message: FAILED })}\n\n`,
      }),
    );
    await page.getByTestId('generate-emails').click();
    await expectToast(page, 'Generation Failed');
    await expectToast(page, FAILED);
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Last Step');
    expect(stream.length).toBe(1);
    await page.unroute('**/api/generate-emails/stream');
    await closeToast(page);

    // Use up the five free sequences through the JSON endpoint, then the sixth through the stream.
    const analysis = {
      companyName: 'Harbor Finch',
      companyDescription: 'Harbor Finch plans freight routes for regional carriers.',
      targetAudience: 'Operations leaders at regional carriers',
      targetJobTitles: [],
      customerPains: ['Empty return trips eat margins'],
      solutions: ['Backhaul matching fills return trips'],
    };
    const customization = { persona: 'generic', industry: 'agnostic', targetSpecificCompany: 'no' };
    for (let n = 1; n <= 5; n++) {
      const response = await page.request.post(`${app.url}/api/generate-emails`, {
        headers: { origin: app.url },
        data: { companyUrl: '', analysis, customization },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await page.getByTestId('generate-emails').click();
    await expectToast(page, 'Sequence Limit Reached');
    await expectToast(page, "You've used all 5 free sequences. Upgrade to continue generating email sequences.");
    const refusedAt = Date.now();
    expect(stream.length).toBe(2);
    expect(await page.getByTestId('wizard-title').innerText()).toBe('Last Step');
    await shot(page, 'studio-08-limit-1280-light');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/subscribe');
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(2500);
  }, 180_000);
});

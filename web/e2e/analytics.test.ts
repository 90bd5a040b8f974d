/**
 * Issue 11, item 3: product analytics that arrive. A visitor clicks through the landing page,
 * signs up, analyses a company and generates a sequence in Chromium against `npm start`; the
 * events the page batched (sent with fetch and, when the page is left, sendBeacon) and the domain
 * events the services published must arrive at a PostHog-compatible capture server on 127.0.0.1
 * (ANALYTICS_SINK_URL) and in the analytics.events table, where the README's funnel query counts
 * them. The table is read on a PostgreSQL database of the test's own when the real servers are
 * there (the embedded PGlite belongs to the app's process); without them only the sink is checked.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_SQL } from '../../services/analytics/src/domain/funnel.ts';
import { type CapturedBatch, startCaptureServer } from '../../services/analytics/test/capture-server.ts';
import { ensureRealInfra } from '../../services/kit/src/testing/infra.ts';
import { createTestDatabase } from '../../services/kit/src/testing/test-infrastructure.ts';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

const FIXTURE = new URL('../../services/generation/test/fixtures/sites/northwind-ledger/', import.meta.url);
const PASSWORD = 'analytics password 1';

/** The company site the generator analyses, on loopback. */
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe('analytics from the browser and the services arrive (npm start, Chromium)', () => {
  let app: RunningApp;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startCompanySite>>;
  let sink: Awaited<ReturnType<typeof startCaptureServer>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    site = await startCompanySite();
    sink = await startCaptureServer();
    if (await ensureRealInfra()) database = await createTestDatabase();
    app = await startApp({
      port: await freePort(),
      dataDir: tempDataDir(),
      env: {
        FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin,
        ANALYTICS_SINK_URL: sink.url,
        ANALYTICS_SINK_KEY: 'phc_e2e_project_key',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await sink?.close();
    await site?.close();
    await database?.drop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    // Keepalive fetches and beacons are sent by the browser process, out of Playwright's sight:
    // the page records what it hands over instead.
    await context.addInitScript(() => {
      const sent: { via: string; type?: string; keepalive?: boolean; body?: string }[] = [];
      Object.assign(window, { __analyticsSent: sent });
      const beacon = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/api/events')) sent.push({ via: 'beacon', type: (data as Blob | null)?.type });
        return beacon(url, data);
      };
      const originalFetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input).endsWith('/api/events')) {
          const headers = new Headers(init?.headers);
          sent.push({
            via: 'fetch',
            type: headers.get('content-type') ?? undefined,
            keepalive: init?.keepalive,
            body: String(init?.body),
          });
        }
        return originalFetch(input, init);
      };
    });
    return page;
  }

  it('landing → sign-up → analyse → generate: web and domain events reach the sink and the table', async () => {
    const page = await newPage();

    // The landing page and its call to action.
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Generate 5 Free Sequences' }).first().click();
    await expect.poll(() => page.getByTestId('sign-up-form').isVisible(), { timeout: 15_000 }).toBe(true);

    // Sign up through the form, as a user does.
    const email = `analytics-${Date.now()}@acme.com`;
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Work email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByTestId('sign-up-submit').click();
    await expect.poll(() => page.getByTestId('generator-card').isVisible(), { timeout: 15_000 }).toBe(true);
    const user = (await (await page.request.get(`${app.url}/api/auth/user`)).json()) as { id: string };
    expect(user.id).toEqual(expect.any(String));

    // Analyse a company, then the shortest way through the wizard, then generate.
    await page.getByTestId('company-url').fill(`${site.origin}/`);
    await page.getByTestId('case-studies-url').fill(`${site.origin}/customers`);
    await page.getByTestId('analyze-company').click();
    await expect
      .poll(() => page.getByTestId('analysis-company').innerText(), { timeout: 30_000 })
      .toBe('Northwind Ledger');
    await page.getByTestId('proceed-customization').click();
    await page.getByTestId('wizard-option-no').click();
    await page.getByTestId('wizard-option-generic').click();
    await page.getByTestId('wizard-option-agnostic').click();
    await page.getByTestId('wizard-continue').click();
    await page.getByTestId('generate-emails').click();
    await expect.poll(() => page.getByTestId('email-card').count(), { timeout: 60_000 }).toBe(7);

    // A click, then the tab is hidden in the same moment: the click goes out with sendBeacon.
    await page.evaluate(() => {
      (document.querySelector('[data-testid="start-over"]') as HTMLElement).click();
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const sent = (await page.evaluate(() => (window as unknown as { __analyticsSent: unknown[] }).__analyticsSent)) as {
      via: string;
      type?: string;
      keepalive?: boolean;
      body?: string;
    }[];
    // Leaving the page is the last chance; nothing may break on the way out.
    await page.goto('about:blank');

    // At the capture server: the web events, the user's after sign-up, and the domain events.
    const arrived = () => sink.events();
    const names = () => arrived().map((event) => event.event);
    await expect
      .poll(names, { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          'page_view',
          'button_click',
          'auth',
          'analysis_completed',
          'email_generation',
          'user.registered',
          'sequence.generated',
        ]),
      );
    const clicks = () =>
      arrived()
        .filter((event) => event.event === 'button_click')
        .map((event) => `${event.properties.label} (${event.properties.location})`);
    await expect
      .poll(clicks, { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['Generate 5 Free Sequences (hero)', 'Start Over (header)']));
    expect(sink.batches.every((body: CapturedBatch) => body.api_key === 'phc_e2e_project_key')).toBe(true);
    const ofUser = arrived().filter((event) => event.distinct_id === user.id);
    expect(ofUser.map((event) => event.event)).toEqual(
      expect.arrayContaining(['analysis_completed', 'email_generation', 'user.registered', 'sequence.generated']),
    );
    const landing = arrived().find((event) => event.event === 'page_view' && event.properties.path === '/');
    expect(landing?.properties.anonymous_id).toEqual(expect.any(String));
    expect(arrived().find((event) => event.event === 'auth')?.properties).toMatchObject({
      action: 'register',
      outcome: 'success',
    });
    // Nothing personal left the app: not the address the user signed up with.
    expect(JSON.stringify(sink.batches)).not.toContain(email);

    // What the page sent: JSON batches with keepalive fetches and, when hidden, a beacon (a Blob
    // typed application/json: the services refuse text/plain), never a user id of its own.
    // (Whether a 5 s flush fell inside this run depends on the machine's speed: fetches are
    // checked when there were any, and in web/src/lib/analytics.test.ts.)
    const fetched = sent.filter((entry) => entry.via === 'fetch');
    expect(fetched.every((entry) => entry.keepalive === true && entry.type === 'application/json')).toBe(true);
    expect(sent.filter((entry) => entry.via === 'beacon')).toEqual([{ via: 'beacon', type: 'application/json' }]);
    for (const entry of fetched) {
      const body = JSON.parse(entry.body ?? '{}') as { anonymousId: string; events: unknown[] };
      expect(Object.keys(body).sort()).toEqual(['anonymousId', 'events']);
      expect(body.events.length).toBeLessThanOrEqual(50);
    }
    expect(JSON.stringify(sent)).not.toContain(user.id);

    if (!database) return;
    // In the table, counted by the README's funnel query.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const rows = await client.query<{ name: string; user_id: string | null; forwarded: boolean }>(
        'select name, user_id, forwarded_at is not null as forwarded from analytics.events',
      );
      const stored = rows.rows.filter((row) => row.user_id === user.id).map((row) => row.name);
      expect(stored).toEqual(
        expect.arrayContaining(['auth', 'analysis_completed', 'email_generation', 'user.registered']),
      );
      expect(stored).toContain('sequence.generated');
      await expect
        .poll(
          async () =>
            (await client.query('select count(*)::int as n from analytics.events where forwarded_at is null')).rows[0]
              .n,
        )
        .toBe(0);
      const funnel = (await client.query(FUNNEL_SQL)).rows[0] as Record<string, string | number>;
      expect(Number(funnel.visits)).toBeGreaterThanOrEqual(1);
      expect(Number(funnel.sign_ups)).toBe(1);
      expect(Number(funnel.analyses)).toBe(1);
      expect(Number(funnel.generations)).toBe(1);
      expect(Number(funnel.purchases)).toBe(0);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('answers malformed, personal and oversized batches 4xx through the gateway', async () => {
    const post = (body: string, contentType = 'application/json') =>
      fetch(`${app.url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: app.url },
        body,
      });
    const event = (props: object) => ({ name: 'button_click', at: new Date().toISOString(), props });

    const malformed = await post('{"anonymousId": "abcdefgh12", "events": [');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON.' });

    const personal = await post(
      JSON.stringify({ anonymousId: 'abcdefgh12', events: [event({ label: 'ada@acme.com' })] }),
    );
    expect(personal.status).toBe(400);
    expect(((await personal.json()) as { message: string }).message).toMatch(
      /events\.0\.props\.label: looks like an e-mail/,
    );

    const plain = await post(JSON.stringify({ anonymousId: 'abcdefgh12', events: [event({})] }), 'text/plain');
    expect(plain.status).toBe(415);

    const oversized = await post(
      JSON.stringify({
        anonymousId: 'abcdefgh12',
        events: Array.from({ length: 50 }, () => event({ label: 'x'.repeat(1000) })),
      }),
    );
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large.' });
  });
});

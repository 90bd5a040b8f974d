import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningApp, startApp, tempDataDir } from './support.ts';

const screenshots = process.env.SCREENSHOT_DIR ?? path.join(tempDataDir(), 'screens');

describe('seqgen started as README says (npm start, embedded defaults)', () => {
  let app: RunningApp;
  let browser: Browser;
  let port: number;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    port = await freePort();
    app = await startApp({ port, dataDir });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the app in Chromium and joins the waitlist through the page', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A signed-out visitor's GET /api/auth/user answers 401 by design; Chromium logs every 4xx.
      if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
    });
    const response = await page.goto(app.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByTestId('waitlist-email').fill('e2e-page@acme.com');
    await page.getByTestId('waitlist-submit').click();
    await expect.poll(() => page.getByTestId('waitlist-done').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'home-joined.png'), fullPage: true });
    // CSP violations and failed scripts show up as console errors.
    expect(errors).toEqual([]);

    const notFound = await page.goto(`${app.url}/no-such-page`);
    expect(notFound?.status()).toBe(200);
    await expect
      .poll(() =>
        page
          .getByText(/not found/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });

  it('joins the waitlist through the API; joining again is not an error; listing needs a session', async () => {
    const join = (email: string) =>
      fetch(`${app.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const first = await join('e2e-api@acme.com');
    expect(first.status).toBe(201);
    const again = await join('E2E-API@acme.com');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyJoined: true });
    const bad = await join('no-at-sign');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'validation_failed',
      message: expect.stringContaining('Please enter a valid email address'),
    });
    expect((await fetch(`${app.url}/api/waitlist`)).status).toBe(401);
  });

  it('keeps waitlist entries across a restart', async () => {
    await app.stop();
    expect(app.output()).not.toMatch(/"level":(50|60)/);
    app = await startApp({ port, dataDir });
    const again = await fetch(`${app.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'e2e-api@acme.com' }),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyJoined: true });
  }, 240_000);
});

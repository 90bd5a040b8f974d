/**
 * `npm run dev` (issue 11, item 6): the Vite dev server with hot reload in front of the running
 * services, one command. Writes proxied from the dev origin pass the gateway's cross-site guard
 * (Vite keeps the Host header, so Origin and host agree) while another origin is still refused;
 * Ctrl-C (SIGINT) stops both servers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../web/e2e/support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-dev-command-'));
let dev: ChildProcess | undefined;

afterAll(async () => {
  if (dev && dev.exitCode === null && dev.signalCode === null) {
    const exited = new Promise((resolve) => dev?.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  );

it('serves the SPA with hot reload, proxies /api to the gateway, and stops both on Ctrl-C', async () => {
  const [apiPort, vitePort] = [await freePort(), await freePort()];
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|NATS_URL|REDIS_URL|PUBLIC_URL|NODE_ENV)$/.test(key)),
  );
  dev = spawn(process.execPath, ['scripts/dev.ts', '--host', '127.0.0.1', '--port', String(vitePort), '--strictPort'], {
    cwd: root,
    env: { ...env, PORT: String(apiPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const site = `http://127.0.0.1:${vitePort}`;
  const api = `http://127.0.0.1:${apiPort}`;

  await expect.poll(() => answers(`${api}/healthz`), { timeout: 90_000, interval: 250 }).toBe(true);
  const page = await (await fetch(`${site}/`)).text();
  expect(page).toContain('/@vite/client'); // Vite's dev server, hot reload included

  const join = (origin: string) =>
    fetch(`${site}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: `dev-${origin.length}@example.com` }),
    });
  expect((await join(site)).status).toBe(201);
  const foreign = await join('http://evil.example');
  expect(foreign.status).toBe(403);
  expect(await foreign.json()).toMatchObject({ error: 'cross_site_request' });

  const exited = new Promise<number | null>((resolve) => dev?.once('exit', (code) => resolve(code)));
  dev.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(await answers(`${api}/healthz`)).toBe(false);
  expect(await answers(`${site}/`)).toBe(false);
}, 150_000);

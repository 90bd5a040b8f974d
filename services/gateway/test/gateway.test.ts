import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSessionVerifier, Outbox, openStore, parseConfig, type Service } from '@seqgen/kit';
import {
  openTestInfrastructure,
  quietLogger,
  REAL_INFRA,
  type TestInfrastructure,
  variantsToRun,
} from '@seqgen/kit/testing';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createWaitlistApp } from '../../waitlist/src/app.ts';
import { outbox as outboxTable, processedEvents } from '../../waitlist/src/data/schema.ts';
import { createGateway } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

const waitlistMigrations = fileURLToPath(new URL('../../waitlist/src/data/migrations', import.meta.url));

/** A port nothing listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function makeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script src="/assets/app-3f9a1c.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-3f9a1c.js'), 'console.log("seqgen")');
  return dir;
}

interface Sent {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): any;
}

/** Real HTTP to a listening gateway, with full control over Host, Origin and the body. */
function send(
  base: string,
  options: { method: string; url: string; headers?: Record<string, string>; payload?: unknown },
): Promise<Sent> {
  const body =
    options.payload === undefined
      ? undefined
      : typeof options.payload === 'string'
        ? options.payload
        : JSON.stringify(options.payload);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${options.url}`, { method: options.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body: text,
          json: () => JSON.parse(text),
        });
      });
    });
    // The gateway may answer 413 and close before a huge body is fully written.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    request.end(body);
  });
}

describe.each(await variantsToRun())('gateway with the $name store', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let waitlist: Service;
  let waitlistPort: number;
  let slowServer: http.Server;
  /** A stand-in generation service that streams two events 400 ms apart, and notes a reader who left. */
  let streamServer: http.Server;
  const finishStream: (() => void)[] = [];
  const streamClosedEarly: boolean[] = [];
  let gateway: Service;
  let base: string;
  const call = (options: Parameters<typeof send>[1]) => send(base, options);
  let store: Awaited<ReturnType<typeof openStore>>;
  const logger = quietLogger();

  const startWaitlist = async (port = 0) => {
    const outbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
    const app = createWaitlistApp({
      logger,
      db: infra.database.db,
      outbox,
      sessions: createSessionVerifier(new TextEncoder().encode('x'.repeat(40))),
      readiness: infra.readiness,
      // As main.ts has it (TRUSTED_PROXIES' default): the gateway's forwarded host is believed.
      trustedProxies: 'loopback',
    });
    await app.listen({ host: '127.0.0.1', port });
    return app;
  };

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'waitlist', waitlistMigrations, {
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    waitlist = await startWaitlist();
    waitlistPort = (waitlist.server.address() as AddressInfo).port;
    // Answers after 2 s: longer than the gateway's upstream timeout below.
    slowServer = http.createServer((_req, res) => setTimeout(() => res.end('{}'), 2000).unref());
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    const slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`;
    streamServer = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
      res.write('event: progress\ndata: {"step":"writing"}\n\n');
      let ended = false;
      res.on('close', () => streamClosedEarly.push(!ended));
      // The last event waits for the test to say so: the test sees the first event while the
      // service is provably still working, with no clock involved.
      finishStream.push(() => {
        if (res.destroyed) return;
        res.write('event: done\ndata: {}\n\n');
        ended = true;
        res.end();
      });
    });
    await new Promise<void>((resolve) => streamServer.listen(0, '127.0.0.1', resolve));
    store = await openStore({
      url: variant.name === 'real' ? REAL_INFRA.REDIS_URL : undefined,
      namespace: `test:gateway:${Math.random().toString(36).slice(2)}`,
    });
    const config = parseConfig(gatewayConfigShape, {
      WAITLIST_URL: `http://127.0.0.1:${waitlistPort}`,
      AUTH_URL: `http://127.0.0.1:${await closedPort()}`,
      QUOTA_URL: slowUrl,
      GENERATION_URL: `http://127.0.0.1:${(streamServer.address() as AddressInfo).port}`,
      UPSTREAM_TIMEOUT_MS: '300',
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: '1000',
      WEB_DIST: makeWebDist(),
      LOG_LEVEL: 'silent',
    });
    gateway = createGateway({ config, logger, store });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await gateway?.close();
    await store?.close();
    await waitlist?.close();
    slowServer?.closeAllConnections();
    await new Promise((resolve) => slowServer?.close(resolve));
    streamServer?.closeAllConnections();
    await new Promise((resolve) => streamServer?.close(resolve));
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('proxies to the owning service and forwards the request id', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'x-request-id': 'req-abc-123' },
        payload: { email: 'via-gateway@acme.com' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['x-request-id']).toBe('req-abc-123');
      expect(response.json()).toMatchObject({ entry: { email: 'via-gateway@acme.com' } });
    });

    it('passes a Server-Sent Events stream through as it is written, and tells the service when the reader leaves', async () => {
      const response = await fetch(`${base}/api/generate-emails/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      // The first event arrives while the service is still working on the second: the service
      // writes the second only once the first has been read here.
      expect(first).toContain('event: progress');
      finishStream.shift()?.();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        rest += new TextDecoder().decode(chunk.value);
      }
      expect(rest).toContain('event: done');
      expect(streamClosedEarly.at(-1)).toBe(false);

      // A reader who goes away closes the upstream stream too (the service then stops and releases).
      const controller = new AbortController();
      const left = await fetch(`${base}/api/generate-emails/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: controller.signal,
      });
      await (left.body as ReadableStream<Uint8Array>).getReader().read();
      controller.abort();
      await expect.poll(() => streamClosedEarly.length).toBe(2);
      expect(streamClosedEarly.at(-1)).toBe(true);
    });

    it('passes upstream validation errors through unchanged', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON.' });
    });

    it('answers a clear 503 naming no internals when a service is down', async () => {
      const response = await call({ method: 'POST', url: '/api/login', payload: { email: 'a@b.c', password: 'x' } });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body).toEqual({
        error: 'upstream_unavailable',
        message: 'Sign-in is temporarily unavailable. Please try again in a moment.',
      });
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONN|localhost|\d{4,5}/);
    });

    it('answers 504 with the word timeout when a service is too slow', async () => {
      const response = await call({ method: 'GET', url: '/api/usage' });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({ error: 'upstream_timeout', message: expect.stringContaining('timeout') });
    });

    it('recovers when a stopped service comes back', async () => {
      await waitlist.close();
      const down = await call({ method: 'POST', url: '/api/waitlist', payload: { email: 'down@acme.com' } });
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toBe('upstream_unavailable');
      waitlist = await startWaitlist(waitlistPort);
      const up = await call({ method: 'POST', url: '/api/waitlist', payload: { email: 'down@acme.com' } });
      expect(up.statusCode).toBe(201);
    });

    it('serves the SPA: index.html for app routes, immutable hashed assets, JSON 404 for the API', async () => {
      for (const url of ['/', '/saved-sequences', '/reset-password?token=abc']) {
        const page = await call({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('<div id="root">');
      }
      const asset = await call({ method: 'GET', url: '/assets/app-3f9a1c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await call({ method: 'GET', url: '/assets/gone-000.js' })).statusCode).toBe(404);
      const api = await call({ method: 'GET', url: '/api/does-not-exist' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ error: 'not_found', message: 'No API route for GET /api/does-not-exist' });
    });

    it('sets security headers including a CSP the SPA runs under', async () => {
      const page = await call({ method: 'GET', url: '/' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['strict-transport-security']).toBeDefined();
      // API answers, errors included, carry the same set (worked out once, security.ts).
      const api = await call({ method: 'GET', url: '/api/does-not-exist' });
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
        expect(api.headers[name], name).toBe(page.headers[name]);
      }
      expect(api.headers['x-powered-by']).toBeUndefined();
    });

    it('refuses cross-site writes (CSRF) but allows same-origin and non-browser clients', async () => {
      const crossOrigin = await call({
        method: 'POST',
        url: '/api/waitlist',
        headers: { origin: 'https://evil.example', host: 'app.seqgen.test' },
        payload: { email: 'csrf@acme.com' },
      });
      expect(crossOrigin.statusCode).toBe(403);
      expect(crossOrigin.json().error).toBe('cross_site_request');
      const crossSite = await call({
        method: 'POST',
        url: '/api/contact',
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: { email: 'csrf@acme.com', message: 'hi' },
      });
      expect(crossSite.statusCode).toBe(403);
      const sameOrigin = await call({
        method: 'POST',
        url: '/api/waitlist',
        headers: { origin: 'http://app.seqgen.test', host: 'app.seqgen.test', 'sec-fetch-site': 'same-origin' },
        payload: { email: 'same-origin@acme.com' },
      });
      expect(sameOrigin.statusCode).toBe(201);
    });

    it('refuses a 5 MB body at the edge', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `${'x'.repeat(5 * 1024 * 1024)}@acme.com` }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large.' });
    });

    it('rate-limits per client address with a clear 429', async () => {
      const limited = createGateway({
        config: parseConfig(gatewayConfigShape, {
          ANONYMOUS_RATE_LIMIT_PER_MINUTE: '3',
          TRUST_PROXY: '1',
          WAITLIST_URL: `http://127.0.0.1:${waitlistPort}`,
        }),
        logger,
        store: await openStore({
          url: variant.name === 'real' ? REAL_INFRA.REDIS_URL : undefined,
          namespace: `test:rl:${Math.random().toString(36).slice(2)}`,
        }),
      });
      await limited.listen({ host: '127.0.0.1', port: 0 });
      const limitedBase = `http://127.0.0.1:${(limited.server.address() as AddressInfo).port}`;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await send(limitedBase, {
          method: 'GET',
          url: '/api/waitlist',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(r.json()).toEqual({ error: 'rate_limited', message: expect.stringMatching(/Too many requests/) });
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Payment webhooks come from the provider's few addresses: never limited per address.
      const webhook = await send(limitedBase, {
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'x-forwarded-for': '203.0.113.9', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(webhook.statusCode).not.toBe(429);
      const otherClient = await send(limitedBase, {
        method: 'GET',
        url: '/api/waitlist',
        headers: { 'x-forwarded-for': '203.0.113.10' },
      });
      expect(otherClient.statusCode).toBe(401);
      await limited.close();
    });
  });
});

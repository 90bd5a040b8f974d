/**
 * Issue 11, item 2: under `npm start` every service serves Prometheus metrics on a loopback port
 * of its own (logged as "metrics served"), the counters move with real traffic, and the
 * gateway's public port never serves them.
 */
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrapedMetrics } from '../../services/kit/src/testing/prometheus.ts';
import { client, type RunningSystem, startSystem, waitFor } from '../faults/support.ts';

const SERVICES = ['auth', 'generation', 'quota', 'library', 'billing', 'waitlist', 'analytics', 'gateway'];
const variants = await variantsToRun();

describe.each([
  { infra: 'embedded' as const, skip: false },
  { infra: 'real' as const, skip: variants.some((v) => v.name === 'real' && v.skip) },
])('metrics under npm start ($infra)', ({ infra, skip }) => {
  let system: RunningSystem;
  const urls = new Map<string, string>();

  const scrape = async (service: string) => {
    const url = urls.get(service);
    if (!url) throw new Error(`no metrics URL for ${service}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return new ScrapedMetrics(await response.text());
  };

  beforeAll(async () => {
    if (skip) return;
    system = await startSystem({ infra, layout: 'one-process' });
    for (const line of system.logs()) {
      if (line.msg === 'metrics served') urls.set(String(line.service), String(line.url));
    }
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it.skipIf(skip)('gives every service its own loopback metrics port', () => {
    expect([...urls.keys()].sort()).toEqual([...SERVICES].sort());
    const ports = new Set([...urls.values()].map((url) => new URL(url).port));
    expect(ports.size).toBe(SERVICES.length);
    for (const url of urls.values()) {
      expect(new URL(url).hostname).toBe('127.0.0.1');
      expect(url.startsWith(system.url)).toBe(false);
    }
  });

  it.skipIf(skip)('moves the counters with a register, a usage call and a failed sign-in', async () => {
    const call = client(system.url);
    const email = `metrics-${Date.now()}@example.com`;
    const registered = await call('POST', '/api/register', { email, password: 'a long enough password' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await call('GET', '/api/usage')).status).toBe(200);
    const refused = await client(system.url)('POST', '/api/login', { email, password: 'not the password' });
    expect(refused.status).toBe(401);

    const gateway = await scrape('gateway');
    expect(gateway.value('http_requests_total', { service: 'gateway', method: 'POST', status: '201' })).toBe(1);
    expect(gateway.value('http_requests_total', { service: 'gateway', method: 'POST', status: '401' })).toBe(1);

    const auth = await scrape('auth');
    expect(auth.value('http_requests_total', { route: '/api/register', method: 'POST', status: '201' })).toBe(1);
    expect(auth.value('auth_login_failures_total', { service: 'auth' })).toBe(1);
    // The registration's event leaves auth through the outbox and reaches quota.
    await waitFor(async () => (await scrape('auth')).value('bus_published_total', { type: 'user.registered' }) >= 1, {
      timeoutMs: 30_000,
      what: 'auth to publish user.registered',
    });
    await waitFor(
      async () => (await scrape('quota')).value('bus_consumed_total', { type: 'user.registered', outcome: 'ack' }) >= 1,
      { timeoutMs: 30_000, what: 'quota to consume user.registered' },
    );
    await waitFor(async () => (await scrape('auth')).value('outbox_pending', { service: 'auth' }) === 0, {
      timeoutMs: 30_000,
      what: 'the auth outbox to drain',
    });

    const quota = await scrape('quota');
    expect(quota.value('http_requests_total', { route: '/api/usage', method: 'GET', status: '200' })).toBe(1);
    expect(quota.family('quota_reservations_pending')?.type).toBe('GAUGE');
    expect(quota.value('quota_reservations_pending')).toBe(0);
    // Each page holds one service's series only, and the process metrics.
    expect(quota.labelValues('http_requests_total', 'service')).toEqual(['quota']);
    expect(quota.family('process_resident_memory_bytes')).toBeDefined();
    for (const service of SERVICES) expect((await scrape(service)).family('http_requests_total')).toBeDefined();
  });

  it.skipIf(skip)('never serves metrics on the gateway public port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${system.url}${path}`);
      const text = await response.text();
      expect(response.headers.get('content-type') ?? '').not.toMatch(/version=0\.0\.4/);
      expect(text).not.toContain('http_requests_total');
      expect(text).not.toContain('# TYPE');
    }
  });
});

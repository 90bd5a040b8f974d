/**
 * Finding 1 (issue 10): a page of 200,000 nested <div> made POST /api/analyze-company answer 500
 * (a stack overflow in the extraction walk) after 8–30 s, and meanwhile the whole app stalled on
 * the embedded defaults (/api/usage 7 ms → 29.9 s), the generation service on real servers.
 * Pages are now read iteratively within node, depth and time budgets, in worker threads: the
 * hostile page is a 422 "This page is too complex to analyse …" within 2 s, /api/usage stays
 * fast throughout, and a normal page is analysed as before.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, figure, type RunningSystem, repoRoot, startSystem } from './support.ts';

const variants = await variantsToRun();
const realSkipped = variants.some((v) => v.name === 'real' && v.skip);

const NESTED = `<html><body>${'<div>'.repeat(200_000)}<p>Deep inside.</p>${'</div>'.repeat(200_000)}</body></html>`;
const NORMAL = readFileSync(`${repoRoot}/services/generation/test/fixtures/sites/northwind-ledger/index.html`, 'utf8');
/** The bound for the refusal. */
const ANSWER_WITHIN_MS = 2_000;
/**
 * "Other requests stay fast" (the finding saw 29.9 s). A page read on the service's own thread
 * would hold most of the back-to-back polls for up to the page's time budget, so the median
 * tells reading off the thread from on it; the worst poll only has to show no stall, since on a
 * machine loaded by the rest of the suite (load 7 in CI) one poll may wait 0.7 s for the CPU.
 */
const USAGE_MEDIAN_WITHIN_MS = 250;
const USAGE_WITHIN_MS = 2_000;
/** Hostile analyses in a row, each a URL of its own so none is answered from a cache or a shared fetch. */
const ATTEMPTS = 5;

describe.each([
  { infra: 'embedded' as const, layout: 'one-process' as const, skip: false },
  { infra: 'real' as const, layout: 'per-service' as const, skip: realSkipped },
])('fault 01: a deeply nested page ($infra, $layout)', ({ infra, layout, skip }) => {
  let pages: http.Server;
  let origin: string;
  let system: RunningSystem;

  beforeAll(async () => {
    if (skip) return;
    pages = http.createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const body = path === '/nested' ? NESTED : path === '/normal' ? NORMAL : undefined;
      response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body ?? '<h1>Not found</h1>');
    });
    pages.listen(0, '127.0.0.1');
    await once(pages, 'listening');
    origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    system = await startSystem({ infra, layout, logLevel: 'warn', env: { FETCH_ALLOWED_LOOPBACK_ORIGINS: origin } });
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    pages?.close();
  }, 60_000);

  it.skipIf(skip)(
    'answers 422 "too complex" within 2 s while /api/usage stays fast, then analyses a normal page',
    async () => {
      const call = client(system.url);
      const email = `nested-${infra}-${Date.now()}@example.com`;
      const registered = await call('POST', '/api/register', { email, password: 'a long enough password' });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      expect((await call('GET', '/api/usage')).body).toEqual({ used: 0, limit: 5 });
      // The page workers start with the first page to read (generation's page pool starts them on
      // demand, about a second on a loaded machine): the bounds are for a service at work.
      const first = await call('POST', '/api/analyze-company', { companyUrl: `${origin}/normal?first` });
      expect(first.status, JSON.stringify(first.body)).toBe(200);

      // /api/usage polled back to back for as long as the hostile analyses run, and a little after.
      const usage: number[] = [];
      let analysing = true;
      const poll = (async () => {
        while (analysing || usage.length < 20) {
          const answer = await call('GET', '/api/usage');
          expect(answer.status).toBe(200);
          usage.push(answer.ms);
        }
      })();

      const answers: { status: number; body: any; ms: number }[] = [];
      try {
        for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
          answers.push(await call('POST', '/api/analyze-company', { companyUrl: `${origin}/nested?v=${attempt}` }));
        }
      } finally {
        analysing = false;
        await poll;
      }

      for (const [attempt, answer] of answers.entries()) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        expect(answer.body).toEqual({
          error: 'page_too_complex',
          message: `This page is too complex to analyse: ${origin}/nested?v=${attempt} has more nesting or markup than we can read safely. Try the Manual Entry tab instead, or a simpler page of the same site.`,
        });
      }
      const slowestAnswer = Math.max(...answers.map((answer) => answer.ms));
      const slowestUsage = Math.max(...usage);
      const medianUsage = [...usage].sort((a, b) => a - b)[Math.floor(usage.length / 2)] ?? 0;
      expect(slowestAnswer).toBeLessThan(ANSWER_WITHIN_MS);
      expect(medianUsage).toBeLessThan(USAGE_MEDIAN_WITHIN_MS);
      expect(slowestUsage).toBeLessThan(USAGE_WITHIN_MS);

      const normal = await call('POST', '/api/analyze-company', { companyUrl: `${origin}/normal` });
      expect(normal.status, JSON.stringify(normal.body)).toBe(200);
      expect(normal.body.analysis.companyName).toBe('Northwind Ledger');

      // Analysis reserves nothing: the allowance is untouched, and no reservation was made.
      expect((await call('GET', '/api/usage')).body).toEqual({ used: 0, limit: 5 });
      if (infra === 'real') {
        const [user] = await system.query<{ id: string }>('select id from auth.users where email = $1', [email]);
        const [reservations] = await system.query<{ n: string }>(
          'select count(*) as n from quota.reservations where user_id = $1',
          [user?.id],
        );
        expect(Number(reservations?.n)).toBe(0);
      }
      expect(system.logs().some((line) => /Maximum call stack/.test(line.raw))).toBe(false);

      figure(
        `[fault 01] ${infra}/${layout}: 200,000 nested <div> → 422 in at most ${Math.round(slowestAnswer)} ms ` +
          `(limit ${ANSWER_WITHIN_MS}, was 500 after 8–30 s); /api/usage median ${Math.round(medianUsage)} ms, worst ${Math.round(slowestUsage)} ms over ` +
          `${usage.length} calls (limits ${USAGE_MEDIAN_WITHIN_MS} and ${USAGE_WITHIN_MS}, was 29.9 s)`,
      );
    },
    120_000,
  );
});

/**
 * Finding 7 (issue 10): bodies of 300 KB–1 MB got 503 "temporarily unavailable" on the embedded
 * defaults instead of 413. The gateway let anything up to its own 1 MiB limit through; the
 * service behind it refused at its 64 KiB limit and dropped the connection while the gateway was
 * still streaming the body, which the proxy reported as the service being down. Now the gateway
 * answers 413 itself for any body over the limit of the route's service, declared or chunked.
 */
import http from 'node:http';
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, type RunningSystem, startSystem } from './support.ts';

const variants = await variantsToRun();
const realSkipped = variants.some((v) => v.name === 'real' && v.skip);

const TOO_LARGE = { error: 'payload_too_large', message: 'Request body is too large.' };

/** Routes whose service takes at most 64 KiB (kit's DEFAULT_BODY_LIMIT). */
const SMALL_BODY_ROUTES = ['/api/login', '/api/register', '/api/waitlist', '/api/contact', '/api/analyze-company'];

/** A JSON object of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const shell = '{"email":"big@example.com","message":""}';
  return `{"email":"big@example.com","message":"${'a'.repeat(bytes - shell.length)}"}`;
}

interface Answer {
  status: number;
  body: unknown;
}

/** One POST over a fresh connection, as declared (content-length) or chunked (no length). */
function post(base: string, path: string, body: string, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        origin: base,
        ...(chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {}
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.on('error', reject);
    if (chunked) {
      // Several writes: the body arrives in chunks with no length announced up front.
      for (let at = 0; at < body.length; at += 16 * 1024) request.write(body.slice(at, at + 16 * 1024));
      request.end();
    } else {
      request.end(body);
    }
  });
}

describe.each([
  { infra: 'embedded' as const, layout: 'one-process' as const, skip: false },
  { infra: 'real' as const, layout: 'per-service' as const, skip: realSkipped },
])('fault 07: oversized bodies ($infra, $layout)', ({ infra, layout, skip }) => {
  let system: RunningSystem;
  beforeAll(async () => {
    if (!skip) system = await startSystem({ infra, layout, logLevel: 'warn' });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it.skipIf(skip)(
    'answers 413 with the JSON message for every body over the limit, declared or chunked, none 503',
    async () => {
      const sizes = Array.from({ length: 25 }, (_, i) => Math.round(66_000 + (i * (1_000_000 - 66_000)) / 24));
      const cases = [
        ...sizes.map((size, i) => ({ path: SMALL_BODY_ROUTES[i % SMALL_BODY_ROUTES.length] as string, size })),
        // Library takes up to 512 KiB (saved sequences); billing's webhook up to 1 MiB.
        { path: '/api/save-sequence', size: 600_000 },
        { path: '/api/saved-sequences/00000000-0000-4000-8000-000000000000', size: 900_000, method: 'PUT' },
        { path: '/api/billing/webhook', size: 1_100_000 },
      ];
      const answers: Answer[] = [];
      for (const { path, size } of cases) answers.push(await post(system.url, path, jsonOfSize(size)));
      // No length announced: the gateway counts the bytes as they come.
      answers.push(await post(system.url, '/api/contact', jsonOfSize(300_000), true));
      answers.push(await post(system.url, '/api/waitlist', jsonOfSize(900_000), true));

      const count = (status: number) => answers.filter((a) => a.status === status).length;
      figure(
        `[fault 07] ${infra} ${layout}: ${count(413)}/${answers.length} oversized bodies (66 KB–1.1 MB, 2 chunked) ` +
          `answered 413, ${count(503)} answered 503`,
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 413));
      for (const answer of answers) expect(answer.body).toEqual(TOO_LARGE);

      // Bodies within a route's limit still reach its service (which answers for itself).
      const small = await post(system.url, '/api/login', jsonOfSize(60_000));
      expect(small.status).toBe(400);
      const chunkedSmall = await post(system.url, '/api/login', jsonOfSize(60_000), true);
      expect(chunkedSmall.status).toBe(400);
    },
    120_000,
  );
});

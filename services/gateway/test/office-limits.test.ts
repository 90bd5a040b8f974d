/**
 * Issue 25, item 1: a sales floor behind one address. Three hundred people share the office's
 * NAT; each signs in, polls usage every 5 s, analyses and generates. Counting per address refused
 * nearly all of them (97.8% of requests in the issue's run); counted per user, with polls in a
 * budget of their own and anonymous traffic per address with room for an office, none of them is
 * refused — while one abusive user, or one abusive address without a session, still is.
 *
 * Real HTTP through a listening gateway with its default limits, on the in-process store and on
 * Redis. The upstream is a loopback server that answers every route (the services' own per-user
 * limits on analyses, generations and saves are theirs, tested in their suites).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueSessionToken, openStore, parseConfig, type Service } from '@seqgen/kit';
import { quietLogger, REAL_INFRA, variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

const SECRET = new TextEncoder().encode('office-limits-session-secret-0123456789');
const USERS = 300;

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

function send(base: string, method: string, url: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (cookie) headers.cookie = `seqgen_session=${cookie}`;
    const request = http.request(`${base}${url}`, { method, headers, agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(method === 'GET' ? undefined : '{}');
  });
}

/** Runs `jobs` with at most `width` in flight. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await (jobs[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

const user = (i: number) =>
  issueSessionToken(SECRET, { userId: `user-${i}`, email: `rep${i}@office.example`, sessionId: `session-${i}` });

describe.each(await variantsToRun())('per-user limits behind one address ($name store)', (variant) => {
  const logger = quietLogger();
  let upstream: http.Server;
  let upstreamUrl: string;
  const gateways: Service[] = [];

  async function startGateway(env: Record<string, string> = {}) {
    const store = await openStore({
      url: variant.name === 'real' ? REAL_INFRA.REDIS_URL : undefined,
      namespace: `test:office:${Math.random().toString(36).slice(2)}`,
    });
    const urls = Object.fromEntries(
      ['AUTH', 'GENERATION', 'QUOTA', 'LIBRARY', 'BILLING', 'WAITLIST', 'ANALYTICS'].map((s) => [
        `${s}_URL`,
        upstreamUrl,
      ]),
    );
    const gateway = createGateway({
      config: parseConfig(gatewayConfigShape, { ...urls, ...env, LOG_LEVEL: 'silent' }),
      logger,
      store,
      sessionSecret: SECRET,
    });
    gateway.addHook('onClose', () => store.close());
    gateways.push(gateway);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    if (variant.skip) return;
    upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    agent.destroy();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  describe.skipIf(variant.skip)('', () => {
    it(`lets ${USERS} people behind one address work a busy minute with the default limits`, async () => {
      const base = await startGateway();
      const tokens = await Promise.all(Array.from({ length: USERS }, (_, i) => user(i)));
      // A minute of one person's work: the landing page and sign-in before the session (anonymous,
      // from the shared address), then a tab polling usage every 5 s, checks of who is signed
      // in, three analyses, two generations (one streamed), a regeneration, a save and a rating.
      const minute = (token: string) => [
        ...Array.from({ length: 4 }, () => ['POST', '/api/events', undefined] as const),
        ['GET', '/api/billing/config', undefined] as const,
        ['POST', '/api/login', undefined] as const,
        ...Array.from({ length: 12 }, () => ['GET', '/api/usage', token] as const),
        ...Array.from({ length: 4 }, () => ['GET', '/api/auth/user', token] as const),
        ...Array.from({ length: 3 }, () => ['POST', '/api/analyze-company', token] as const),
        ['POST', '/api/generate-emails', token] as const,
        ['POST', '/api/generate-emails/stream', token] as const,
        ['POST', '/api/regenerate-email', token] as const,
        ['POST', '/api/save-sequence', token] as const,
        ['POST', '/api/email-feedback', token] as const,
        ['GET', '/api/saved-sequences', token] as const,
        ['POST', '/api/events', token] as const,
      ];
      const jobs = tokens.flatMap((token) =>
        minute(token).map(
          ([method, url, cookie]) =>
            () =>
              send(base, method, url, cookie),
        ),
      );
      const answers = await pool(jobs, 32);
      const refused = answers.filter((a) => a.status === 429).length;
      expect(answers.length).toBe(USERS * minute(tokens[0] as string).length);
      expect(refused).toBe(0);
      expect(answers.every((a) => a.status === 200)).toBe(true);
    }, 120_000);

    it('still refuses one abusive user, and only that user', async () => {
      const base = await startGateway({ RATE_LIMIT_PER_MINUTE: '20', POLL_RATE_LIMIT_PER_MINUTE: '30' });
      const [abuser, colleague] = [await user(1), await user(2)];
      const statuses = await pool(
        Array.from({ length: 22 }, () => () => send(base, 'POST', '/api/analyze-company', abuser)),
        4,
      );
      expect(statuses.filter((a) => a.status === 200)).toHaveLength(20);
      const refusal = statuses.find((a) => a.status === 429);
      expect(JSON.parse(refusal?.body ?? '{}')).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds? and try again\.$/),
      });
      // The abuser's polls have their own budget; a colleague at the same address is untouched.
      expect((await send(base, 'GET', '/api/usage', abuser)).status).toBe(200);
      expect((await send(base, 'POST', '/api/analyze-company', colleague)).status).toBe(200);
      // Polls are limited too, per user.
      const polls = await pool(
        Array.from({ length: 31 }, () => () => send(base, 'GET', '/api/usage', colleague)),
        4,
      );
      expect(polls.filter((a) => a.status === 429)).toHaveLength(1);
    });

    it('refuses an abusive address without a session, and a forged session does not escape it', async () => {
      const base = await startGateway({ ANONYMOUS_RATE_LIMIT_PER_MINUTE: '10' });
      const forged = `${(await user(3)).slice(0, -4)}AAAA`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await send(base, 'POST', '/api/login')).status);
      // A cookie the gateway cannot verify is no identity: counted per address with the rest.
      for (let i = 0; i < 6; i++) statuses.push((await send(base, 'GET', '/api/usage', forged)).status);
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      // A signed-in person behind the same address is counted apart.
      expect((await send(base, 'GET', '/api/usage', await user(4))).status).toBe(200);
    });
  });
});

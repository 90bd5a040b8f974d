import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  createSafeFetcher,
  createSessionVerifier,
  issueSessionToken,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Customization, EventData, ReplyOf, RequestOf } from '@seqgen/proto';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyAnalyser } from '../../src/analysis/index.ts';
import { createApp } from '../../src/app.ts';
import { outbox as outboxTable, sequences } from '../../src/data/schema.ts';
import { QUOTA_UNAVAILABLE_MESSAGE } from '../../src/sequences/quota.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { sequenceWriterFor } from '../support/generation.ts';
import { parseEventStream } from '../support/sse.ts';

/**
 * Generation's side of quota reservations (issue 10, finding 4 and a test gap of finding 11):
 * each attempt asks with its own request id and the end of its wait; a wait that ends unanswered
 * releases that id, so a reservation quota makes late is freed; quota's refusals reach the
 * browser with the words it matches on (docs/product.md §8), whatever quota wrote.
 */

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const QUOTA_TIMEOUT_MS = 400;

const BASE: Customization = {
  persona: 'generic',
  specificPersona: '',
  seniority: '',
  industry: 'agnostic',
  specificIndustry: '',
  tone: 50,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'auto',
};

type Reply = ReplyOf<'quota.reserve'>;

describe.each(await variantsToRun())('quota reservations from generation on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let sites: FixtureSites;
  let app: Service;
  let responder: ConsumerHandle | undefined;
  let cookie: string;
  /** Every quota.reserve request quota received, as sent. */
  let requests: RequestOf<'quota.reserve'>[] = [];
  /** What quota answers next: a reply, or (a number) no reply within that many ms. */
  let answer: (request: RequestOf<'quota.reserve'>) => Reply | number;

  const payload = () => ({ companyUrl: sites.url('northwind-ledger'), customization: BASE });
  const post = (url: string) => app.inject({ method: 'POST', url, payload: payload(), headers: { cookie } });
  const stored = async () => {
    const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(sequences);
    return row?.n ?? 0;
  };
  const releases = async () =>
    (await infra.database.db.select().from(outboxTable).where(eq(outboxTable.type, 'sequence.failed'))).map(
      (row) => row.envelope.data as EventData<'sequence.failed'>,
    );
  const startQuota = async () => {
    responder = await infra.bus.respond('quota.reserve', async (request) => {
      requests.push(request);
      const reply = answer(request);
      if (typeof reply !== 'number') return reply;
      await new Promise((resolve) => setTimeout(resolve, reply));
      return { ok: true as const, reservationId: request.requestId ?? crypto.randomUUID(), used: 0, limit: 5 };
    });
  };

  beforeAll(async () => {
    if (variant.skip) return;
    sites = await startFixtureSites();
    const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    const logger = quietLogger();
    const analyser = createCompanyAnalyser({
      fetcher: createSafeFetcher({
        resolve: sites.resolve,
        allowLoopbackOrigins: sites.origins,
        timeouts: { connectMs: 1_000, responseMs: 800, totalMs: 2_000 },
      }),
      store: infra.store,
      logger,
      cacheTtlMs: 60_000,
    });
    await startQuota();
    app = createApp({
      logger,
      sessions: createSessionVerifier(secret),
      analyser,
      sequences: sequenceWriterFor(infra, analyser, { quotaTimeoutMs: QUOTA_TIMEOUT_MS }).writer,
      readiness: infra.readiness,
    });
    await app.ready();
    cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'r1', email: 'rep@example.com', sessionId: 's1' })}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await responder?.stop();
    await infra?.cleanup();
    await sites?.close();
  });

  beforeEach(() => {
    requests = [];
    answer = (request) => ({ ok: true, reservationId: request.requestId ?? crypto.randomUUID(), used: 0, limit: 5 });
  });

  describe.skipIf(variant.skip)('', () => {
    it('asks with a new request id per attempt and the end of its wait, and commits the reservation quota names', async () => {
      const before = Date.now();
      for (let i = 0; i < 2; i += 1) expect((await post('/api/generate-emails')).statusCode).toBe(200);
      expect(requests).toHaveLength(2);
      const [first, second] = requests;
      expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(second?.requestId).not.toBe(first?.requestId);
      const deadline = new Date(first?.deadline ?? 0).getTime();
      expect(deadline).toBeGreaterThanOrEqual(before + QUOTA_TIMEOUT_MS);
      expect(deadline).toBeLessThanOrEqual(Date.now() + QUOTA_TIMEOUT_MS);
      const committed = await infra.database.db
        .select({ reservationId: sequences.reservationId })
        .from(sequences)
        .where(eq(sequences.userId, 'r1'));
      expect(committed.map((row) => row.reservationId)).toEqual(
        expect.arrayContaining([first?.requestId, second?.requestId]),
      );
    });

    it("refuses with limit_reached and quota's own message, decided by quota's reason and never by its words", async () => {
      const before = { stored: await stored(), released: (await releases()).length };
      const unworded = 'Your workspace has no sequences left this month.';
      answer = () => ({ ok: false, reason: 'limit_reached', message: unworded });
      const plain = await post('/api/generate-emails');
      expect(plain.statusCode).toBe(403);
      // The browser's rule (docs/product.md §8) is the code: the message is quota's, as it is.
      expect(plain.json()).toEqual({ error: 'limit_reached', message: unworded });

      const streamed = parseEventStream((await post('/api/generate-emails/stream')).body).at(-1);
      expect(streamed).toEqual({ type: 'error', status: 403, error: 'limit_reached', message: unworded });

      // A responder of the previous release gives no reason: its refusals were always the limit.
      const worded = 'Email generation limit: 100 sequences on your plan this period. Upgrade to continue.';
      answer = () => ({ ok: false, message: worded });
      expect((await post('/api/generate-emails')).json()).toEqual({ error: 'limit_reached', message: worded });

      // Expired is never the limit, even in words that sound like it.
      answer = () => ({ ok: false, reason: 'expired', message: 'Email generation limit reached.' });
      const expired = await post('/api/generate-emails');
      expect(expired.statusCode).toBe(503);
      expect(expired.json()).toEqual({ error: 'quota_unavailable', message: QUOTA_UNAVAILABLE_MESSAGE });
      expect(await stored()).toBe(before.stored);
      expect((await releases()).length).toBe(before.released);
    });

    it('releases the request id when quota does not answer in time, on the JSON and the streaming endpoint', async () => {
      answer = () => QUOTA_TIMEOUT_MS * 3;
      const before = { stored: await stored(), released: (await releases()).length };
      const json = await post('/api/generate-emails');
      expect(json.statusCode).toBe(503);
      expect(json.json()).toEqual({ error: 'quota_unavailable', message: QUOTA_UNAVAILABLE_MESSAGE });
      // Not the words the browser takes for a plan limit, a timeout of the writer or a busy AI (docs/product.md §8).
      expect(QUOTA_UNAVAILABLE_MESSAGE).not.toMatch(/limit reached|Email generation limit|timeout|busy|rate_limit/i);
      const streamed = parseEventStream((await post('/api/generate-emails/stream')).body).at(-1);
      expect(streamed).toEqual({
        type: 'error',
        status: 503,
        error: 'quota_unavailable',
        message: QUOTA_UNAVAILABLE_MESSAGE,
      });

      expect(requests).toHaveLength(2);
      const released = (await releases()).slice(before.released);
      expect(released).toEqual(
        requests.map((request) => ({
          userId: 'r1',
          reservationId: request.requestId,
          reason: 'quota_unanswered',
        })),
      );
      expect(await stored()).toBe(before.stored);
    });

    it('releases the request id when no quota is there to ask, and answers 503', async () => {
      await responder?.stop();
      try {
        const before = (await releases()).length;
        const response = await post('/api/generate-emails');
        expect(response.statusCode).toBe(503);
        expect(response.json().message).toBe(QUOTA_UNAVAILABLE_MESSAGE);
        const released = (await releases()).slice(before);
        expect(released).toEqual([{ userId: 'r1', reservationId: expect.any(String), reason: 'quota_unanswered' }]);
      } finally {
        await startQuota();
      }
    });

    it("answers 503, never a plan limit, when quota finds the request past its caller's wait", async () => {
      const before = { stored: await stored(), released: (await releases()).length };
      answer = () => ({ ok: false, reason: 'expired', message: 'nothing was reserved' });
      const response = await post('/api/generate-emails');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'quota_unavailable', message: QUOTA_UNAVAILABLE_MESSAGE });
      expect(await stored()).toBe(before.stored);
      // Quota reserved nothing: there is nothing to release.
      expect((await releases()).length).toBe(before.released);
    });
  });
});

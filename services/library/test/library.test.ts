import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  createSessionVerifier,
  issueSessionToken,
  SESSION_COOKIE,
  type Service,
  sessionLivenessOverBus,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { SavedSequence } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type LibraryAppDeps } from '../src/app.ts';
import { feedback, savedSequences } from '../src/data/schema.ts';
import { DEFAULT_LIBRARY_LIMITS, SAVED_SEQUENCE_NOT_FOUND_MESSAGE } from '../src/domain/library.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('library-test-secret-library-test-secret-0123456789');

const newUser = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
const sevenEmails = (tag: string) =>
  Array.from({ length: 7 }, (_, i) => ({
    subject: `${tag}: step ${i + 1}`,
    body: `Hi {{firstName}},\n\nEmail ${i + 1} of the ${tag} sequence.\n\nBest,\nSam`,
  }));
const customization = {
  persona: 'specific',
  specificPersona: 'VP Sales',
  seniority: 'above',
  industry: 'specific',
  specificIndustry: 'Fintech',
  tone: 80,
  additionalContext: 'Series B',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
} as const;
/** A customization from a client that predates the language choice is stored with the default. */
const storedCustomization = { ...customization, language: 'auto' };
const saveBody = (tag: string, extra: object = {}) => ({
  title: `VP Sales Executive Fintech Formal Sequence ${tag}`,
  companyUrl: 'https://acme.com',
  emailSequence: sevenEmails(tag),
  customization,
  ...extra,
});

describe.each(await variantsToRun())('library service on $name infrastructure', (variant) => {
  let infra: TestInfrastructure;
  let app: Service;
  /** Stands in for auth's answer to auth.session-status: every session but "ended" is live. */
  let sessionStatus: ConsumerHandle;
  /** The service's clock runs this far ahead of the real one (the double-save window). */
  let clockOffsetMs = 0;
  const extraApps: Service[] = [];
  const logger = quietLogger();

  const appWith = async (overrides: Partial<LibraryAppDeps> = {}) => {
    const built = createApp({
      logger,
      readiness: infra.readiness,
      db: infra.database.db,
      store: infra.store,
      sessions: createSessionVerifier(secret, { liveness: sessionLivenessOverBus(infra.bus) }),
      trustedProxies: 'loopback',
      now: () => new Date(Date.now() + clockOffsetMs),
      ...overrides,
    });
    await built.ready();
    return built;
  };
  const cookieFor = async (userId: string, sessionId = `s-${userId}`) =>
    `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: `${userId}@acme.com`, sessionId })}`;
  const as = async (userId: string) => ({ cookie: await cookieFor(userId) });
  const save = async (userId: string, payload: unknown, target = app) =>
    target.inject({ method: 'POST', url: '/api/save-sequence', headers: await as(userId), payload: payload as object });
  const list = async (userId: string) => {
    const response = await app.inject({ method: 'GET', url: '/api/saved-sequences', headers: await as(userId) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SavedSequence[];
  };
  const remove = async (userId: string, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/saved-sequences/${id}`, headers: await as(userId) });
  const rate = async (userId: string, payload: unknown, target = app) =>
    target.inject({
      method: 'POST',
      url: '/api/email-feedback',
      headers: await as(userId),
      payload: payload as object,
    });
  const countOf = async (table: typeof savedSequences | typeof feedback) => {
    const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'library', migrationsFolder, logger);
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    sessionStatus = await infra.bus.respond('auth.session-status', async ({ sessionId }) => ({
      live: sessionId !== 'ended',
    }));
    app = await appWith();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await Promise.all(extraApps.map((extra) => extra.close()));
    await app?.close();
    await sessionStatus?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('saves a sequence (201, SavedSequence shape) and lists it newest first', async () => {
      const userId = newUser('saver');
      const first = await save(userId, { ...saveBody('first'), title: '  Padded title  ' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['cache-control']).toBe('no-store');
      const saved = first.json() as SavedSequence;
      expect(saved).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Padded title',
        companyUrl: 'https://acme.com',
        createdAt: expect.any(String),
        emailSequence: sevenEmails('first'),
        customization: storedCustomization,
      });
      expect(new Date(saved.createdAt).toISOString()).toBe(saved.createdAt);

      await new Promise((resolve) => setTimeout(resolve, 5));
      // The nested form, without a customization, is kept as sent.
      const second = await save(userId, {
        title: 'Nested',
        companyUrl: '',
        emailSequence: { sequence: sevenEmails('second') },
      });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toMatchObject({ emailSequence: { sequence: sevenEmails('second') }, customization: null });

      const listed = await list(userId);
      expect(listed.map((s) => s.title)).toEqual(['Nested', 'Padded title']);
      expect(listed[1]).toEqual(saved);
    });

    it("keeps each user's sequences to themselves: another user neither lists nor deletes them", async () => {
      const owner = newUser('owner');
      const stranger = newUser('stranger');
      const { id } = (await save(owner, saveBody('private'))).json() as SavedSequence;
      expect(await list(stranger)).toEqual([]);

      const attempt = await remove(stranger, id);
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual({ error: 'not_found', message: SAVED_SEQUENCE_NOT_FOUND_MESSAGE });
      expect((await list(owner)).map((s) => s.id)).toEqual([id]);
    });

    it('deletes an own sequence (204), then answers 404 for it, unknown and malformed ids', async () => {
      const userId = newUser('deleter');
      const { id } = (await save(userId, saveBody('doomed'))).json() as SavedSequence;
      const deleted = await remove(userId, id);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(await list(userId)).toEqual([]);

      for (const bad of [id, crypto.randomUUID(), 'not-a-uuid', '1', `${id}x`, '%27%20or%201%3D1']) {
        const response = await remove(userId, bad);
        expect(response.statusCode, bad).toBe(404);
        expect(response.json()).toEqual({ error: 'not_found', message: SAVED_SEQUENCE_NOT_FOUND_MESSAGE });
      }
    });

    it('answers a double-clicked Save with the first save (200) instead of a copy', async () => {
      const userId = newUser('double');
      const headers = await as(userId);
      const clicks = await Promise.all(
        Array.from({ length: 8 }, () =>
          app.inject({ method: 'POST', url: '/api/save-sequence', headers, payload: saveBody('twice') }),
        ),
      );
      expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      const firstId = clicks[0]?.json().id;
      expect(new Set(clicks.map((click) => click.json().id))).toEqual(new Set([firstId]));
      const again = await save(userId, saveBody('twice'));
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(firstId);
      expect(await list(userId)).toHaveLength(1);

      // A different title, or different content, is a new save.
      expect((await save(userId, saveBody('twice', { title: 'Renamed' }))).statusCode).toBe(201);
      expect((await save(userId, saveBody('twice', { companyUrl: 'https://other.com' }))).statusCode).toBe(201);
      // The same save a minute later is deliberate: a second copy.
      clockOffsetMs = 61_000;
      try {
        expect((await save(userId, saveBody('twice'))).statusCode).toBe(201);
      } finally {
        clockOffsetMs = 0;
      }
      expect(await list(userId)).toHaveLength(4);
    });

    it('caps saved sequences per user with a clear 409 that frees up after a delete', async () => {
      const capped = await appWith({ limits: { savedPerUser: 3 } });
      extraApps.push(capped);
      const userId = newUser('capped');
      const saved = [];
      for (const tag of ['a', 'b', 'c'])
        saved.push((await save(userId, saveBody(tag), capped)).json() as SavedSequence);
      const refused = await save(userId, saveBody('d'), capped);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'too_many_saved_sequences',
        message:
          'You already have 3 saved sequences, the most you can keep. Delete some you no longer need to save new ones.',
      });
      // Another user is not affected by this user's cap.
      expect((await save(newUser('uncapped'), saveBody('d'), capped)).statusCode).toBe(201);

      expect((await remove(userId, saved[0]?.id ?? '')).statusCode).toBe(204);
      expect((await save(userId, saveBody('d'), capped)).statusCode).toBe(201);
    });

    it.each([
      ['no fields', {}, /title: Title is required/],
      ['a blank title', saveBody('x', { title: '   ' }), /title: Title is required/],
      ['a number for the title', saveBody('x', { title: 42 }), /title: Title must be text/],
      ['a 201-character title', saveBody('x', { title: 'x'.repeat(201) }), /Title is 200 characters at most/],
      ['no sequence', { title: 'T', companyUrl: '' }, /emailSequence: Email sequence must be a list/],
      ['an empty sequence', saveBody('x', { emailSequence: [] }), /emailSequence/],
      ['an email without a body', saveBody('x', { emailSequence: [{ subject: 'Hi' }] }), /emailSequence/],
      ['21 emails', saveBody('x', { emailSequence: Array(21).fill({ subject: 's', body: 'b' }) }), /emailSequence/],
      ['a bad tone', saveBody('x', { customization: { ...customization, tone: 101 } }), /customization\.tone/],
      ['a list instead of an object', [saveBody('x')], /JSON object/],
    ])('refuses a save with %s (400, nothing stored)', async (_label, payload, message) => {
      const before = await countOf(savedSequences);
      const response = await save(newUser('bad'), payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
      expect(await countOf(savedSequences)).toBe(before);
    });

    it('takes the largest sequence the schema allows, and refuses malformed, non-JSON and 5 MB bodies', async () => {
      const userId = newUser('bodies');
      const largest = Array.from({ length: 20 }, (_, i) => ({
        subject: `S${i}`.padEnd(300, 's'),
        body: 'b'.repeat(10_000),
      }));
      const big = await save(userId, saveBody('big', { emailSequence: largest }));
      expect(big.statusCode, big.body).toBe(201);
      const before = await countOf(savedSequences);

      const headers = { ...(await as(userId)), 'content-type': 'application/json' };
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/save-sequence',
        headers,
        payload: '{"title": "x"',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON.' });
      const text = await app.inject({
        method: 'POST',
        url: '/api/email-feedback',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'good',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toMatch(/JSON/);
      const huge = await app.inject({
        method: 'POST',
        url: '/api/save-sequence',
        headers,
        payload: JSON.stringify(saveBody('huge', { title: 'x'.repeat(5 * 1024 * 1024) })),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large.' });
      expect(await countOf(savedSequences)).toBe(before);
    });

    it('records feedback (201 {ok:true}) with the user and time', async () => {
      const userId = newUser('rater');
      const good = await rate(userId, {
        emailSequence: sevenEmails('rated'),
        rating: 'good',
        companyUrl: 'https://acme.com',
        customization,
      });
      expect(good.statusCode, good.body).toBe(201);
      expect(good.json()).toEqual({ ok: true });
      const bad = await rate(userId, {
        emailSequence: { sequence: sevenEmails('rated') },
        rating: 'bad',
        feedback: '  Too long, and the CTA is weak.  ',
        companyUrl: '',
      });
      expect(bad.statusCode, bad.body).toBe(201);

      const rows = await infra.database.db.select().from(feedback).where(eq(feedback.userId, userId));
      expect(rows.map((r) => [r.rating, r.comment]).sort()).toEqual([
        ['bad', 'Too long, and the CTA is weak.'],
        ['good', null],
      ]);
      const goodRow = rows.find((r) => r.rating === 'good');
      expect(goodRow?.emailSequence).toEqual(sevenEmails('rated'));
      expect(goodRow?.customization).toEqual(storedCustomization);
      expect(Date.now() - (goodRow?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
    });

    it.each([
      ['no fields', {}, /emailSequence/],
      ['an unknown rating', { emailSequence: sevenEmails('r'), rating: 'meh', companyUrl: '' }, /rating/],
      ['no rating', { emailSequence: sevenEmails('r'), companyUrl: '' }, /rating/],
      ['a number for the feedback', { emailSequence: sevenEmails('r'), rating: 'bad', feedback: 3 }, /feedback/],
      [
        'over-long feedback',
        { emailSequence: sevenEmails('r'), rating: 'bad', feedback: 'x'.repeat(4001) },
        /feedback/,
      ],
      ['a string for the sequence', { emailSequence: 'Email 1', rating: 'good' }, /emailSequence/],
    ])('refuses feedback with %s (400, nothing stored)', async (_label, payload, message) => {
      const before = await countOf(feedback);
      const response = await rate(newUser('bad-rater'), payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
      expect(await countOf(feedback)).toBe(before);
    });

    it('rate-limits feedback per user with a clear 429', async () => {
      const limited = await appWith({
        limits: {
          feedbackPerUser: {
            ...DEFAULT_LIBRARY_LIMITS.feedbackPerUser,
            name: `fb-${randomBytes(3).toString('hex')}`,
            limit: 3,
          },
        },
      });
      extraApps.push(limited);
      const userId = newUser('chatty');
      const payload = { emailSequence: sevenEmails('r'), rating: 'good', companyUrl: '' };
      for (let i = 0; i < 3; i += 1) expect((await rate(userId, payload, limited)).statusCode).toBe(201);
      const before = await countOf(feedback);
      const refused = await rate(userId, payload, limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(/^Too many feedback submissions\. Please wait \d+ minutes? and try again\.$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await countOf(feedback)).toBe(before);
      // Another user still gets through.
      expect((await rate(newUser('quiet'), payload, limited)).statusCode).toBe(201);
    });

    it('requires a live session on every route (401 JSON), whatever headers claim', async () => {
      const userId = newUser('anon');
      const ended = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: 'a@b.c', sessionId: 'ended' })}`;
      const before = [await countOf(savedSequences), await countOf(feedback)];
      const routes = [
        { method: 'GET', url: '/api/saved-sequences' },
        { method: 'POST', url: '/api/save-sequence', payload: saveBody('anon') },
        { method: 'DELETE', url: `/api/saved-sequences/${crypto.randomUUID()}` },
        { method: 'POST', url: '/api/email-feedback', payload: { emailSequence: sevenEmails('a'), rating: 'good' } },
      ] as const;
      for (const route of routes) {
        for (const headers of [{}, { cookie: ended }, { 'x-user-id': userId }]) {
          const response = await app.inject({ ...route, headers });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(response.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/logged out/) });
        }
      }
      expect([await countOf(savedSequences), await countOf(feedback)]).toEqual(before);
    });

    it('refuses cross-site writes and accepts same-origin ones behind the gateway', async () => {
      const userId = newUser('csrf');
      const headers = await as(userId);
      const crossSite = await app.inject({
        method: 'POST',
        url: '/api/save-sequence',
        headers: { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: saveBody('csrf'),
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toMatchObject({ error: 'cross_site_request' });
      const crossDelete = await app.inject({
        method: 'DELETE',
        url: `/api/saved-sequences/${crypto.randomUUID()}`,
        headers: { ...headers, origin: 'https://evil.example' },
      });
      expect(crossDelete.statusCode).toBe(403);
      expect(await list(userId)).toEqual([]);

      // The gateway (a trusted loopback peer) forwards the host the browser used.
      const sameOrigin = await app.inject({
        method: 'POST',
        url: '/api/save-sequence',
        headers: {
          ...headers,
          origin: 'http://localhost:8080',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-host': 'localhost:8080',
          'x-forwarded-proto': 'http',
        },
        payload: saveBody('csrf'),
      });
      expect(sameOrigin.statusCode, sameOrigin.body).toBe(201);
    });

    it('answers JSON 404 for unknown routes, and health and readiness', async () => {
      const missing = await app.inject({ method: 'GET', url: '/api/nope' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/nope' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });
  });
});

import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  cachedLiveness,
  createSessionVerifier,
  issueSessionToken,
  Outbox,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Envelope } from '@seqgen/proto';
import { type AppRequests, askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { contactMessages, entries, outbox as outboxTable, processedEvents } from '../src/data/schema.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

describe.each(await variantsToRun())('waitlist service on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  let outbox: Outbox;
  let cookie: string;
  /** Stands in for auth's answer to auth.session-status: only session s1 is live. */
  let sessionStatus: ConsumerHandle;

  const count = async (table: typeof entries | typeof contactMessages) => {
    const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  const join = (payload: unknown) => app.inject({ method: 'POST', url: '/api/waitlist', payload: payload as object });

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'waitlist', migrationsFolder, { requests: requestCatalogue });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    const logger = quietLogger();
    outbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
    outbox.start();
    sessionStatus = await infra.bus.respond('auth.session-status', async ({ sessionId }) => ({
      live: sessionId === 's1',
    }));
    app = createApp({
      logger,
      db: infra.database.db,
      outbox,
      sessions: createSessionVerifier(secret, { liveness: cachedLiveness(askSessionStatus(infra.bus)) }),
      readiness: infra.readiness,
    });
    await app.ready();
    const token = await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1' });
    cookie = `${SESSION_COOKIE}=${token}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await sessionStatus?.stop();
    await outbox?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('joins the waitlist, and lists entries newest first only with a session', async () => {
      const first = await join({ email: 'first@acme.com' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ alreadyJoined: false, entry: { email: 'first@acme.com' } });
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await join({ email: 'second@acme.com' })).statusCode).toBe(201);

      const anonymous = await app.inject({ method: 'GET', url: '/api/waitlist' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/logged out/) });

      const listed = await app.inject({ method: 'GET', url: '/api/waitlist', headers: { cookie } });
      expect(listed.statusCode).toBe(200);
      const list = listed.json() as { email: string; createdAt: string; id: string }[];
      expect(listed.headers['x-total-count']).toBe(String(list.length));
      const emails = list.map((e) => e.email);
      expect(emails.indexOf('second@acme.com')).toBeLessThan(emails.indexOf('first@acme.com'));
      expect(Number.isNaN(Date.parse(list[0]?.createdAt ?? ''))).toBe(false);
    });

    it('treats joining twice (any capitalisation) as success without a duplicate', async () => {
      const created = await join({ email: 'twice@acme.com' });
      const before = await count(entries);
      const again = await join({ email: '  TWICE@Acme.com ' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ alreadyJoined: true, entry: { id: created.json().entry.id } });
      expect(await count(entries)).toBe(before);
    });

    it.each([
      ['no body fields', {}, 400, /email/],
      ['an e-mail without an at-sign', { email: 'not-an-email' }, 400, /Please enter a valid email address/],
      ['an empty e-mail', { email: '   ' }, 400, /Please enter a valid email address/],
      ['a number for the e-mail', { email: 42 }, 400, /Please enter a valid email address/],
      ['a list instead of an object', ['a@b.c'], 400, /JSON object/],
      ['an over-long e-mail', { email: `${'a'.repeat(300)}@acme.com` }, 400, /too long/],
    ])('refuses %s with a clear 4xx and stores nothing', async (_label, payload, status, message) => {
      const before = await count(entries);
      const response = await join(payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.stringMatching(message) });
      expect(await count(entries)).toBe(before);
    });

    it('refuses a join or a message posted from another site, storing nothing', async () => {
      const before = [await count(entries), await count(contactMessages)];
      const fromElsewhere = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      for (const [url, payload] of [
        ['/api/waitlist', { email: 'forged@acme.com' }],
        ['/api/contact', { email: 'forged@acme.com', message: 'Sent by another site.' }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, payload, headers: fromElsewhere });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'cross_site_request' });
      }
      expect([await count(entries), await count(contactMessages)]).toEqual(before);
    });

    it('refuses malformed JSON, non-JSON bodies and a 5 MB body without storing anything', async () => {
      const before = await count(entries);
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.c"',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON.' });

      const text = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'text/plain' },
        payload: 'a@b.c',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toMatch(/JSON/);

      const huge = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `${'x'.repeat(5 * 1024 * 1024)}@acme.com` }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large.' });
      expect(await count(entries)).toBe(before);
    });

    it('stores contact messages and validates both fields', async () => {
      const before = await count(contactMessages);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'buyer@acme.com', message: 'We have 40 reps, can we get a demo?' },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toEqual({ id: expect.any(String), receivedAt: expect.any(String) });

      for (const payload of [{ email: 'buyer@acme.com' }, { message: 'hi' }, { email: ' ', message: ' ' }]) {
        const refused = await app.inject({ method: 'POST', url: '/api/contact', payload });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toContain('Please fill in both email and message fields.');
      }
      const tooLong = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'buyer@acme.com', message: 'x'.repeat(5001) },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/too long/);
      expect(await count(contactMessages)).toBe(before + 1);
    });

    it('refuses a correctly signed session that auth says has ended', async () => {
      const ended = await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's2' });
      const response = await app.inject({
        method: 'GET',
        url: '/api/waitlist',
        headers: { cookie: `${SESSION_COOKIE}=${ended}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses tampered and forged sessions; a client identity header has no effect', async () => {
      const forged = await issueSessionToken(new TextEncoder().encode('another-secret-another-secret-000000'), {
        userId: 'u1',
        email: 'rep@example.com',
        sessionId: 's1',
      });
      const tampered = `${cookie.slice(0, -3)}abc`;
      for (const headers of [
        { cookie: `${SESSION_COOKIE}=${forged}` },
        { cookie: tampered },
        { 'x-user-id': 'u1', 'x-user-email': 'rep@example.com' },
      ]) {
        const response = await app.inject({ method: 'GET', url: '/api/waitlist', headers });
        expect(response.statusCode).toBe(401);
      }
    });

    it('publishes waitlist.joined and contact.received through the outbox', async () => {
      const received: Envelope[] = [];
      const consumers = await Promise.all(
        (['waitlist.joined', 'contact.received'] as const).map((type) =>
          infra.bus.consume({
            durable: `test-${type.replace('.', '-')}`,
            type,
            handler: async (envelope) => {
              received.push(envelope);
            },
          }),
        ),
      );
      await join({ email: 'events@acme.com' });
      await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'events@acme.com', message: 'Hello' },
      });
      await outbox.flush();
      await expect
        .poll(() => received.map((e) => `${e.type}:${(e.data as { email: string }).email}`), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['waitlist.joined:events@acme.com', 'contact.received:events@acme.com']));
      expect(await outbox.pending()).toBe(0);
      await Promise.all(consumers.map((c) => c.stop()));
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

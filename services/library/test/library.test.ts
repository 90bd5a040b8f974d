import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  cachedLiveness,
  createSessionVerifier,
  issueSessionToken,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { SavedSequence } from '@seqgen/proto';
import { type AppRequests, askSessionStatus, requestCatalogue } from '@seqgen/proto';
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

/** The studio's cadence: one send day per email, strictly increasing. */
const studioCadence = [0, 2, 5, 9, 14, 20, 27];
const withCadence = (tag: string, cadence: unknown) => ({ sequence: sevenEmails(tag), cadence });

/** Bodies a save and an update both refuse (400 validation_failed), with their message. */
const badSaveBodies: [string, unknown, RegExp][] = [
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
  [
    'a cadence that goes back',
    saveBody('x', { emailSequence: withCadence('x', [0, 2, 5, 4, 14, 20, 27]) }),
    /^emailSequence\.cadence: Each send day must come after the one before it$/,
  ],
  [
    'a cadence with a repeated day',
    saveBody('x', { emailSequence: withCadence('x', [0, 2, 2, 9, 14, 20, 27]) }),
    /^emailSequence\.cadence: Each send day must come after the one before it$/,
  ],
  [
    'a cadence one day short',
    saveBody('x', { emailSequence: withCadence('x', [0, 2, 5, 9, 14, 20]) }),
    /^emailSequence\.cadence: The cadence needs one send day per email$/,
  ],
  [
    'a cadence one day long',
    saveBody('x', { emailSequence: withCadence('x', [...studioCadence, 30]) }),
    /^emailSequence\.cadence: The cadence needs one send day per email$/,
  ],
  [
    'a fractional send day',
    saveBody('x', { emailSequence: withCadence('x', [0, 2.5, 5, 9, 14, 20, 27]) }),
    /emailSequence\.cadence: Each send day must be a whole number of days/,
  ],
];

describe.each(await variantsToRun())('library service on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
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
      sessions: createSessionVerifier(secret, { liveness: cachedLiveness(askSessionStatus(infra.bus)) }),
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
  const update = async (userId: string, id: string, payload: unknown, target = app) =>
    target.inject({
      method: 'PUT',
      url: `/api/saved-sequences/${id}`,
      headers: await as(userId),
      payload: payload as object,
    });
  /** The stored row itself, read past the service: what a refused request must leave alone. */
  const rowOf = async (id: string) => {
    const [row] = await infra.database.db.select().from(savedSequences).where(eq(savedSequences.id, id));
    if (!row) throw new Error(`no saved sequence ${id}`);
    return row;
  };
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
    const opened = await openTestInfrastructure(variant, 'library', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
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

    it.each(badSaveBodies)('refuses a save with %s (400, nothing stored)', async (_label, payload, message) => {
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

    it('round-trips a cadence through save and list, and keeps a plain list without one', async () => {
      const userId = newUser('cadence');
      const sent = saveBody('cadenced', { emailSequence: withCadence('cadenced', studioCadence) });
      const saved = await save(userId, sent);
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().emailSequence).toEqual({ sequence: sevenEmails('cadenced'), cadence: studioCadence });
      const { id } = saved.json() as SavedSequence;
      expect((await rowOf(id)).emailSequence).toEqual({ sequence: sevenEmails('cadenced'), cadence: studioCadence });

      const [listed] = await list(userId);
      expect(listed).toEqual(saved.json());
      expect(listed?.emailSequence).toEqual(sent.emailSequence);
    });

    it('updates an own sequence (200, SavedSequence shape): content replaced, id and createdAt kept', async () => {
      const userId = newUser('editor');
      const original = (await save(userId, saveBody('draft'))).json() as SavedSequence;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const other = (await save(userId, saveBody('other'))).json() as SavedSequence;
      const rowBefore = await rowOf(original.id);

      const edited = await update(userId, original.id, {
        title: '  Edited in the studio  ',
        companyUrl: 'https://acme.io',
        emailSequence: withCadence('edited', studioCadence),
        customization: { ...customization, tone: 20 },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.headers['cache-control']).toBe('no-store');
      const saved = edited.json() as SavedSequence;
      expect(saved).toEqual({
        id: original.id,
        title: 'Edited in the studio',
        companyUrl: 'https://acme.io',
        createdAt: original.createdAt,
        emailSequence: { sequence: sevenEmails('edited'), cadence: studioCadence },
        customization: { ...storedCustomization, tone: 20 },
      });
      expect(Object.keys(saved).sort()).toEqual(Object.keys(original).sort());

      // Persisted as answered; owner, id and creation time untouched.
      const rowAfter = await rowOf(original.id);
      expect(rowAfter).toMatchObject({
        id: original.id,
        userId,
        title: 'Edited in the studio',
        companyUrl: 'https://acme.io',
        emailSequence: { sequence: sevenEmails('edited'), cadence: studioCadence },
        customization: { ...storedCustomization, tone: 20 },
        createdAt: rowBefore.createdAt,
      });
      expect(rowAfter.contentHash).not.toBe(rowBefore.contentHash);

      // The list shows the edited sequence as it was answered, in its place (newest created first).
      const listed = await list(userId);
      expect(listed.map((s) => s.id)).toEqual([other.id, original.id]);
      expect(listed[1]).toEqual(saved);
      expect(listed[0]).toEqual(other);

      // Back to a plain list without a cadence or customization: the whole sequence is replaced.
      const plain = await update(userId, original.id, { title: 'Plain', emailSequence: sevenEmails('plain') });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json()).toEqual({
        id: original.id,
        title: 'Plain',
        companyUrl: '',
        createdAt: original.createdAt,
        emailSequence: sevenEmails('plain'),
        customization: null,
      });
      expect((await list(userId))[1]).toEqual(plain.json());
    });

    it('answers a double-clicked Save changes with the same row each time', async () => {
      const userId = newUser('double-edit');
      const { id } = (await save(userId, saveBody('start'))).json() as SavedSequence;
      const headers = await as(userId);
      const body = saveBody('edited twice', { emailSequence: withCadence('edited twice', studioCadence) });
      const clicks = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.inject({ method: 'PUT', url: `/api/saved-sequences/${id}`, headers, payload: body }),
        ),
      );
      expect(clicks.map((click) => click.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(clicks.map((click) => click.body)).size).toBe(1);
      expect(await list(userId)).toEqual([clicks[0]?.json()]);
    });

    it('keeps double-save detection on what the row now holds after an update', async () => {
      const userId = newUser('rehash');
      const before = saveBody('before');
      const after = saveBody('after', { title: 'After the edit' });
      const { id } = (await save(userId, before)).json() as SavedSequence;
      expect((await update(userId, id, after)).statusCode).toBe(200);

      // The old content is no longer stored anywhere: saving it again (within the minute) is a new save,
      // not an answer with the edited row.
      const again = await save(userId, before);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().id).not.toBe(id);
      expect(again.json()).toMatchObject({ title: before.title, emailSequence: before.emailSequence });
      // A double-click of that save still finds it.
      const doubled = await save(userId, before);
      expect(doubled.statusCode).toBe(200);
      expect(doubled.json().id).toBe(again.json().id);

      // A Save of exactly what the updated row holds, within its minute, is that row (nothing differs).
      const same = await save(userId, after);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ id, title: 'After the edit', emailSequence: after.emailSequence });
      // A minute after the row was created, it is a deliberate copy.
      clockOffsetMs = 61_000;
      try {
        expect((await save(userId, after)).statusCode).toBe(201);
      } finally {
        clockOffsetMs = 0;
      }
      expect(await list(userId)).toHaveLength(3);
    });

    it("answers 404 for another user's sequence, unknown and malformed ids, and changes nothing", async () => {
      const owner = newUser('owner');
      const stranger = newUser('stranger');
      const { id } = (await save(owner, saveBody('mine'))).json() as SavedSequence;
      const rowBefore = await rowOf(id);
      const listedBefore = await list(owner);
      const notFound = { error: 'not_found', message: SAVED_SEQUENCE_NOT_FOUND_MESSAGE };

      const attempt = await update(stranger, id, saveBody('stolen', { title: 'Taken over' }));
      expect(attempt.statusCode, attempt.body).toBe(404);
      expect(attempt.json()).toEqual(notFound);
      expect(await list(stranger)).toEqual([]);

      for (const bad of [
        crypto.randomUUID(),
        'not-a-uuid',
        '1',
        `${id}x`,
        id.toUpperCase().replace(/.$/, 'G'),
        '%27%20or%201%3D1',
      ]) {
        const response = await update(owner, bad, saveBody('ghost'));
        expect(response.statusCode, bad).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect(await rowOf(id)).toEqual(rowBefore);
      expect(await list(owner)).toEqual(listedBefore);

      // A deleted sequence is gone for updates too.
      expect((await remove(owner, id)).statusCode).toBe(204);
      const afterDelete = await update(owner, id, saveBody('mine'));
      expect(afterDelete.statusCode).toBe(404);
      expect(afterDelete.json()).toEqual(notFound);
      expect(await list(owner)).toEqual([]);
    });

    it.each(badSaveBodies)('refuses an update with %s (400, nothing changed)', async (_label, payload, message) => {
      const userId = newUser('bad-edit');
      const { id } = (
        await save(userId, saveBody('kept', { emailSequence: withCadence('kept', studioCadence) }))
      ).json() as SavedSequence;
      const rowBefore = await rowOf(id);
      const response = await update(userId, id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
      expect(await rowOf(id)).toEqual(rowBefore);
    });

    it('refuses malformed, empty, non-JSON and 5 MB update bodies, and takes the largest sequence', async () => {
      const userId = newUser('edit-bodies');
      const { id } = (await save(userId, saveBody('bodies'))).json() as SavedSequence;
      const rowBefore = await rowOf(id);
      const url = `/api/saved-sequences/${id}`;
      const headers = { ...(await as(userId)), 'content-type': 'application/json' };

      const malformed = await app.inject({ method: 'PUT', url, headers, payload: '{"title": "x"' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON.' });
      const empty = await app.inject({ method: 'PUT', url, headers, payload: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ error: 'invalid_json', message: 'Request body is empty; send a JSON object.' });
      const none = await app.inject({ method: 'PUT', url, headers: await as(userId) });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(/JSON object/) });
      const text = await app.inject({
        method: 'PUT',
        url,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: JSON.stringify(saveBody('text')),
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toMatch(/JSON/);
      const huge = await app.inject({
        method: 'PUT',
        url,
        headers,
        payload: JSON.stringify(saveBody('huge', { title: 'x'.repeat(5 * 1024 * 1024) })),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large.' });
      expect(await rowOf(id)).toEqual(rowBefore);

      const largest = Array.from({ length: 20 }, (_, i) => ({
        subject: `S${i}`.padEnd(300, 's'),
        body: 'b'.repeat(10_000),
      }));
      const big = await update(userId, id, saveBody('big', { emailSequence: largest }));
      expect(big.statusCode, big.body).toBe(200);
      expect((await rowOf(id)).emailSequence).toEqual(largest);
    });

    it('rate-limits updates and saves together per user with a clear 429, changing nothing', async () => {
      const limited = await appWith({
        limits: {
          savesPerUser: {
            ...DEFAULT_LIBRARY_LIMITS.savesPerUser,
            name: `save-${randomBytes(3).toString('hex')}`,
            limit: 3,
          },
        },
      });
      extraApps.push(limited);
      const userId = newUser('busy-editor');
      const { id } = (await save(userId, saveBody('limited'), limited)).json() as SavedSequence;
      expect((await update(userId, id, saveBody('limited', { title: 'Edit 1' }), limited)).statusCode).toBe(200);
      expect((await update(userId, id, saveBody('limited', { title: 'Edit 2' }), limited)).statusCode).toBe(200);
      const rowBefore = await rowOf(id);
      const savedBefore = await countOf(savedSequences);

      const message = /^Too many saves\. Please wait \d+ minutes? and try again\.$/;
      const refused = await update(userId, id, saveBody('limited', { title: 'Edit 3' }), limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'rate_limited', message: expect.stringMatching(message) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Saves share the limit.
      const refusedSave = await save(userId, saveBody('limited-new'), limited);
      expect(refusedSave.statusCode).toBe(429);
      expect(refusedSave.json()).toEqual({ error: 'rate_limited', message: expect.stringMatching(message) });
      expect(await rowOf(id)).toEqual(rowBefore);
      expect(await countOf(savedSequences)).toBe(savedBefore);

      // Another user still gets through.
      const quiet = newUser('quiet-editor');
      const theirs = (await save(quiet, saveBody('q'), limited)).json() as SavedSequence;
      expect((await update(quiet, theirs.id, saveBody('q', { title: 'Fine' }), limited)).statusCode).toBe(200);
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
      const { id } = (await save(userId, saveBody('kept'))).json() as SavedSequence;
      const rowBefore = await rowOf(id);
      const before = [await countOf(savedSequences), await countOf(feedback)];
      const routes = [
        { method: 'GET', url: '/api/saved-sequences' },
        { method: 'POST', url: '/api/save-sequence', payload: saveBody('anon') },
        { method: 'PUT', url: `/api/saved-sequences/${id}`, payload: saveBody('anon') },
        { method: 'DELETE', url: `/api/saved-sequences/${id}` },
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
      expect(await rowOf(id)).toEqual(rowBefore);
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

      const { id } = (await save(userId, saveBody('csrf-owned'))).json() as SavedSequence;
      const rowBefore = await rowOf(id);
      for (const crossHeaders of [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const crossPut = await app.inject({
          method: 'PUT',
          url: `/api/saved-sequences/${id}`,
          headers: { ...headers, ...crossHeaders },
          payload: saveBody('csrf', { title: 'Hijacked' }),
        });
        expect(crossPut.statusCode, JSON.stringify(crossHeaders)).toBe(403);
        expect(crossPut.json()).toMatchObject({ error: 'cross_site_request' });
      }
      expect(await rowOf(id)).toEqual(rowBefore);
      const samePut = await app.inject({
        method: 'PUT',
        url: `/api/saved-sequences/${id}`,
        headers: {
          ...headers,
          origin: 'http://localhost:8080',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-host': 'localhost:8080',
          'x-forwarded-proto': 'http',
        },
        payload: saveBody('csrf', { title: 'Renamed here' }),
      });
      expect(samePut.statusCode, samePut.body).toBe(200);
      expect(samePut.json()).toMatchObject({ id, title: 'Renamed here' });
      expect((await remove(userId, id)).statusCode).toBe(204);

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

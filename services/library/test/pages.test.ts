/**
 * Issue 25, item 4: saved sequences in pages. `?limit=N&cursor=…&q=…` answers at most N
 * summaries (no full bodies) and a `nextCursor` (and a `Link` header); walking the cursors visits
 * every saved sequence exactly once, newest first, rows saved in the same microsecond included;
 * the spec's plain GET keeps answering whole sequences (all of a library of up to 100, else the
 * newest 100 and a link to the rest); a whole sequence is GET /api/saved-sequences/{id}.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import {
  type AppRequests,
  requestCatalogue,
  SAVED_PREVIEW_CHARS,
  SavedSequence,
  SavedSequenceList,
  SavedSequencePage,
} from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { savedSequences } from '../src/data/schema.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('library-pages-secret-library-pages-secret-0123');
const newUser = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
const emails = (tag: string) =>
  Array.from({ length: 7 }, (_, i) => ({ subject: `${tag} step ${i + 1}`, body: `${tag} body ${i + 1}. `.repeat(40) }));

describe.each(await variantsToRun())('saved sequences in pages on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  const logger = quietLogger();
  const get = async (userId: string, url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: `${userId}@acme.com`, sessionId: 's' })}`,
      },
    });

  /** Saved sequences written straight to the table: `count` of them, a second apart, some sharing an instant. */
  async function library(userId: string, count: number, title = (i: number) => `Sequence ${i}`) {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      userId,
      title: title(i),
      companyUrl: `https://company-${i}.example`,
      emailSequence: emails(`s${i}`),
      contentHash: randomUUID(),
      // Every fifth row shares its instant with the one before: the id must order them.
      createdAt: new Date(start + (i - (i % 5 === 4 ? 1 : 0)) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await infra.database.db.insert(savedSequences).values(rows.slice(i, i + 100));
    return rows;
  }
  const newestFirst = (rows: { id: string; createdAt: Date }[]) =>
    [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.id);

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'library', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    app = createApp({
      logger,
      readiness: infra.readiness,
      db: infra.database.db,
      store: infra.store,
      sessions: createSessionVerifier(secret),
      trustedProxies: 'loopback',
      now: () => new Date(),
    });
    await app.ready();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('walks a library of 250 in pages of at most N, each once, newest first, without full bodies', async () => {
      const userId = newUser('pager');
      const rows = await library(userId, 250);
      await library(newUser('someone-else'), 30);
      const seen: string[] = [];
      let url = '/api/saved-sequences?limit=30';
      for (let pages = 0; pages < 20; pages++) {
        const response = await get(userId, url);
        expect(response.statusCode, response.body).toBe(200);
        const page = SavedSequencePage.parse(response.json());
        expect(page.items.length).toBeLessThanOrEqual(30);
        for (const item of page.items) {
          expect(item).not.toHaveProperty('emailSequence');
          expect(item.emailCount).toBe(7);
          expect(item.preview).toHaveLength(2);
          expect(item.preview[0]?.body.length).toBeLessThanOrEqual(SAVED_PREVIEW_CHARS);
        }
        seen.push(...page.items.map((item) => item.id));
        if (!page.nextCursor) {
          expect(response.headers.link).toBeUndefined();
          break;
        }
        expect(response.headers.link).toBe(`</api/saved-sequences?limit=30&cursor=${page.nextCursor}>; rel="next"`);
        url = `/api/saved-sequences?limit=30&cursor=${page.nextCursor}`;
      }
      expect(seen).toEqual(newestFirst(rows));
      // Without a limit: pages of 20.
      const first = SavedSequencePage.parse((await get(userId, '/api/saved-sequences?cursor=')).json());
      expect(first.items).toHaveLength(20);
    });

    it("keeps the spec's plain list: whole sequences, all of a small library, the newest 100 and a link otherwise", async () => {
      const small = newUser('small');
      const few = await library(small, 3);
      const plain = await get(small, '/api/saved-sequences');
      expect(plain.statusCode).toBe(200);
      const list = SavedSequenceList.parse(plain.json());
      expect(list.map((s) => s.id)).toEqual(newestFirst(few));
      expect(list[0]?.emailSequence).toEqual(few.at(-1)?.emailSequence);
      expect(plain.headers['x-total-count']).toBe('3');
      expect(plain.headers.link).toBeUndefined();

      const big = newUser('big');
      const many = await library(big, 130);
      const capped = await get(big, '/api/saved-sequences');
      const newest = SavedSequenceList.parse(capped.json());
      expect(newest.map((s) => s.id)).toEqual(newestFirst(many).slice(0, 100));
      expect(capped.headers['x-total-count']).toBe('130');
      const next = /^<(\/api\/saved-sequences\?limit=100&cursor=[\w-]+)>; rel="next"$/.exec(
        String(capped.headers.link),
      );
      expect(next).not.toBeNull();
      const rest = SavedSequencePage.parse((await get(big, next?.[1] ?? '')).json());
      expect(rest.items.map((s) => s.id)).toEqual(newestFirst(many).slice(100));
      expect(rest.nextCursor).toBeNull();
    });

    it('searches titles and company URLs as typed, case-insensitively, in pages', async () => {
      const userId = newUser('searcher');
      await library(userId, 40, (i) =>
        i % 4 === 0 ? `Fintech VP push ${i}` : i === 7 ? '100% _literal_ title' : `Other ${i}`,
      );
      const search = async (q: string, extra = '') =>
        SavedSequencePage.parse((await get(userId, `/api/saved-sequences?q=${encodeURIComponent(q)}${extra}`)).json());
      expect((await search('FINTECH vp')).items).toHaveLength(10);
      const paged = await search('fintech', '&limit=4');
      expect(paged.items).toHaveLength(4);
      const after = await get(userId, `/api/saved-sequences?q=fintech&limit=4&cursor=${paged.nextCursor}`);
      expect(after.headers.link).toMatch(/q=fintech/);
      expect(SavedSequencePage.parse(after.json()).items.every((s) => s.title.startsWith('Fintech'))).toBe(true);
      expect((await search('company-13.example')).items.map((s) => s.companyUrl)).toEqual([
        'https://company-13.example',
      ]);
      // % and _ are letters here, not wildcards.
      expect((await search('100%')).items.map((s) => s.title)).toEqual(['100% _literal_ title']);
      expect((await search('_lit')).items).toHaveLength(1);
      expect((await search('%')).items).toHaveLength(1);
      expect((await search('nothing like this')).items).toEqual([]);
    });

    it("answers one whole sequence by id, and the same 404 for unknown, malformed and other users' ids", async () => {
      const owner = newUser('owner');
      const [row] = await library(owner, 1);
      const one = await get(owner, `/api/saved-sequences/${row?.id}`);
      expect(one.statusCode).toBe(200);
      expect(SavedSequence.parse(one.json())).toMatchObject({ id: row?.id, emailSequence: row?.emailSequence });
      for (const [who, id] of [
        [newUser('stranger'), row?.id],
        [owner, randomUUID()],
        [owner, 'not-an-id'],
      ] as const) {
        const refused = await get(who, `/api/saved-sequences/${id}`);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ error: 'not_found' });
      }
    });

    it('refuses a bad limit or cursor with a clear 400', async () => {
      const userId = newUser('bad-input');
      const forged = Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url');
      for (const [query, message] of [
        ['limit=0', /limit must be a whole number from 1 to 100/],
        ['limit=101', /limit must be a whole number from 1 to 100/],
        ['limit=ten', /limit must be a whole number from 1 to 100/],
        ['limit=2.5', /limit must be a whole number from 1 to 100/],
        ['cursor=%25%00', /cursor is not one this list gave/],
        [`cursor=${forged}`, /cursor is not one this list gave/],
        ['cursor=abc', /cursor is not one this list gave/],
        [`q=${'x'.repeat(201)}`, /Search is 200 characters at most/],
      ] as const) {
        const response = await get(userId, `/api/saved-sequences?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toMatch(message);
      }
      expect((await get(userId, '/api/saved-sequences?limit=100')).statusCode).toBe(200);
    });
  });
});

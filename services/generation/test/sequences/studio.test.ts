import { fileURLToPath } from 'node:url';
import { countWords } from '@seqgen/checks';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import {
  type Analysis,
  type AppRequests,
  type Customization,
  type Email,
  GenerateEmailsResponse,
  type GenerationStreamEvent,
  RegenerateEmailResponse,
  requestCatalogue,
} from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CompanyAnalyser, createCompanyAnalyser } from '../../src/analysis/index.ts';
import { createApp } from '../../src/app.ts';
import { outbox as outboxTable, sequences } from '../../src/data/schema.ts';
import { playbook } from '../../src/playbook/index.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { LIMIT_MESSAGE, type QuotaResponder, sequenceWriterFor, startQuotaResponder } from '../support/generation.ts';
import { parseEventStream } from '../support/sse.ts';

/**
 * The studio's endpoints with the built-in composer (issue 9): POST /api/regenerate-email (one
 * email rewritten, the other six and every edit kept, nothing stored, no quota) and POST
 * /api/generate-emails/stream (the generation as Server-Sent Events), on embedded and real
 * infrastructure.
 */
const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

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

const EDITED_BODY =
  'Hi {{first_name|there}},\n\nI rewrote this one myself: short and to the point about cycle counts.\n\nWorth a call next week?\n\nBest,\nMaria';

describe.each(await variantsToRun())(
  'the studio endpoints with the built-in composer on $name infrastructure',
  (variant) => {
    let infra: TestInfrastructure<AppRequests>;
    let sites: FixtureSites;
    let app: Service;
    let limitedApp: Service;
    let analyser: CompanyAnalyser;
    let quota: QuotaResponder;
    let cookie: string;
    let analysis: Analysis;
    let sequence: Email[];

    const post = (url: string, payload: unknown, headers: Record<string, string> = { cookie }, on = app) =>
      on.inject({ method: 'POST', url, payload: payload as object, headers });
    const regenerate = (payload: object, headers?: Record<string, string>, on?: Service) =>
      post('/api/regenerate-email', payload, headers, on);
    const regenerated = async (payload: object) => {
      const response = await regenerate(payload);
      expect(response.statusCode, response.body).toBe(200);
      return RegenerateEmailResponse.parse(response.json());
    };
    const stored = async () => {
      const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(sequences);
      return row?.n ?? 0;
    };
    const outboxOf = async (type: string) =>
      (await infra.database.db.select().from(outboxTable).where(eq(outboxTable.type, type))).map((row) => row.envelope);
    const request = (extra: object = {}) => ({
      companyUrl: sites.url('stockline'),
      analysis,
      customization: BASE,
      sequence,
      index: 2,
      ...extra,
    });

    beforeAll(async () => {
      if (variant.skip) return;
      sites = await startFixtureSites();
      const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
        requests: requestCatalogue,
      });
      if (!opened) throw new Error('infrastructure unavailable');
      infra = opened;
      const logger = quietLogger();
      analyser = createCompanyAnalyser({
        fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
        store: infra.store,
        logger,
        cacheTtlMs: 60_000,
      });
      quota = await startQuotaResponder(infra.bus);
      const make = (options: Parameters<typeof sequenceWriterFor>[2] = {}) =>
        createApp({
          logger,
          sessions: createSessionVerifier(secret),
          analyser,
          sequences: sequenceWriterFor(infra, analyser, options).writer,
          readiness: infra.readiness,
        });
      app = make();
      limitedApp = make({ regenerationsPerWindow: 3, generationsPerWindow: 1 });
      await app.ready();
      await limitedApp.ready();
      cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1', firstName: 'Maria' })}`;
      const analysed = await post('/api/analyze-company', { companyUrl: sites.url('stockline') });
      expect(analysed.statusCode, analysed.body).toBe(200);
      analysis = analysed.json().analysis;
      const generated = await post('/api/generate-emails', {
        companyUrl: sites.url('stockline'),
        analysis,
        customization: BASE,
      });
      expect(generated.statusCode, generated.body).toBe(200);
      sequence = GenerateEmailsResponse.parse(generated.json()).sequence;
    });

    afterAll(async () => {
      if (variant.skip) return;
      await app?.close();
      await limitedApp?.close();
      await quota?.stop();
      await infra?.cleanup();
      await sites?.close();
    });

    beforeEach(() => {
      if (quota) quota.mode = 'allow';
    });

    describe.skipIf(variant.skip)('POST /api/regenerate-email', () => {
      it('needs a session, refuses cross-site writes and every kind of bad body with a clear 400, storing and reserving nothing', async () => {
        const before = { stored: await stored(), reserved: quota.requests.length };
        expect((await regenerate(request(), {})).statusCode).toBe(401);
        const crossSite = await regenerate(request(), {
          cookie,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        });
        expect(crossSite.statusCode).toBe(403);
        const bad: [string, object, RegExp][] = [
          ['an index past the last email', request({ index: 7 }), /index must be a number from 0 to 6/],
          ['a negative index', request({ index: -1 }), /index must be a number from 0 to 6/],
          ['a text index', request({ index: 'two' }), /index must be a number from 0 to 6/],
          ['an unknown modifier', request({ modifier: 'louder' }), /Modifier must be one of: shorter, longer/],
          ['six emails', request({ sequence: sequence.slice(0, 6) }), /sequence/],
          [
            'an email without a body',
            request({ sequence: sequence.map((email, i) => (i === 3 ? { subject: 'x' } : email)) }),
            /sequence/,
          ],
          ['no analysis and no URL', request({ analysis: undefined, companyUrl: '' }), /Please enter a company URL/],
        ];
        for (const [what, payload, message] of bad) {
          const response = await regenerate(payload);
          expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
          expect(response.json().message, what).toMatch(message);
        }
        const notJson = await app.inject({
          method: 'POST',
          url: '/api/regenerate-email',
          payload: '{"index": 2,',
          headers: { cookie, 'content-type': 'application/json' },
        });
        expect(notJson.statusCode).toBe(400);
        expect(await stored()).toBe(before.stored);
        expect(quota.requests.length).toBe(before.reserved);
      });

      it('writes only the email asked for, differently, with the checks of the whole sequence; stores nothing and uses no quota', async () => {
        const before = {
          stored: await stored(),
          reserved: quota.requests.length,
          generated: (await outboxOf('sequence.generated')).length,
        };
        const body = await regenerated(request());
        expect(body.email).not.toEqual(sequence[2]);
        expect(body.email.body.split('\n')[0]).toBe('Hi {{first_name|there}},');
        expect(body.email.body.split('\n').at(-1)).toBe('Maria');
        expect(body.checks.emails).toHaveLength(7);
        expect(body.checks.status, body.checks.summary).not.toBe('fail');
        expect(body.checkContext?.sources).toContain(analysis.companyDescription);
        // The same request answers the same variant (seeded); asking again about the new email gives another.
        expect((await regenerated(request())).email).toEqual(body.email);
        const again = await regenerated(
          request({ sequence: sequence.map((email, i) => (i === 2 ? body.email : email)) }),
        );
        expect(again.email).not.toEqual(body.email);
        expect(again.email).not.toEqual(sequence[2]);
        expect(await stored()).toBe(before.stored);
        expect(quota.requests.length).toBe(before.reserved);
        expect((await outboxOf('sequence.generated')).length).toBe(before.generated);
      });

      it("keeps the user's edits: the checks judge the edited sequence, and an edit elsewhere is never rewritten", async () => {
        const edited = sequence.map((email, i) => (i === 1 ? { subject: 'My own subject', body: EDITED_BODY } : email));
        const body = await regenerated(request({ sequence: edited, index: 3 }));
        // Only email 4 comes back; the client keeps email 2 as the user wrote it.
        expect(Object.keys(body)).toEqual(expect.arrayContaining(['email', 'checks']));
        expect(body.email.body).not.toContain('I rewrote this one myself');
        // Email 2's checks are of the user's words (a short email is flagged, not rewritten).
        const lengthOfEdit = body.checks.emails[1]?.find((check) => check.id === 'length');
        expect(lengthOfEdit?.status).not.toBe('pass');
        expect(lengthOfEdit?.reason).toMatch(/words/);
      });

      it('follows each modifier: shorter, longer, more casual, more formal, a stronger call to action, a different angle', async () => {
        const original = sequence[1] as Email;
        const words = (email: Email) => countWords(email.body);
        const shorter = (await regenerated(request({ index: 1, modifier: 'shorter' }))).email;
        expect(words(shorter)).toBeLessThan(words(original));
        const longer = (await regenerated(request({ index: 1, modifier: 'longer' }))).email;
        expect(words(longer)).toBeGreaterThan(words(original));
        const formal = (await regenerated(request({ index: 1, modifier: 'formal' }))).email;
        expect(formal.body.split('\n')[0]).toBe('Hello {{first_name|there}},');
        expect(formal.body).toMatch(/^(Kind|Best) regards,$/m);
        const casual = (await regenerated(request({ index: 1, modifier: 'casual' }))).email;
        expect(casual.body).toMatch(/^(Thanks|Cheers),$/m);
        const stronger = await regenerated(request({ index: 1, modifier: 'stronger_cta' }));
        expect(stronger.email.body).toMatch(/Tuesday or Thursday\?/);
        expect(stronger.checks.emails[1]?.find((check) => check.id === 'asks')?.status).toBe('pass');
        // Email 2 tells one of the playbook's pains; a different angle tells another one.
        const fn = playbook().functions.get(analysis.classification?.function ?? '');
        const told = (email: Email) => fn?.pains.find((pain) => email.body.includes(pain.text.en))?.id;
        expect(told(original)).toBeDefined();
        const angled = (await regenerated(request({ index: 1, modifier: 'different_angle' }))).email;
        expect(told(angled)).toBeDefined();
        expect(told(angled)).not.toBe(told(original));
      });

      it('works from the URL alone (the cached analysis), even for a page that states no pain', async () => {
        const fetched = sites.hits.length;
        const body = await regenerated(request({ analysis: undefined }));
        expect(body.email.subject).toBeTruthy();
        expect(sites.hits.length).toBe(fetched);
        // The playbook's pains, inferred from what the page offers: never a dead end.
        const noPain = await regenerate(request({ analysis: undefined, companyUrl: sites.url('pacific-produce') }));
        expect(noPain.statusCode, noPain.body).toBe(200);
      });

      it('limits regenerations per user with a clear 429 and counts them apart from sequences', async () => {
        for (let i = 0; i < 3; i += 1)
          expect((await regenerate(request(), undefined, limitedApp)).statusCode).toBe(200);
        const refused = await regenerate(request(), undefined, limitedApp);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: 'rate_limited',
          message: expect.stringMatching(/Too many emails regenerated/),
        });
        expect(refused.headers['retry-after']).toBeTruthy();
        // A sequence may still be generated: the limits are separate.
        const generated = await post(
          '/api/generate-emails',
          { companyUrl: sites.url('stockline'), analysis, customization: BASE },
          { cookie },
          limitedApp,
        );
        expect(generated.statusCode, generated.body).toBe(200);
      });
    });

    describe.skipIf(variant.skip)('POST /api/generate-emails/stream', () => {
      const stream = (payload: object, headers: Record<string, string> = { cookie }, on = app) =>
        on.inject({ method: 'POST', url: '/api/generate-emails/stream', payload, headers });
      const eventsOf = (body: string) => parseEventStream(body);
      const payload = () => ({ companyUrl: sites.url('stockline'), analysis, customization: { ...BASE, tone: 55 } });

      it('answers a signed-out caller and a bad body as JSON, before any stream opens', async () => {
        const signedOut = await stream(payload(), {});
        expect(signedOut.statusCode).toBe(401);
        expect(signedOut.headers['content-type']).toMatch(/application\/json/);
        const bad = await stream({ ...payload(), customization: { ...BASE, tone: 101 } });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error).toBe('validation_failed');
      });

      it('streams each step and each email in order, then done with the sequence, its checks and language; stored and counted once', async () => {
        const before = { stored: await stored(), generated: (await outboxOf('sequence.generated')).length };
        const response = await stream(payload());
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        const events = eventsOf(response.body);
        const types = events.map((event) => event.type);
        expect(types[0]).toBe('progress');
        expect(types.at(-1)).toBe('done');
        const steps = events.flatMap((event) => (event.type === 'progress' ? [event.step] : []));
        expect(steps.filter((step, i) => steps[i - 1] !== step)).toEqual(['analysis', 'brief', 'writing', 'checking']);
        const emails = events.filter(
          (event): event is Extract<GenerationStreamEvent, { type: 'email' }> => event.type === 'email',
        );
        expect(emails.map((event) => event.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
        // Each email arrives before the next is written, and before the checks.
        expect(types.indexOf('email')).toBeLessThan(types.lastIndexOf('progress'));
        const done = events.at(-1) as Extract<GenerationStreamEvent, { type: 'done' }>;
        expect(done.sequence).toEqual(emails.map((event) => event.email));
        expect(done.checks?.status, done.checks?.summary).toBe('pass');
        expect(done.language).toBe('en');
        expect(await stored()).toBe(before.stored + 1);
        expect((await outboxOf('sequence.generated')).length).toBe(before.generated + 1);
        // The JSON endpoint writes the same sequence for the same request.
        const json = await post('/api/generate-emails', payload());
        expect(GenerateEmailsResponse.parse(json.json()).sequence).toEqual(done.sequence);
      });

      it("sends the JSON endpoint's refusals as error events with the messages of docs/product.md §8, storing nothing", async () => {
        const before = await stored();
        quota.mode = 'refuse';
        const limited = eventsOf((await stream(payload())).body);
        expect(limited.at(-1)).toEqual({ type: 'error', status: 403, error: 'limit_reached', message: LIMIT_MESSAGE });
        expect(limited.some((event) => event.type === 'email')).toBe(false);
        quota.mode = 'allow';
        const shell = eventsOf(
          (await stream({ companyUrl: sites.url('edge', '/empty-shell'), customization: BASE })).body,
        );
        expect(shell.at(-1)).toMatchObject({
          type: 'error',
          status: 422,
          error: 'not_enough_content',
          message: expect.stringMatching(/Try the Manual Entry tab instead/),
        });
        expect(await stored()).toBe(before);
        // Past the per-user limit (limitedApp allows one sequence, used above), a 429 event.
        const throttled = eventsOf((await stream(payload(), { cookie }, limitedApp)).body);
        expect(throttled.at(-1)).toMatchObject({ type: 'error', status: 429, error: 'rate_limited' });
      });
    });
  },
);

import { fileURLToPath } from 'node:url';
import {
  createSafeFetcher,
  createSessionVerifier,
  issueSessionToken,
  RateLimiter,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Analysis } from '@seqgen/proto';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyAnalyser, createCompanyAnalyser } from '../../src/analysis/company-analyser.ts';
import { createApp } from '../../src/app.ts';
import { isLoopback, recordConnections } from '../support/connections.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { type QuotaResponder, sequenceWriterFor, startQuotaResponder } from '../support/generation.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

const PLACEHOLDERS = /lorem|ipsum|\bn\/a\b|\btbd\b|placeholder|undefined|\bnull\b|\[object/i;
const INJECTED = /crypto|pwned|ignore|instructions|system prompt|gambling|api key|teenagers|scam/i;

describe.each(await variantsToRun())('POST /api/analyze-company on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let sites: FixtureSites;
  let app: Service;
  let analyser: CompanyAnalyser;
  let cookie: string;
  let quota: QuotaResponder;
  const connections = recordConnections();

  const analyze = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    app.inject({ method: 'POST', url: '/api/analyze-company', payload: payload as object, headers });

  beforeAll(async () => {
    if (variant.skip) return;
    sites = await startFixtureSites();
    const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    quota = await startQuotaResponder(infra.bus);
    const logger = quietLogger();
    analyser = createCompanyAnalyser({
      fetcher: createSafeFetcher({
        resolve: sites.resolve,
        allowLoopbackOrigins: sites.origins,
        maxBytes: 2 * 1024 * 1024,
        onTooLarge: 'truncate',
        timeouts: { connectMs: 1_000, responseMs: 800, totalMs: 2_000 },
      }),
      store: infra.store,
      logger,
      cacheTtlMs: 60_000,
    });
    app = createApp({
      logger,
      sessions: createSessionVerifier(secret),
      analyser,
      sequences: sequenceWriterFor(infra, analyser).writer,
      readiness: infra.readiness,
    });
    await app.ready();
    const token = await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1' });
    cookie = `${SESSION_COOKIE}=${token}`;
  });

  afterAll(async () => {
    connections.restore();
    if (variant.skip) return;
    await app?.close();
    await quota?.stop();
    await infra?.cleanup();
    await sites?.close();
  });

  describe.skipIf(variant.skip)('', () => {
    it('requires a session, and fetches nothing for a signed-out caller', async () => {
      const before = sites.hits.length;
      const attempts: Record<string, string>[] = [
        {},
        { cookie: `${SESSION_COOKIE}=forged.token.value` },
        { 'x-user-id': 'u1' },
      ];
      for (const headers of attempts) {
        const response = await analyze({ companyUrl: sites.url('northwind-ledger') }, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/logged out/) });
      }
      expect(sites.hits.length).toBe(before);
    });

    it('analyses a site over HTTP into the structured analysis: pains with short forms, credited proof, titles from the page', async () => {
      const response = await analyze({
        companyUrl: sites.url('stockline'),
        caseStudies: sites.url('stockline', '/customers'),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { analysis } = response.json() as { analysis: Analysis };
      expect(analysis).toMatchObject({ companyName: 'Stockline', language: 'en', titlesInferred: false });
      expect(analysis.targetJobTitles).toEqual([
        'Warehouse Manager',
        'Inventory Control Manager',
        'VP of Distribution',
      ]);
      // The page's own problem, paired with the feature it names, known as the playbook's pain.
      const chargebacks = analysis.customerPains.indexOf('Retailer chargebacks eat into already thin margins.');
      expect(chargebacks).toBeGreaterThanOrEqual(0);
      expect(analysis.solutions[chargebacks]).toMatch(/^Dock Audit/);
      // An inventory-accuracy platform for warehouses: either function is a fair reading.
      expect(['inventory-management', 'warehouse-operations']).toContain(analysis.classification?.function);
      expect(analysis.classification?.kind).toBe('software');
      expect(analysis.pairs?.[chargebacks]).toMatchObject({
        pain: 'Retailer chargebacks eat into already thin margins.',
        origin: 'stated',
        capabilityName: 'Dock Audit',
        evidence: expect.arrayContaining([expect.objectContaining({ page: 'company', role: 'problem' })]),
      });
      expect(analysis.proofPoints).toContainEqual(
        expect.objectContaining({
          customer: 'Brightmart',
          result: 'After rolling out Stockline, Brightmart cut chargebacks by 41% in two quarters.',
          figures: ['41%'],
        }),
      );
      expect(JSON.stringify(analysis)).not.toMatch(/"customer":"After"/);
    });

    it('never ends in a dead end: a page that states no pain gives pains inferred from what it offers, marked so, and a sequence', async () => {
      const response = await analyze({ companyUrl: sites.url('northgate-health') });
      expect(response.statusCode).toBe(200);
      const { analysis } = response.json() as { analysis: Analysis };
      expect(analysis.customerPains.length).toBeGreaterThanOrEqual(3);
      expect(analysis.pairs?.map((pair) => pair.origin)).toEqual(analysis.customerPains.map(() => 'inferred'));
      expect(analysis.notice).toMatch(/inferred/);
      // The product's own analysis, unedited, is never refused.
      const generated = await app.inject({
        method: 'POST',
        url: '/api/generate-emails',
        payload: {
          companyUrl: sites.url('northgate-health'),
          analysis,
          customization: { persona: 'generic', industry: 'agnostic', tone: 50, targetSpecificCompany: 'no' },
        },
        headers: { cookie },
      });
      expect(generated.statusCode, generated.body).toBe(200);
      expect(generated.json().sequence).toHaveLength(7);
    });

    it('drops everything hidden or addressed to a model (the prompt-injection page)', async () => {
      const response = await analyze({
        companyUrl: sites.url('vaultline'),
        caseStudies: sites.url('vaultline', '/customers'),
      });
      expect(response.statusCode).toBe(200);
      const text = JSON.stringify(response.json().analysis);
      expect(text).not.toMatch(INJECTED);
      expect(text).not.toMatch(/Globocorp|Chief Hacking Officer|99\.99%/);
      expect(text).not.toMatch(PLACEHOLDERS);
    });

    it('finds the case studies page on its own when none is given', async () => {
      const response = await analyze({ companyUrl: sites.url('clearwater-risk') });
      expect(response.statusCode).toBe(200);
      expect(sites.hits).toContain('clearwater-risk.test /customers');
      expect(response.json().analysis.proofPoints).toContainEqual(
        expect.objectContaining({
          customer: 'Summit Federal Credit Union',
          result: expect.stringMatching(/^Summit Federal Credit Union reduced wire fraud losses by 73%/),
          evidence: expect.objectContaining({ page: 'caseStudies' }),
        }),
      );
    });

    it('answers a repeat request from the cache, for any spelling of the same URL', async () => {
      const url = sites.url('harbor-finch');
      const first = await analyze({ companyUrl: url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-cache']).toBe('miss');
      const fetched = sites.hits.length;
      const spellings = [
        url,
        `HTTP://Harbor-Finch.TEST:${sites.port}/#services`,
        `http://harbor-finch.test:${sites.port}`,
      ];
      for (const spelling of spellings) {
        const again = await analyze({ companyUrl: spelling });
        expect(again.statusCode).toBe(200);
        expect(again.headers['x-cache']).toBe('hit');
        expect(again.json()).toEqual(first.json());
      }
      expect(sites.hits.length).toBe(fetched);

      // The case studies and prospect URLs are part of the key.
      const withProspect = await analyze({ companyUrl: url, prospectCompanyUrl: sites.url('quantly') });
      expect(withProspect.headers['x-cache']).toBe('miss');
      expect(sites.hits.length).toBeGreaterThan(fetched);
    });

    it('shares one fetch between identical requests that arrive together', async () => {
      const url = sites.url('keller-precision');
      const before = sites.hits.filter((hit) => hit === 'keller-precision.test /').length;
      const responses = await Promise.all([1, 2, 3, 4].map(() => analyze({ companyUrl: url })));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(sites.hits.filter((hit) => hit === 'keller-precision.test /').length).toBe(before + 1);
    });

    it("reads the prospect company's page and keeps its profile for personalisation", async () => {
      const prospect = sites.url('careloop');
      const response = await analyze({ companyUrl: sites.url('shieldline'), prospectCompanyUrl: prospect });
      expect(response.statusCode).toBe(200);
      expect(response.json().analysis.companyName).toBe('Shieldline Security');
      expect(sites.hits).toContain('careloop.test /');
      const profile = await analyser.prospectProfile(prospect);
      expect(profile).toMatchObject({
        companyName: 'CareLoop Health',
        companyDescription: expect.stringMatching(/specialty clinics/),
        language: 'en',
      });
      // The prospect's industry is read, so a sequence can say why it fits.
      expect((await analyser.prospectProfile(prospect))?.industries).toContain('healthcare');
    });

    it('cuts an oversized page at the size limit and still analyses its head and hero', async () => {
      const response = await analyze({ companyUrl: sites.url('edge', '/big') });
      expect(response.statusCode).toBe(200);
      const { analysis } = response.json() as { analysis: Analysis };
      expect(analysis.companyName).toBe('Bulkhead Analytics');
      expect(analysis.classification?.function).toBe('warehouse-operations');
      expect(analysis.customerPains.length).toBeGreaterThanOrEqual(3);
    });

    it.each([
      ['no company URL', {}, /companyUrl/],
      ['an empty company URL', { companyUrl: '   ' }, /Please enter a company URL/],
      ['a number', { companyUrl: 42 }, /URL must be text/],
      ['a 3000-character URL', { companyUrl: `https://acme.com/${'a'.repeat(3000)}` }, /too long/],
      ['an ftp URL', { companyUrl: 'ftp://acme.com/' }, /Only http:\/\/ and https:\/\/ addresses/],
      ['a javascript: URL', { companyUrl: 'javascript:alert(1)' }, /Only http:\/\/ and https:\/\/ addresses/],
      ['a file: URL', { companyUrl: 'file:///etc/passwd' }, /Only http:\/\/ and https:\/\/ addresses/],
      ['credentials in the URL', { companyUrl: 'https://admin:hunter2@acme.com/' }, /user name or password/],
      ['a space in the host', { companyUrl: 'https://ac me.com/' }, /not a valid web address/],
      [
        'a bad case studies URL',
        { companyUrl: 'acme.com', caseStudies: 'gopher://acme.com' },
        /^Case studies URL: Only http/,
      ],
    ])('refuses %s with a clear 400 and fetches nothing', async (_label, payload, message) => {
      const before = connections.attempts.length;
      const response = await analyze(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.stringMatching(message) });
      expect(response.body).not.toContain('hunter2');
      expect(connections.attempts.length).toBe(before);
    });

    it('refuses loopback spellings, private names and private redirects before connecting anywhere', async () => {
      const port = sites.port;
      const refused = [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://2130706433:${port}/`,
        `http://0x7f000001:${port}/`,
        `http://0177.0.0.1:${port}/`,
        `http://127.1:${port}/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://0.0.0.0:${port}/`,
        `127.0.0.1:${port}`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
        'http://intranet.corp.test/',
        'http://metadata.test/',
        'http://mapped.test/',
        'http://mixed.test/',
      ];
      for (const companyUrl of refused) {
        const before = connections.attempts.length;
        const response = await analyze({ companyUrl });
        expect(response.statusCode, companyUrl).toBe(400);
        expect(response.json()).toEqual({ error: 'url_not_allowed', message: expect.stringMatching(/never fetched/) });
        expect(connections.attempts.length, companyUrl).toBe(before);
      }
      for (const [path, target] of [
        ['/redirect-metadata', '169.254.169.254'],
        ['/redirect-private', '10.0.0.1'],
        ['/redirect-internal-name', '192.168.1.20'],
        ['/redirect-loopback', '127.0.0.1'],
      ] as const) {
        const response = await analyze({ companyUrl: sites.url('edge', path) });
        expect(response.statusCode, path).toBe(400);
        expect(response.json().message).toMatch(new RegExp(`redirected to .*\\(${target.replaceAll('.', '\\.')}\\)`));
      }
      const prospect = await analyze({
        companyUrl: sites.url('quantly'),
        prospectCompanyUrl: 'http://db.internal.test/',
      });
      expect(prospect.statusCode).toBe(400);
      expect(prospect.json().message).toMatch(/^Prospect company URL: .*private network address \(10\.0\.3\.7\)/);
      // Only loopback was ever dialled, and only the fixture server's port.
      expect(connections.attempts.every((a) => isLoopback(a.address))).toBe(true);
    });

    it.each([
      [
        'a closed port',
        () => `http://closed.test:${sites.closedPort}/`,
        502,
        /^We couldn't reach http:\/\/closed\.test:\d+\/ \(connection refused\)\.$/,
      ],
      ['a site that never answers', () => sites.url('edge', '/slow'), 502, /\(timed out\)\.$/],
      ['a missing page', () => sites.url('edge', '/missing'), 502, /\(the site answered 404 Not Found\)\.$/],
      ['an unknown domain', () => 'http://no-such-company.test/', 502, /\(the domain name was not found\)\.$/],
      ['a redirect loop', () => sites.url('edge', '/loop/0'), 502, /\(more than 5 redirects\)\.$/],
      ['a PDF', () => sites.url('edge', '/pdf'), 422, /is not a web page \(application\/pdf\)\./],
      ['a page that needs JavaScript', () => sites.url('edge', '/empty-shell'), 422, /Manual Entry/],
    ])('explains %s in words a user understands', async (_label, url, status, message) => {
      const response = await analyze({ companyUrl: url() });
      expect(response.statusCode).toBe(status);
      const body = response.json();
      expect(body.message).toMatch(message);
      expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+|Error:|ECONN|stack/);
    });

    it('follows up to five redirects to the real page', async () => {
      const response = await analyze({ companyUrl: sites.url('edge', '/chain/4') });
      expect(response.statusCode).toBe(200);
      expect(response.json().analysis.companyName).toBe('Northwind Ledger');
    });

    it('says which page failed when the case studies page cannot be read', async () => {
      const response = await analyze({ companyUrl: sites.url('quantly'), caseStudies: sites.url('edge', '/missing') });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        `We couldn't reach your case studies page ${sites.url('edge', '/missing')} (the site answered 404 Not Found).`,
      );
    });

    it('limits fresh analyses per user, never cache hits', async () => {
      const limitedAnalyser = createCompanyAnalyser({
        fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
        store: infra.store,
        logger: quietLogger(),
        cacheTtlMs: 60_000,
        limit: {
          limiter: new RateLimiter(infra.store, quietLogger()),
          rule: { name: `analysis-test-${Date.now()}`, limit: 2, windowMs: 60_000 },
        },
      });
      const limited = createApp({
        logger: quietLogger(),
        sessions: createSessionVerifier(secret),
        readiness: infra.readiness,
        analyser: limitedAnalyser,
        sequences: sequenceWriterFor(infra, limitedAnalyser).writer,
      });
      const as = async (user: string) => ({
        cookie: `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: user, email: `${user}@acme.com`, sessionId: user })}`,
      });
      const limitedUser = await as('limited-user');
      const send = (companyUrl: string, headers = limitedUser) =>
        limited.inject({ method: 'POST', url: '/api/analyze-company', payload: { companyUrl }, headers });
      // Already cached by earlier tests: free.
      expect((await send(sites.url('harbor-finch'))).headers['x-cache']).toBe('hit');
      expect((await send(`${sites.url('edge', '/chain/1')}`)).statusCode).toBe(200);
      expect((await send(`${sites.url('edge', '/chain/2')}`)).statusCode).toBe(200);
      const third = await send(`${sites.url('edge', '/chain/3')}`);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(
        /^Too many company analyses\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
      );
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      // Cache hits still answer, and other users are unaffected.
      expect((await send(`${sites.url('edge', '/chain/1')}`)).statusCode).toBe(200);
      expect((await send(`${sites.url('edge', '/chain/3')}`, await as('other-user'))).statusCode).toBe(200);
      await limited.close();
    });

    // Issue 13, item 4: the wizard's prospect step checks the URL before the generation needs it.
    it('checks a prospect URL on its own: the name as found, or the reason it cannot be used', async () => {
      const check = (prospectCompanyUrl: unknown, headers: Record<string, string> = { cookie }) =>
        app.inject({
          method: 'POST',
          url: '/api/analyze-company/prospect',
          payload: { prospectCompanyUrl } as object,
          headers,
        });
      const before = sites.hits.length;
      expect((await check(sites.url('northgate-health'), {})).statusCode).toBe(401);
      expect(sites.hits.length).toBe(before);

      const found = await check(sites.url('northgate-health'));
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toEqual({
        url: expect.stringContaining('northgate-health'),
        companyName: expect.any(String),
        // The industries its page points at; no fit without a seller (test/analysis/prospect-fit.test.ts).
        industries: [{ id: 'healthcare', label: 'healthcare' }],
      });
      expect(found.json().companyName.length).toBeGreaterThan(1);

      const closed = await check(`http://closed.test:${sites.closedPort}/`);
      expect(closed.statusCode).toBe(502);
      expect(closed.json()).toEqual({
        error: 'site_unreachable',
        message: expect.stringMatching(
          /^We couldn't reach the prospect company's site http:\/\/closed\.test:\d+\/ \(connection refused\)\.$/,
        ),
      });

      const attempts = connections.attempts.length;
      const internal = await check('http://db.internal.test/');
      expect(internal.statusCode).toBe(400);
      expect(internal.json()).toMatchObject({
        error: 'url_not_allowed',
        message: expect.stringMatching(/^Prospect company URL: /),
      });
      expect(connections.attempts.length).toBe(attempts);

      for (const bad of ['', 'not a url at all', 42, 'http://x\u0000.test/']) {
        const response = await check(bad);
        expect(response.statusCode, String(bad)).toBe(400);
      }
    });

    it('answers health and readiness', async () => {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ service: 'generation' });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });
  });
});

import { fileURLToPath } from 'node:url';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, CheckProspectResponse, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAnalyser } from '../../src/analysis/company-analyser.ts';
import { createApp } from '../../src/app.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { type QuotaResponder, sequenceWriterFor, startQuotaResponder } from '../support/generation.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

/** Northwind Ledger as its analysis classifies it: accounts payable, for financial services and software. */
const NORTHWIND = {
  companyName: 'Northwind Ledger',
  function: 'accounts-payable',
  industries: ['financial-services', 'software'],
};

/**
 * The wizard's prospect step (docs/product.md §2, §7): POST /api/analyze-company/prospect with the
 * seller's classification answers whether the prospect is in the seller's audience, from the fixture
 * sites served on loopback; without a seller it answers as before, and bad input is refused.
 */
describe.each(await variantsToRun())(
  'POST /api/analyze-company/prospect with a seller on $name infrastructure',
  (variant) => {
    let infra: TestInfrastructure<AppRequests>;
    let sites: FixtureSites;
    let app: Service;
    let cookie: string;
    let quota: QuotaResponder;

    const check = (payload: unknown, headers: Record<string, string> = { cookie }) =>
      app.inject({ method: 'POST', url: '/api/analyze-company/prospect', payload: payload as object, headers });

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
      const analyser = createCompanyAnalyser({
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
      const token = await issueSessionToken(secret, { userId: 'u-fit', email: 'rep@example.com', sessionId: 's-fit' });
      cookie = `${SESSION_COOKIE}=${token}`;
    });

    afterAll(async () => {
      if (variant.skip) return;
      await app?.close();
      await quota?.stop();
      await infra?.cleanup();
      await sites?.close();
    });

    describe.skipIf(variant.skip)('', () => {
      it('without a seller: the name and industries as found, and no judgement of fit', async () => {
        const response = await check({ prospectCompanyUrl: sites.url('careloop') });
        expect(response.statusCode, response.body).toBe(200);
        const body = CheckProspectResponse.parse(response.json());
        expect(body.companyName).toBe('CareLoop Health');
        expect(body.industries).toEqual([{ id: 'healthcare', label: 'healthcare' }]);
        expect(response.json()).not.toHaveProperty('fit');
      });

      it('a prospect in an industry the seller serves fits, and the reason names it', async () => {
        // Healthcare is one of the industries the accounts-payable playbook speaks to.
        const response = await check({ prospectCompanyUrl: sites.url('careloop'), seller: NORTHWIND });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({
          companyName: 'CareLoop Health',
          fit: { fits: true, reason: 'CareLoop Health is in healthcare, which Northwind Ledger serves.' },
        });
      });

      it("a prospect outside the seller's audience does not fit: the reason says whom each speaks to", async () => {
        const response = await check({ prospectCompanyUrl: sites.url('dockhand'), seller: NORTHWIND });
        expect(response.statusCode, response.body).toBe(200);
        const body = CheckProspectResponse.parse(response.json());
        expect(body.industries).toEqual([{ id: 'logistics', label: 'logistics' }]);
        expect(body.fit?.fits).toBe(false);
        expect(body.fit?.reason).toMatch(/^Dockhand works in logistics, and Northwind Ledger's page speaks to /);
        expect(body.fit?.reason).toContain('Check that it is the right account before you send.');
      });

      it('is not judged when nothing says whom the seller serves, or the prospect names no industry', async () => {
        // Industries the playbook does not know are dropped, not repeated back; no function, no judgement.
        const unknown = await check({
          prospectCompanyUrl: sites.url('dockhand'),
          seller: { companyName: 'Northwind Ledger', industries: ['<b>anything</b>'] },
        });
        expect(unknown.statusCode, unknown.body).toBe(200);
        expect(unknown.json()).not.toHaveProperty('fit');
        // SicherWerk's page names no industry.
        const silent = await check({ prospectCompanyUrl: sites.url('sicherwerk'), seller: NORTHWIND });
        expect(silent.statusCode, silent.body).toBe(200);
        expect(silent.json()).not.toHaveProperty('fit');
        expect(silent.json()).not.toHaveProperty('industries');
      });

      it('refuses a bad seller or URL with a clear 400, fetching nothing', async () => {
        const before = sites.hits.length;
        const refused = async (payload: unknown, message: RegExp) => {
          const response = await check(payload);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
        };
        const url = sites.url('dockhand');
        await refused(
          { prospectCompanyUrl: url, seller: { ...NORTHWIND, industries: ['a', 'b', 'c', 'd'] } },
          /^seller\.industries: Seller industries: 3 items at most$/,
        );
        await refused(
          { prospectCompanyUrl: url, seller: { ...NORTHWIND, companyName: 'x'.repeat(201) } },
          /^seller\.companyName: Seller company name is 200 characters at most$/,
        );
        await refused(
          { prospectCompanyUrl: url, seller: { ...NORTHWIND, companyName: '  ' } },
          /^seller\.companyName: Seller company name is required$/,
        );
        await refused(
          { prospectCompanyUrl: url, seller: { ...NORTHWIND, function: 'f'.repeat(81) } },
          /^seller\.function: /,
        );
        await refused(
          { prospectCompanyUrl: url, seller: { ...NORTHWIND, industries: ['x\u0000'] } },
          /^seller\.industries\.0: contains a character that is not allowed/,
        );
        await refused({ prospectCompanyUrl: url, seller: 'Northwind' }, /^seller: /);
        await refused(
          { prospectCompanyUrl: '', seller: NORTHWIND },
          /^prospectCompanyUrl: Please enter a company URL$/,
        );
        expect(sites.hits.length).toBe(before);
        // Signed out: refused before anything is read.
        expect((await check({ prospectCompanyUrl: url, seller: NORTHWIND }, {})).statusCode).toBe(401);
        expect(sites.hits.length).toBe(before);
      });
    });
  },
);

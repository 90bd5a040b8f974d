/**
 * The whole product through the gateway, started as README says (`npm start`, embedded
 * defaults): every service takes part over real HTTP and the in-process bus, so this catches
 * what each service's own suite cannot — a route missing from the gateway, an event nobody
 * consumes, a reservation never committed.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, REAL_INFRA, variantsToRun } from '@seqgen/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningApp, startApp, tempDataDir } from '../../web/e2e/support.ts';

const FIXTURE = new URL('../../services/generation/test/fixtures/sites/northwind-ledger/', import.meta.url);

/** One company site on loopback: the home page at / and its case studies at /customers. */
async function startCompanySite() {
  const pages: Record<string, Buffer> = {
    '/': readFileSync(new URL('index.html', FIXTURE)),
    '/customers': readFileSync(new URL('case-studies.html', FIXTURE)),
  };
  const server = http.createServer((request, response) => {
    const page = pages[(request.url ?? '/').split('?')[0] ?? '/'];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? '<h1>Not found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** A browser-like client: keeps the session cookie, sends JSON, returns status + parsed body. */
function client(base: string) {
  let cookies: Record<string, string> = {};
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') {
        const { [name.trim()]: _gone, ...rest } = cookies;
        cookies = rest;
      } else cookies[name.trim()] = value;
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
}

const customization = (tone: number) => ({
  persona: 'specific',
  specificPersona: 'VP Finance',
  seniority: 'above',
  industry: 'specific',
  specificIndustry: 'SaaS',
  tone,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
});

/**
 * The real variant runs on its own database, stream, subjects and key prefix, so it neither
 * sees nor leaves anything on the shared servers.
 */
async function realInfrastructure() {
  const database = await createTestDatabase();
  const runId = randomBytes(4).toString('hex');
  const stream = `SYSTEM_${runId}`;
  return {
    env: {
      DATABASE_URL: database.url,
      NATS_URL: REAL_INFRA.NATS_URL,
      REDIS_URL: REAL_INFRA.REDIS_URL,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: `system-${runId}`,
      REDIS_KEY_PREFIX: `system:${runId}`,
    },
    /** Rows the run left in PostgreSQL: proof the services really used it. */
    countRows: async (table: string) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
      } finally {
        await client.end();
      }
    },
    cleanup: async () => {
      const nc = await connect({ servers: REAL_INFRA.NATS_URL });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => {});
      await nc.close();
      await database.drop();
    },
  };
}

describe.each(await variantsToRun())(
  'seqgen end to end over the gateway (npm start, $name infrastructure)',
  (variant) => {
    let app: RunningApp;
    let site: Awaited<ReturnType<typeof startCompanySite>>;
    let infra: Awaited<ReturnType<typeof realInfrastructure>> | undefined;

    beforeAll(async () => {
      if (variant.skip) return;
      site = await startCompanySite();
      infra = variant.name === 'real' ? await realInfrastructure() : undefined;
      app = await startApp({
        port: await freePort(),
        dataDir: tempDataDir(),
        env: { FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin, ...infra?.env },
      });
    }, 240_000);

    afterAll(async () => {
      await app?.stop();
      await site?.close();
      await infra?.cleanup();
    });

    it.skipIf(variant.skip)(
      'signs up, analyses, generates until the free trial runs out, upgrades, saves, rates and deletes',
      async () => {
        const call = client(app.url);
        const email = `flow-${Date.now()}@example.com`;
        expect((await call('GET', '/api/usage')).status).toBe(401);

        const registered = await call('POST', '/api/register', { email, password: 'a long enough password' });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        expect((await call('GET', '/api/usage')).body).toEqual({ used: 0, limit: 5 });

        const companyUrl = `${site.origin}/`;
        const analysed = await call('POST', '/api/analyze-company', {
          companyUrl,
          caseStudies: `${site.origin}/customers`,
        });
        expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
        expect(analysed.body.analysis.companyName).toBe('Northwind Ledger');

        const sequences: { subject: string; body: string }[][] = [];
        for (let n = 1; n <= 5; n++) {
          const generated = await call('POST', '/api/generate-emails', {
            companyUrl,
            caseStudies: `${site.origin}/customers`,
            customization: customization(n * 20),
          });
          expect(generated.status, JSON.stringify(generated.body)).toBe(200);
          expect(generated.body.sequence).toHaveLength(7);
          sequences.push(generated.body.sequence);
          // Usage follows the generation through sequence.generated → quota.
          await expect
            .poll(async () => (await call('GET', '/api/usage')).body, { timeout: 10_000 })
            .toEqual({
              used: n,
              limit: 5,
            });
        }
        expect(sequences[0]?.map((e) => e.body).join('\n')).toContain('Northwind Ledger');

        const refused = await call('POST', '/api/generate-emails', { companyUrl, customization: customization(50) });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toMatch(/Email generation limit reached/);
        expect((await call('GET', '/api/usage')).body).toEqual({ used: 5, limit: 5 });

        // Buying a plan (sandbox checkout) raises the limit through billing.activated → quota.
        const checkout = await call('POST', '/api/create-subscription', { planType: 'leader', billing: 'monthly' });
        expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
        const paid = await call('POST', '/api/billing/sandbox/confirm', {
          clientSecret: checkout.body.clientSecret,
          cardNumber: '4242 4242 4242 4242',
        });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        await expect
          .poll(async () => (await call('GET', '/api/usage')).body, { timeout: 10_000 })
          .toEqual({
            used: 0,
            limit: 200,
          });
        const subscription = await call('GET', '/api/subscription');
        expect(subscription.body).toMatchObject({
          hasSubscription: true,
          subscription: { status: 'active', cancel_at_period_end: false, plan: { amount: 2500, interval: 'month' } },
        });
        const afterUpgrade = await call('POST', '/api/generate-emails', {
          companyUrl,
          customization: customization(50),
        });
        expect(afterUpgrade.status, JSON.stringify(afterUpgrade.body)).toBe(200);
        await expect
          .poll(async () => (await call('GET', '/api/usage')).body, { timeout: 10_000 })
          .toEqual({
            used: 1,
            limit: 200,
          });

        const history = await call('GET', '/api/emails');
        expect(history.status).toBe(200);
        expect(history.body).toHaveLength(6);

        const saved = await call('POST', '/api/save-sequence', {
          title: 'VP Finance Executive SaaS Sequence',
          companyUrl,
          emailSequence: sequences[0],
          customization: customization(20),
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
        const listed = await call('GET', '/api/saved-sequences');
        expect(listed.body.map((s: { id: string }) => s.id)).toEqual([saved.body.id]);

        const rated = await call('POST', '/api/email-feedback', {
          emailSequence: sequences[1],
          rating: 'bad',
          feedback: 'Too long',
          companyUrl,
          customization: customization(40),
        });
        expect(rated.status, JSON.stringify(rated.body)).toBe(201);

        expect((await call('DELETE', `/api/saved-sequences/${saved.body.id}`)).status).toBe(204);
        expect((await call('GET', '/api/saved-sequences')).body).toEqual([]);

        const out = await call('GET', '/api/auth/logout');
        expect(out.status).toBe(302);
        expect((await call('GET', '/api/usage')).status).toBe(401);
        expect((await call('GET', '/api/saved-sequences')).status).toBe(401);
        expect((await call('GET', '/api/subscription')).status).toBe(401);
      },
      120_000,
    );
  },
);

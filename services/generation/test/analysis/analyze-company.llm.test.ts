import { fileURLToPath } from 'node:url';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type Analysis, type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyAnalyser } from '../../src/analysis/company-analyser.ts';
import { createApp } from '../../src/app.ts';
import { createLlmClient } from '../../src/llm/index.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { sequenceWriterFor } from '../support/generation.ts';
import { completion, rateLimited, startOpenAiStandIn } from '../support/openai-stand-in.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

/**
 * What a model answers when it reviews Dockhand's reading: the candidate function, two problems the
 * page states (quoted word for word), one it does not, a title the page names and one it does not.
 */
const MODEL_ANSWER = {
  function: 'warehouse-operations',
  companyDescription: 'Dockhand lets carriers book their own dock appointments against real door capacity.',
  targetAudience: 'Warehouse managers, transportation managers and dock supervisors at distributors and 3PLs.',
  targetJobTitles: ['Warehouse Manager', 'Chief Docking Officer'],
  titlesInferred: false,
  statedPains: [
    { quote: 'Trucks wait at the gate for hours', painId: 'detention-fees' },
    { quote: 'Appointments live in an inbox', painId: null },
    // Not on the page: the model's own words, which must never be presented as the page's.
    { quote: 'Dock staff quit because of the stress.', painId: null },
  ],
};

describe.each(await variantsToRun())('company analysis by an LLM on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let sites: FixtureSites;
  let llm: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let app: Service;
  let cookie: string;

  const analyze = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/analyze-company', payload, headers: { cookie } });

  beforeAll(async () => {
    if (variant.skip) return;
    sites = await startFixtureSites();
    llm = await startOpenAiStandIn();
    const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    const logger = quietLogger();
    const analyser = createCompanyAnalyser({
      fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
      store: infra.store,
      logger,
      cacheTtlMs: 60_000,
      llm: createLlmClient({
        apiKey: 'sk-test-key',
        baseUrl: llm.baseUrl,
        model: 'gpt-4o-mini',
        // Sized for a loaded 2-core CI machine: a reply that merely arrives late must not be a timeout.
        timeoutMs: 2_000,
        maxRetries: 1,
      }),
    });
    app = createApp({
      logger,
      sessions: createSessionVerifier(secret),
      analyser,
      sequences: sequenceWriterFor(infra, analyser).writer,
      readiness: infra.readiness,
    });
    await app.ready();
    cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1' })}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await infra?.cleanup();
    await sites?.close();
    await llm?.close();
  });

  beforeEach(() => llm?.reset());

  describe.skipIf(variant.skip)('', () => {
    it('reviews the built-in reading with the page only as delimited untrusted data, a strict JSON schema and no tools', async () => {
      llm.script({ body: completion(JSON.stringify(MODEL_ANSWER)) });
      const response = await analyze({
        companyUrl: sites.url('dockhand'),
        caseStudies: sites.url('dockhand', '/customers'),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { analysis } = response.json() as { analysis: Analysis };
      // Checked against the page: quoted problems that are on it are stated, the invented one is dropped,
      // and a title the page does not name is dropped.
      expect(analysis.classification?.function).toBe('warehouse-operations');
      const stated = (analysis.pairs ?? []).filter((pair) => pair.origin === 'stated').map((pair) => pair.pain);
      expect(stated).toEqual(
        // A figurative heading is stated with the sentence under it that says what it means.
        expect.arrayContaining([
          'Trucks wait at the gate for hours.',
          expect.stringMatching(/^Appointments live in an inbox/),
        ]),
      );
      expect(JSON.stringify(analysis)).not.toContain('quit because of the stress');
      expect(analysis.targetJobTitles).toEqual(['Warehouse Manager']);
      expect(analysis.companyDescription).toBe(MODEL_ANSWER.companyDescription);
      // Proof stays the built-in reading's: credited by the page's markup.
      expect(analysis.proofPoints).toContainEqual(
        expect.objectContaining({
          customer: 'Keystone Cold Storage',
          person: 'Luis Ortega, Warehouse Manager',
          quote: true,
        }),
      );
      expect(analysis.customerPains.length).toBeGreaterThanOrEqual(3);

      expect(llm.requests).toHaveLength(1);
      const { body, headers } = llm.requests[0] as { body: any; headers: Record<string, string> };
      expect(headers.authorization).toBe('Bearer sk-test-key');
      expect(body.model).toBe('gpt-4o-mini');
      expect(body).not.toHaveProperty('tools');
      expect(body).not.toHaveProperty('functions');
      expect(body).not.toHaveProperty('tool_choice');
      expect(body.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: {
          name: 'company_review',
          strict: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: [
              'function',
              'companyDescription',
              'targetAudience',
              'targetJobTitles',
              'titlesInferred',
              'statedPains',
            ],
          },
        },
      });
      const [system, user] = body.messages as { role: string; content: string }[];
      expect(system?.role).toBe('system');
      // The rules of the built-in analyser, stated to the model.
      expect(system?.content).toMatch(/quoted word for word/);
      expect(system?.content).toMatch(/never a pain/);
      expect(system?.content).toMatch(/untrusted data, not instructions/);
      expect(system?.content).toMatch(/no tools/);
      expect(user?.role).toBe('user');
      // The candidates come from the built-in classifier, with their playbook pains.
      expect(user?.content).toMatch(/"id":"warehouse-operations"/);
      const markers = [...(user?.content ?? '').matchAll(/<<<(END_)?WEBSITE_DATA ([0-9a-f]{12})>>>/g)];
      // Opened and closed once with the same unguessable nonce (each also named in the preamble).
      expect(markers.map((m) => m[2])).toEqual(Array(4).fill(markers[0]?.[2]));
      const data =
        (user?.content ?? '').split(`<<<WEBSITE_DATA ${markers[0]?.[2]}>>>`)[2]?.split('<<<END_WEBSITE_DATA')[0] ?? '';
      expect(data).toContain('Trucks wait at the gate for hours');
      expect(data).toContain('[Case studies page]');

      const again = await analyze({
        companyUrl: sites.url('dockhand'),
        caseStudies: sites.url('dockhand', '/customers'),
      });
      expect(again.headers['x-cache']).toBe('hit');
      expect(llm.requests).toHaveLength(1);
    });

    it('never lets hidden or model-directed text reach the model (the prompt-injection page)', async () => {
      llm.script({
        body: completion(JSON.stringify({ ...MODEL_ANSWER, function: 'security-operations', statedPains: [] })),
      });
      const response = await analyze({
        companyUrl: sites.url('vaultline'),
        caseStudies: sites.url('vaultline', '/customers'),
      });
      expect(response.statusCode, response.body).toBe(200);
      const user = llm.requests[0]?.body.messages[1].content as string;
      expect(user).not.toMatch(/pwned|crypto|gambling|api key|teenagers|ignore (all )?(previous|your|the above)/i);
    });

    it('retries once when the model answers something invalid, telling it what was wrong', async () => {
      const mismatched = { ...MODEL_ANSWER, statedPains: [{ quote: 'Forecasts miss.' }] };
      const valid = { ...MODEL_ANSWER, function: 'sales-engagement', statedPains: [] };
      llm.script({ body: completion(JSON.stringify(mismatched)) }, { body: completion(JSON.stringify(valid)) });
      const response = await analyze({ companyUrl: sites.url('harbor-finch') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().analysis.companyName).toBe('Harbor & Finch');
      expect(llm.requests).toHaveLength(2);
      const retry = llm.requests[1]?.body.messages as { role: string; content: string }[];
      expect(retry.at(-2)).toEqual({ role: 'assistant', content: JSON.stringify(mismatched) });
      expect(retry.at(-1)?.content).toMatch(/not valid \(statedPains\.0\.painId: /);
    });

    it('gives up after a second invalid answer with a clear message', async () => {
      llm.script(
        { body: completion('{"companyName": "Keller"') },
        { body: completion('Sure! Here is the analysis: …') },
      );
      const response = await analyze({ companyUrl: sites.url('keller-precision') });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: 'ai_failed',
        message: 'The AI service returned an analysis we could not use. Please try again.',
      });
      expect(llm.requests).toHaveLength(2);
    });

    it("surfaces the model's rate limit as 'busy' with its code (docs/product.md §8)", async () => {
      llm.script(rateLimited(), rateLimited());
      const response = await analyze({ companyUrl: sites.url('careloop') });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'ai_busy',
        message: 'The AI service is busy (rate_limit_exceeded). Please try again in a moment.',
      });
      expect(response.headers['retry-after']).toBe('10');
      // The SDK retried once (LLM_MAX_RETRIES=1), then gave up.
      expect(llm.requests).toHaveLength(2);
    });

    it("surfaces a model that does not answer in time as a 'timeout' (docs/product.md §8)", async () => {
      llm.script({ delayMs: 8_000, body: completion('{}') }, { delayMs: 8_000, body: completion('{}') });
      const response = await analyze({ companyUrl: sites.url('shieldline') });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({
        error: 'ai_timeout',
        message: 'The AI service took too long to answer (timeout). Please try again.',
      });
    });

    it('reports a rejected key without leaking it, and caches nothing on failure', async () => {
      llm.script({
        status: 401,
        body: {
          error: {
            message: 'Incorrect API key provided: sk-test-key',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      });
      const response = await analyze({ companyUrl: sites.url('clearwater-risk') });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('The AI service refused the request (invalid_api_key). Please try again.');
      expect(response.body).not.toContain('sk-test-key');
      llm.script({ body: completion(JSON.stringify({ ...MODEL_ANSWER, statedPains: [] })) });
      const retried = await analyze({ companyUrl: sites.url('clearwater-risk') });
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['x-cache']).toBe('miss');
    });

    it('tells the model the page language so a German site gets a German analysis', async () => {
      llm.script({
        body: completion(JSON.stringify({ ...MODEL_ANSWER, function: 'maintenance-reliability', statedPains: [] })),
      });
      const response = await analyze({ companyUrl: sites.url('klarfeld') });
      expect(response.statusCode).toBe(200);
      const user = llm.requests[0]?.body.messages[1].content as string;
      expect(user).toMatch(/Page language: de/);
      expect(user).toContain('Ungeplante Stillstände vermeiden');
      // The playbook pains offered are in the page's language.
      expect(response.json().analysis.language).toBe('de');
    });
  });
});

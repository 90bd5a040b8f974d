import { fileURLToPath } from 'node:url';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyAnalyser } from '../../src/analysis/company-analyser.ts';
import { createApp } from '../../src/app.ts';
import { createLlmClient } from '../../src/llm/index.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { sequenceWriterFor } from '../support/generation.ts';
import { completion, rateLimited, startOpenAiStandIn } from '../support/openai-stand-in.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

/** What a model answers for RouteWise, with two things the page does not support mixed in. */
const MODEL_ANSWER = {
  companyName: 'RouteWise',
  companyDescription:
    'RouteWise plans and dispatches delivery routes for regional distributors and logistics companies.',
  targetAudience: 'Regional distributors and logistics companies with delivery fleets.',
  targetJobTitles: ['Head of Logistics', 'Chief Routing Officer'],
  titlesInferred: false,
  language: 'en',
  pains: [
    {
      pain: 'Dispatchers build routes by hand every morning.',
      phrase: 'manual route planning',
      solution: 'Automate dispatch planning: Plans for the whole fleet are ready in minutes.',
    },
    {
      pain: 'Fuel costs eat into delivery margins.',
      phrase: 'fuel costs',
      solution: 'Cut fuel costs: Routes that account for traffic and capacity cut fuel costs by up to 20%.',
    },
  ],
  proofPoints: [
    {
      customer: 'Pacific Produce Distributors',
      result: 'Pacific Produce Distributors cut fuel costs by 18%.',
      solution: 'Cut fuel costs: Routes that account for traffic and capacity cut fuel costs by up to 20%.',
      quote: false,
      person: null,
    },
    // Not on the page: a customer the model made up, and a number it made up.
    { customer: 'Globocorp', result: 'Globocorp cut fuel costs by 30%.', solution: null, quote: false, person: null },
    {
      customer: 'Metro Parcel',
      result: 'Metro Parcel reduced failed deliveries by 52%.',
      solution: null,
      quote: false,
      person: null,
    },
  ],
  customers: ['Pacific Produce Distributors', 'Metro Parcel', 'Globocorp'],
};

/** The analysis that answer becomes: only what the pages support. */
const ANALYSIS = {
  companyName: 'RouteWise',
  companyDescription: MODEL_ANSWER.companyDescription,
  targetAudience: MODEL_ANSWER.targetAudience,
  targetJobTitles: ['Head of Logistics'],
  customerPains: ['Dispatchers build routes by hand every morning.', 'Fuel costs eat into delivery margins.'],
  solutions: [
    'Automate dispatch planning: Plans for the whole fleet are ready in minutes.',
    'Cut fuel costs: Routes that account for traffic and capacity cut fuel costs by up to 20%.',
  ],
  language: 'en',
  painPhrases: [
    { pain: 'Dispatchers build routes by hand every morning.', phrase: 'manual route planning' },
    { pain: 'Fuel costs eat into delivery margins.', phrase: 'fuel costs' },
  ],
  proofPoints: [
    {
      customer: 'Pacific Produce Distributors',
      result: 'Pacific Produce Distributors cut fuel costs by 18%.',
      solution: 'Cut fuel costs: Routes that account for traffic and capacity cut fuel costs by up to 20%.',
    },
  ],
  customers: ['Pacific Produce Distributors', 'Metro Parcel'],
  titlesInferred: false,
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
    it('sends the scraped page only as delimited untrusted data, with a strict JSON schema and no tools', async () => {
      llm.script({ body: completion(JSON.stringify(MODEL_ANSWER)) });
      const response = await analyze({
        companyUrl: sites.url('routewise'),
        caseStudies: sites.url('routewise', '/customers'),
      });
      expect(response.statusCode, response.body).toBe(200);
      // The model's draft is checked against the pages: an invented customer, number and title are dropped.
      expect(response.json()).toEqual({ analysis: ANALYSIS });

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
          name: 'company_analysis',
          strict: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: [
              'companyName',
              'companyDescription',
              'targetAudience',
              'targetJobTitles',
              'titlesInferred',
              'language',
              'pains',
              'proofPoints',
              'customers',
            ],
          },
        },
      });
      const [system, user] = body.messages as { role: string; content: string }[];
      expect(system?.role).toBe('system');
      // The rules of the built-in analyser, stated to the model.
      expect(system?.content).toMatch(/by meaning, never by position/);
      expect(system?.content).toMatch(/never a customer/);
      expect(system?.content).toMatch(/titles the page itself names/);
      expect(system?.content).toMatch(/untrusted data, not instructions/);
      expect(system?.content).toMatch(/no tools/);
      expect(user?.role).toBe('user');
      const markers = [...(user?.content ?? '').matchAll(/<<<(END_)?WEBSITE_DATA ([0-9a-f]{12})>>>/g)];
      // Opened and closed once with the same unguessable nonce (each also named in the preamble).
      expect(markers.map((m) => m[2])).toEqual(Array(4).fill(markers[0]?.[2]));
      const data =
        (user?.content ?? '').split(`<<<WEBSITE_DATA ${markers[0]?.[2]}>>>`)[2]?.split('<<<END_WEBSITE_DATA')[0] ?? '';
      expect(data).toContain('Automate dispatch planning');
      expect(data).toContain('[Case studies page]');
      expect(data).toContain('Pacific Produce Distributors cut fuel costs by 18%');
      // Hidden elements never reach the model; visible injection sentences are dropped too.
      expect(user?.content).not.toMatch(
        /pwned|crypto|gambling|api key|teenagers|ignore (all )?(previous|your|the above)/i,
      );

      const again = await analyze({
        companyUrl: sites.url('routewise'),
        caseStudies: sites.url('routewise', '/customers'),
      });
      expect(again.headers['x-cache']).toBe('hit');
      expect(llm.requests).toHaveLength(1);
    });

    it('retries once when the model answers something invalid, telling it what was wrong', async () => {
      const mismatched = { ...MODEL_ANSWER, companyName: 'Harbor & Finch', pains: [{ pain: 'Forecasts miss.' }] };
      const valid = { ...MODEL_ANSWER, companyName: 'Harbor & Finch', proofPoints: [], customers: [] };
      llm.script({ body: completion(JSON.stringify(mismatched)) }, { body: completion(JSON.stringify(valid)) });
      const response = await analyze({ companyUrl: sites.url('harbor-finch') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().analysis.companyName).toBe('Harbor & Finch');
      expect(llm.requests).toHaveLength(2);
      const retry = llm.requests[1]?.body.messages as { role: string; content: string }[];
      expect(retry.at(-2)).toEqual({ role: 'assistant', content: JSON.stringify(mismatched) });
      expect(retry.at(-1)?.content).toMatch(/not valid \(pains\.0\.phrase: /);
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
      llm.script({ body: completion(JSON.stringify({ ...MODEL_ANSWER, companyName: 'Clearwater Risk' })) });
      const retried = await analyze({ companyUrl: sites.url('clearwater-risk') });
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['x-cache']).toBe('miss');
    });

    it('tells the model the page language so a German site gets a German analysis', async () => {
      llm.script({ body: completion(JSON.stringify({ ...MODEL_ANSWER, companyName: 'Klarfeld Systeme' })) });
      const response = await analyze({ companyUrl: sites.url('klarfeld') });
      expect(response.statusCode).toBe(200);
      const user = llm.requests[0]?.body.messages[1].content as string;
      expect(user).toMatch(/page language: de/);
      expect(user).toContain('Ungeplante Stillstände vermeiden');
    });
  });
});

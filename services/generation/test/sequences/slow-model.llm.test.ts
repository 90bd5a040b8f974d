/**
 * Issue 25, item 3: limits that fit models. A model at 800 ms to its first token and 20–60 tokens
 * a second, served over HTTP on loopback by the OpenAI-compatible stand-in, takes longer over a
 * whole answer than LLM_TIMEOUT_MS, and must still succeed: the limits track progress (time to the
 * first token, then silence between tokens), every call streams, and the JSON endpoint succeeds
 * wherever the streamed one does. A model that does not start, or stops mid-answer, is still a
 * 'timeout'.
 *
 * Every limit here is a quarter or less of the answer's length, so the old bound over the whole
 * answer (a non-streamed call cut at LLM_TIMEOUT_MS) fails each success below.
 */
import { fileURLToPath } from 'node:url';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, RegenerateEmailResponse, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAnalyser } from '../../src/analysis/index.ts';
import { createApp } from '../../src/app.ts';
import { createLlmClient } from '../../src/llm/index.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { type QuotaResponder, sequenceWriterFor, startQuotaResponder } from '../support/generation.ts';
import { MODEL_CUSTOMIZATION, MODEL_SEQUENCE } from '../support/model-sequence.ts';
import { completion, startOpenAiStandIn, tokensOf } from '../support/openai-stand-in.ts';
import { parseEventStream } from '../support/sse.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const FIRST_TOKEN_MS = 800;
const request = { messages: [{ role: 'user' as const, content: 'hi' }], schemaName: 's', schema: {} };
/** About 80 tokens of JSON: 4.8 s at 20 tokens a second after the first token. */
const ANSWER = JSON.stringify({ note: 'word '.repeat(60).trim() });

describe('the LLM client against a slow model (loopback stand-in)', () => {
  let llm: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  const client = (timeoutMs: number, idleTimeoutMs: number) =>
    createLlmClient({ baseUrl: llm.baseUrl, model: 'slow', timeoutMs, idleTimeoutMs, maxRetries: 0 });

  beforeAll(async () => {
    llm = await startOpenAiStandIn({ firstTokenMs: FIRST_TOKEN_MS, tokensPerSecond: 20 });
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('finishes a 5 s answer at 20 tokens/s under a 1.5 s limit, JSON and streamed alike', async () => {
    expect(tokensOf(ANSWER).length).toBeGreaterThan(75);
    llm.script({ body: completion(ANSWER) }, { body: completion(ANSWER) });
    const started = performance.now();
    const pieces: string[] = [];
    const [json, streamed] = await Promise.all([
      client(1_500, 1_000).completeJson(request),
      client(1_500, 1_000).streamJson(request, (piece) => pieces.push(piece)),
    ]);
    expect(json).toBe(ANSWER);
    expect(streamed).toBe(ANSWER);
    expect(pieces.length).toBeGreaterThan(20);
    // The answers took as long as their tokens: over three times the limit.
    expect(performance.now() - started).toBeGreaterThan(4_500);
    expect(llm.requests.map((r) => r.body.stream)).toEqual([true, true]);
  });

  it("is a 'timeout' when the first token does not come in time", async () => {
    llm.script({ stream: { content: ANSWER, firstTokenMs: 1_500 } });
    await expect(client(600, 1_000).completeJson(request)).rejects.toMatchObject({ kind: 'timeout', code: 'timeout' });
  });

  it('does not take a busy thread for a silent model: tokens that came while it was busy count', async () => {
    llm.script({ stream: { content: ANSWER, firstTokenMs: 10, tokensPerSecond: 20 } });
    const pieces: string[] = [];
    const streamed = await client(1_000, 500).streamJson(request, (piece) => {
      pieces.push(piece);
      // Another request's work holds the thread for three times the idle limit, once.
      if (pieces.length === 5) {
        const until = performance.now() + 1_500;
        while (performance.now() < until);
      }
    });
    expect(streamed).toBe(ANSWER);
  });

  it("is a 'timeout' when the model falls silent mid-answer", async () => {
    // A token every 1.2 s after a quick start: progress, but slower than the 500 ms idle limit.
    llm.script({ stream: { content: ANSWER, firstTokenMs: 10, tokensPerSecond: 1 / 1.2 } });
    const pieces: string[] = [];
    await expect(client(1_000, 500).streamJson(request, (piece) => pieces.push(piece))).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThan(3);
  });
});

describe.each(await variantsToRun())('the endpoints with a slow model on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let sites: FixtureSites;
  let llm: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let quota: QuotaResponder;
  let app: Service;
  let cookie: string;
  const payload = () => ({ companyUrl: sites.url('routewise'), customization: MODEL_CUSTOMIZATION });

  beforeAll(async () => {
    if (variant.skip) return;
    sites = await startFixtureSites();
    // 60 tokens a second: the 7-email answer (about 620 tokens) takes about 11 s.
    llm = await startOpenAiStandIn({ firstTokenMs: FIRST_TOKEN_MS, tokensPerSecond: 60 });
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
    });
    const client = createLlmClient({
      apiKey: 'sk-test-key',
      baseUrl: llm.baseUrl,
      model: 'gpt-4o-mini',
      timeoutMs: 2_500,
      idleTimeoutMs: 1_500,
      maxRetries: 0,
    });
    quota = await startQuotaResponder(infra.bus);
    app = createApp({
      logger,
      sessions: createSessionVerifier(secret),
      analyser,
      sequences: sequenceWriterFor(infra, analyser, { llm: client }).writer,
      readiness: infra.readiness,
    });
    await app.ready();
    cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1' })}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await quota?.stop();
    await infra?.cleanup();
    await sites?.close();
    await llm?.close();
  });

  describe.skipIf(variant.skip)('', () => {
    it('answers the JSON endpoint wherever the stream endpoint succeeds, and regenerates at 20 tokens/s', async () => {
      const answer = completion(JSON.stringify({ emails: MODEL_SEQUENCE }));
      llm.script({ body: answer }, { body: answer });
      const started = performance.now();
      const [json, stream] = await Promise.all([
        app.inject({ method: 'POST', url: '/api/generate-emails', payload: payload(), headers: { cookie } }),
        app.inject({ method: 'POST', url: '/api/generate-emails/stream', payload: payload(), headers: { cookie } }),
      ]);
      const elapsed = performance.now() - started;
      expect(stream.statusCode).toBe(200);
      expect(parseEventStream(stream.body).at(-1)).toMatchObject({ type: 'done', sequence: MODEL_SEQUENCE });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json()).toMatchObject({ sequence: MODEL_SEQUENCE });
      // Far longer than any limit: the answers were allowed to take as long as their tokens.
      expect(elapsed).toBeGreaterThan(4 * 2_500);

      // One email, slower still: 20 tokens a second, about 5 s.
      const one = MODEL_SEQUENCE[2];
      llm.script({ stream: { content: JSON.stringify(one), tokensPerSecond: 20 } });
      const regenerated = await app.inject({
        method: 'POST',
        url: '/api/regenerate-email',
        payload: { ...payload(), sequence: MODEL_SEQUENCE, index: 2, modifier: 'stronger_cta' },
        headers: { cookie },
      });
      expect(regenerated.statusCode, regenerated.body).toBe(200);
      expect(RegenerateEmailResponse.parse(regenerated.json()).email).toEqual(one);
      expect(llm.requests.map((r) => r.body.stream)).toEqual([true, true, true]);
    }, 60_000);
  });
});

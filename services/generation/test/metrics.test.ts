import { fileURLToPath } from 'node:url';
import { createSafeFetcher, metricsFor, metricsText } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Customization } from '@seqgen/proto';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrapedMetrics } from '../../kit/src/testing/prometheus.ts';
import { createCompanyAnalyser } from '../src/analysis/index.ts';
import { createLlmClient } from '../src/llm/index.ts';
import type { SequenceWriter } from '../src/sequences/generate-sequence.ts';
import { type FixtureSites, startFixtureSites } from './support/fixture-sites.ts';
import { type QuotaResponder, sequenceWriterFor, startQuotaResponder } from './support/generation.ts';
import { completion, rateLimited, startOpenAiStandIn } from './support/openai-stand-in.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const CUSTOMIZATION: Customization = {
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

// Issue 11, item 2: generations_total{outcome}, "ok" or the error code the user was answered with.
describe.each(await variantsToRun())('generation metrics on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let sites: FixtureSites;
  let quota: QuotaResponder;
  let writer: SequenceWriter;
  const generations = async (outcome: string) =>
    new ScrapedMetrics(await metricsText('generation')).value('generations_total', { service: 'generation', outcome });

  beforeAll(async () => {
    if (variant.skip) return;
    sites = await startFixtureSites();
    const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    const analyser = createCompanyAnalyser({
      fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
      store: infra.store,
      logger: quietLogger(),
      cacheTtlMs: 60_000,
    });
    quota = await startQuotaResponder(infra.bus);
    writer = sequenceWriterFor(infra, analyser).writer;
  });
  afterAll(async () => {
    if (variant.skip) return;
    await quota?.stop();
    await infra?.cleanup();
    await sites?.close();
  });

  it.skipIf(variant.skip)('counts a generation by its outcome', async () => {
    const before = { ok: await generations('ok'), limit: await generations('limit_reached') };
    const request = { companyUrl: sites.url('northwind-ledger'), customization: CUSTOMIZATION };
    await writer.generate({ userId: 'u-metrics' }, request);
    quota.mode = 'refuse';
    await expect(writer.generate({ userId: 'u-metrics' }, request)).rejects.toMatchObject({
      code: 'limit_reached',
    });
    expect(await generations('ok')).toBe(before.ok + 1);
    expect(await generations('limit_reached')).toBe(before.limit + 1);
  });
});

// Issue 11, item 2: analyses_total{outcome}: a fresh analysis, a cached one, a refused one.
describe('analysis metrics', () => {
  let sites: FixtureSites;
  const analyses = async (outcome: string) =>
    new ScrapedMetrics(await metricsText('generation')).value('analyses_total', { service: 'generation', outcome });

  beforeAll(async () => {
    sites = await startFixtureSites();
  });
  afterAll(async () => {
    await sites?.close();
  });

  it('counts analyses by outcome: ok, cached, and the error code answered', async () => {
    const infra = await openTestInfrastructure({ name: 'embedded', env: {} }, 'generation', migrationsFolder, {
      requests: requestCatalogue,
    });
    if (!infra) throw new Error('embedded infrastructure unavailable');
    try {
      const analyser = createCompanyAnalyser({
        fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
        store: infra.store,
        logger: quietLogger(),
        cacheTtlMs: 60_000,
      });
      const before = {
        ok: await analyses('ok'),
        cached: await analyses('cached'),
        missing: await analyses('fetch_failed'),
      };
      await analyser.analyse({ companyUrl: sites.url('northwind-ledger') });
      await analyser.analyse({ companyUrl: sites.url('northwind-ledger') });
      const failed = await analyser
        .analyse({ companyUrl: `${sites.url('northwind-ledger')}no-such-page` })
        .catch((e) => e);
      expect(await analyses('ok')).toBe(before.ok + 1);
      expect(await analyses('cached')).toBe(before.cached + 1);
      expect(await analyses(failed.code)).toBeGreaterThan(0);
      expect(failed.code).toMatch(/^[a-z_]+$/);
    } finally {
      await infra.cleanup();
    }
  });
});

// Issue 11, item 2: LLM call latency, tokens and errors, over the real protocol to a local
// OpenAI-compatible server.
describe('LLM metrics', () => {
  let llm: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  const scrape = async () => new ScrapedMetrics(await metricsText('generation'));
  const model = `metrics-model-${Date.now()}`;

  beforeAll(async () => {
    llm = await startOpenAiStandIn();
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('times each call, counts the tokens reported (streamed too) and the errors by kind', async () => {
    const client = createLlmClient({ baseUrl: llm.baseUrl, model, timeoutMs: 5_000, maxRetries: 0 });
    const request = { messages: [{ role: 'user' as const, content: 'hi' }], schemaName: 's', schema: {} };
    llm.script({ body: completion('{"a":1}', model) }, { stream: { content: '{"a":2}' } }, rateLimited());
    await client.completeJson(request);
    await client.streamJson(request, () => {});
    await expect(client.completeJson(request)).rejects.toMatchObject({ kind: 'busy' });

    const metrics = await scrape();
    const labels = { service: 'generation', model };
    expect(metrics.value('llm_tokens_total', { ...labels, kind: 'prompt' })).toBe(900 + 900);
    // Both answers were streamed (issue 25: every call streams), each '{"a":n}' two tokens.
    expect(metrics.value('llm_tokens_total', { ...labels, kind: 'completion' })).toBe(2 + 2);
    expect(metrics.value('llm_errors_total', { ...labels, kind: 'busy' })).toBe(1);
    // Histograms are read from the registry itself (ScrapedMetrics reads counters and gauges).
    const timed = async (mode: string, outcome: string) => {
      const histogram = metricsFor('generation').registry.getSingleMetric('llm_request_duration_seconds');
      const { values } = (await histogram?.get()) ?? { values: [] };
      const count = values.find(
        (v) =>
          (v as { metricName?: string }).metricName === 'llm_request_duration_seconds_count' &&
          v.labels.model === model &&
          v.labels.mode === mode &&
          v.labels.outcome === outcome,
      );
      return count?.value ?? 0;
    };
    expect(await timed('json', 'ok')).toBe(1);
    expect(await timed('stream', 'ok')).toBe(1);
    expect(await timed('json', 'busy')).toBe(1);
    expect(llm.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(llm.requests[1]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('counts the tokens of a provider that does not stream (LLM_STREAM=false)', async () => {
    const client = createLlmClient({
      baseUrl: llm.baseUrl,
      model: 'whole-answers',
      timeoutMs: 5_000,
      maxRetries: 0,
      stream: false,
    });
    llm.reset();
    llm.script({ body: completion('{"a":1}', 'whole-answers') });
    expect(
      await client.completeJson({ messages: [{ role: 'user', content: 'hi' }], schemaName: 's', schema: {} }),
    ).toBe('{"a":1}');
    expect(llm.requests[0]?.body.stream).toBeUndefined();
    const metrics = await scrape();
    expect(
      metrics.value('llm_tokens_total', { service: 'generation', model: 'whole-answers', kind: 'completion' }),
    ).toBe(250);
  });
});

import { fileURLToPath } from 'node:url';
import { createSafeFetcher, metricsText } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Customization } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrapedMetrics } from '../../kit/src/testing/prometheus.ts';
import { createCompanyAnalyser } from '../src/domain/analysis/analyse-company.ts';
import type { SequenceWriter } from '../src/domain/sequence/generate-sequence.ts';
import { type FixtureSites, startFixtureSites } from './support/fixture-sites.ts';
import { type QuotaResponder, sequenceWriterFor, startQuotaResponder } from './support/generation.ts';

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
  let infra: TestInfrastructure;
  let sites: FixtureSites;
  let quota: QuotaResponder;
  let writer: SequenceWriter;
  const generations = async (outcome: string) =>
    new ScrapedMetrics(await metricsText('generation')).value('generations_total', { service: 'generation', outcome });

  beforeAll(async () => {
    if (variant.skip) return;
    sites = await startFixtureSites();
    const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder);
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

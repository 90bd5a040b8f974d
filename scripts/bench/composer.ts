/**
 * `node scripts/bench/composer.ts`: what a sequence costs when no LLM is configured.
 *
 * 1. The built-in composer alone (cleaning the analysis into a brief, then writing the 7 emails)
 *    over every fixture company and a spread of customizations. Target: ≤ 5 ms median.
 * 2. One POST /api/generate-emails end to end through createApp with the analysis already in the
 *    cache: session, validation, rate-limit counter, quota.reserve over the bus, the composer,
 *    and the transaction that stores the sequence with its sequence.generated outbox row.
 *
 * Embedded infrastructure (PGlite in memory, in-process bus and store); `BENCH_INFRA=real` runs on
 * the machine's PostgreSQL, NATS JetStream and Redis instead (isolated, removed afterwards). The
 * fixture sites are served on 127.0.0.1 only.
 */
import { fileURLToPath } from 'node:url';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE } from '@seqgen/kit';
import { infraVariants, openTestInfrastructure, quietLogger } from '@seqgen/kit/testing';
import {
  Customization,
  requestCatalogue,
  type SubmittedAnalysis,
  SubmittedAnalysis as SubmittedAnalysisSchema,
} from '@seqgen/proto';
import { analyseSite, createCompanyAnalyser, extractPage } from '../../services/generation/src/analysis/index.ts';
import { createApp } from '../../services/generation/src/app.ts';
import { buildBrief, composeSequence } from '../../services/generation/src/writing/index.ts';
import {
  pagesOf,
  SITES,
  type SiteName,
  startFixtureSites,
} from '../../services/generation/test/support/fixture-sites.ts';
import { sequenceWriterFor, startQuotaResponder } from '../../services/generation/test/support/generation.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 50;
const logger = quietLogger();
const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret-0123');
const migrationsFolder = fileURLToPath(new URL('../../services/generation/src/data/migrations', import.meta.url));

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};
const ms = (value: number, digits = 2) => Number(value.toFixed(digits));

const BASE: Customization = Customization.parse({
  persona: 'generic',
  industry: 'agnostic',
  targetSpecificCompany: 'no',
});
const CUSTOMIZATIONS: Customization[] = [
  BASE,
  { ...BASE, tone: 10, additionalContext: 'Offering a free 30-day pilot for new customers.' },
  { ...BASE, persona: 'specific', specificPersona: 'VP of Operations', seniority: 'above', tone: 90 },
  {
    ...BASE,
    persona: 'specific',
    specificPersona: 'Operations Manager',
    seniority: 'below',
    industry: 'specific',
    specificIndustry: 'healthcare',
    tone: 30,
  },
];

// 1. The composer alone, on analyses of every fixture site that finds a pain.
const analyses: SubmittedAnalysis[] = (Object.keys(SITES) as SiteName[]).flatMap((name) => {
  const pages = pagesOf(name);
  const parsed = SubmittedAnalysisSchema.safeParse(
    analyseSite({
      company: extractPage(pages.index, `https://${name}.test/`),
      caseStudies: pages.caseStudies ? extractPage(pages.caseStudies, `https://${name}.test/customers`) : undefined,
    }),
  );
  return parsed.success ? [parsed.data] : [];
});
const composeSamples: number[] = [];
let emails = 0;
for (let run = 0; run < WARMUP + RUNS; run++) {
  const analysis = analyses[run % analyses.length] as SubmittedAnalysis;
  const customization = CUSTOMIZATIONS[Math.floor(run / analyses.length) % CUSTOMIZATIONS.length] as Customization;
  const started = performance.now();
  const language = analysis.language === 'de' ? 'de' : 'en';
  const sequence = composeSequence(buildBrief({ analysis, customization, language }));
  const elapsed = performance.now() - started;
  if (sequence.length !== 7) throw new Error('the composer did not write 7 emails');
  emails += sequence.length;
  if (run >= WARMUP) composeSamples.push(elapsed);
}
const compose = stats(composeSamples);

// 2. One generate-emails request end to end, the analysis cached.
const variant = infraVariants.find((v) => v.name === (process.env.BENCH_INFRA === 'real' ? 'real' : 'embedded'));
if (!variant) throw new Error('unknown BENCH_INFRA');
const infra = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
  logger,
  requests: requestCatalogue,
});
if (!infra) throw new Error(`${variant.name} infrastructure did not open`);
const sites = await startFixtureSites();
const analyser = createCompanyAnalyser({
  fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
  store: infra.store,
  logger,
  cacheTtlMs: 60 * 60_000,
});
const quota = await startQuotaResponder(infra.bus);
const { writer, outbox } = sequenceWriterFor(infra, analyser, {
  generationsPerWindow: 1_000_000,
  quotaTimeoutMs: 3_000,
});
const app = createApp({
  logger,
  sessions: createSessionVerifier(secret),
  analyser,
  sequences: writer,
  readiness: infra.readiness,
});
await app.ready();
const cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'bench', email: 'bench@localhost', sessionId: 'bench' })}`;
const payload = { companyUrl: sites.url('northwind-ledger'), customization: CUSTOMIZATIONS[2] };
const send = () => app.inject({ method: 'POST', url: '/api/generate-emails', payload, headers: { cookie } });
const first = await send();
if (first.statusCode !== 200) throw new Error(`generate-emails answered ${first.statusCode}: ${first.body}`);
const fetched = sites.hits.length;
const requestSamples: number[] = [];
for (let i = 0; i < 10 + REQUESTS; i++) {
  const started = performance.now();
  const response = await send();
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`generate-emails answered ${response.statusCode}`);
  if (i >= 10) requestSamples.push(elapsed);
}
if (sites.hits.length !== fetched) throw new Error('the cached analysis was not used');
const request = stats(requestSamples);

const rows = [
  {
    measure: `built-in composer (brief + 7 emails), ${analyses.length} companies × ${CUSTOMIZATIONS.length} customizations`,
    runs: RUNS,
    p50_ms: ms(compose.p50, 3),
    p95_ms: ms(compose.p95, 3),
    max_ms: ms(compose.max, 2),
  },
  {
    measure: `POST /api/generate-emails, cached analysis (${variant.name} infrastructure)`,
    runs: REQUESTS,
    p50_ms: ms(request.p50),
    p95_ms: ms(request.p95),
    max_ms: ms(request.max),
  },
];
const keys = Object.keys(rows[0] ?? {});
const width = (key: string) => Math.max(key.length, ...rows.map((row) => String(row[key as keyof typeof row]).length));
const line = (cells: string[]) => `  ${cells.map((cell, i) => cell.padEnd(width(keys[i] as string))).join('  ')}\n`;
process.stdout.write(`\nSequence writing without an LLM (${emails} emails composed, Node ${process.version})\n`);
process.stdout.write(
  line(keys) + rows.map((row) => line(keys.map((key) => String(row[key as keyof typeof row])))).join(''),
);
process.stdout.write(
  `${JSON.stringify({
    bench: 'composer',
    infrastructure: variant.name,
    rows,
    summary: [
      { metric: 'built-in composer per sequence, median', value: ms(compose.p50, 3), unit: 'ms', target: '≤ 5 ms' },
      { metric: 'built-in composer per sequence, p95', value: ms(compose.p95, 3), unit: 'ms' },
      { metric: 'generate-emails end to end (cached analysis), median', value: ms(request.p50), unit: 'ms' },
      { metric: 'generate-emails end to end, p95', value: ms(request.p95), unit: 'ms' },
    ],
  })}\n`,
);

await app.close();
await quota.stop();
await outbox.stop();
await infra.cleanup();
await sites.close();

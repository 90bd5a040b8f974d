import { fileURLToPath } from 'node:url';
import { createSafeFetcher, defineService, RateLimiter, runAlone } from '@seqgen/kit';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { createCompanyAnalyser, createPagePool, prepareAnalysis } from './analysis/index.ts';
import { createApp } from './app.ts';
import { configProblems, type GenerationConfig, generationConfigShape } from './config.ts';
import { outbox, processedEvents } from './data/schema.ts';
import { createLlmClient, llmConfigured } from './llm/index.ts';
import { playbook } from './playbook/index.ts';
import { createSequenceWriter } from './sequences/generate-sequence.ts';

/** Long enough for `npm start`'s other services to start first, short enough that no user waits for it. */
const WARM_UP_AFTER_MS = 1_500;

/** The LLM client when OPENAI_API_KEY or LLM_BASE_URL is set (docs/architecture.md §2); else none. */
export function llmFromConfig(config: GenerationConfig) {
  if (!llmConfigured(config)) return undefined;
  return createLlmClient({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    idleTimeoutMs: config.LLM_IDLE_TIMEOUT_MS,
    stream: config.LLM_STREAM,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}

export const generationService = defineService({
  name: 'generation',
  settings: generationConfigShape,
  secretSettings: ['OPENAI_API_KEY'],
  check: configProblems,
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  sessionLiveness: askSessionStatus,
  outbox: { outbox, processedEvents },
  build({ config, logger, infra, lifecycle, outbox, sessions, trustedProxies }) {
    const allowLoopbackOrigins = config.FETCH_ALLOWED_LOOPBACK_ORIGINS ?? [];
    if (allowLoopbackOrigins.length) {
      logger.warn(
        { origins: allowLoopbackOrigins },
        'FETCH_ALLOWED_LOOPBACK_ORIGINS: these loopback origins may be fetched',
      );
    }
    const fetcher = createSafeFetcher({
      allowLoopbackOrigins,
      maxBytes: config.FETCH_MAX_BYTES,
      // Real home pages can be heavy; their head and hero come first, so the rest can go.
      onTooLarge: 'truncate',
      timeouts: { totalMs: config.FETCH_TIMEOUT_MS },
    });
    const llm = llmFromConfig(config);
    const pages = createPagePool({
      size: config.PAGE_WORKERS,
      onRecycle: (reason, error) => logger.warn({ reason, err: error }, 'page worker replaced'),
    });
    lifecycle.add('page workers', () => pages.close());
    const limiter = new RateLimiter(infra.store, logger);
    const analyser = createCompanyAnalyser({
      pages,
      fetcher,
      store: infra.store,
      logger,
      llm,
      cacheTtlMs: config.ANALYSIS_CACHE_TTL_SECONDS * 1000,
      limit: {
        limiter,
        rule: { name: 'analysis:user', limit: config.ANALYSES_PER_10_MINUTES, windowMs: 10 * 60_000 },
      },
    });
    const sequences = createSequenceWriter({
      db: infra.database.db,
      outbox: outbox(),
      bus: infra.bus,
      analyser,
      logger,
      llm,
      quotaTimeoutMs: config.QUOTA_TIMEOUT_MS,
      limit: {
        limiter,
        rule: { name: 'generation:user', limit: config.GENERATIONS_PER_10_MINUTES, windowMs: 10 * 60_000 },
      },
      regenerateLimit: {
        limiter,
        rule: { name: 'regeneration:user', limit: config.REGENERATIONS_PER_10_MINUTES, windowMs: 10 * 60_000 },
      },
    });
    // The playbook is read (and a broken one stops the service) while starting; the indexes built
    // from it wait until the service listens, off the path to ready (prepareAnalysis).
    playbook();
    const warmUp = setTimeout(prepareAnalysis, WARM_UP_AFTER_MS);
    warmUp.unref();
    lifecycle.add('analysis warm-up', async () => clearTimeout(warmUp));
    const app = createApp({
      logger,
      sequences,
      publicUrl: config.PUBLIC_URL,
      trustedProxies,
      sessions: sessions(),
      analyser,
      readiness: infra.readiness,
    });
    return { app, details: { analyser: analyser.analyserId, writer: sequences.writerId } };
  },
});

/** `npm start` calls this with a shared lifecycle. */
export const start = generationService.start;

if (import.meta.main) await runAlone('generation', start);

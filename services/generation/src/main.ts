import { fileURLToPath } from 'node:url';
import {
  busSessionVerifier,
  createLogger,
  createSafeFetcher,
  type Lifecycle,
  listen,
  loadConfig,
  Outbox,
  openInfrastructure,
  RateLimiter,
  runAlone,
} from '@seqgen/kit';
import { createCompanyAnalyser, createPagePool } from './analysis/index.ts';
import { createApp } from './app.ts';
import { configProblems, type GenerationConfig, generationConfigShape } from './config.ts';
import { outbox as outboxTable, processedEvents } from './data/schema.ts';
import { createLlmClient, llmConfigured } from './llm/index.ts';
import { createSequenceWriter } from './sequences/generate-sequence.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));

/** The LLM client when OPENAI_API_KEY or LLM_BASE_URL is set (docs/architecture.md §2); else none. */
export function llmFromConfig(config: GenerationConfig) {
  if (!llmConfigured(config)) return undefined;
  return createLlmClient({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}

/** Starts the generation service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(generationConfigShape, env);
  const problems = configProblems(config);
  if (problems.length) {
    process.stderr.write(`Invalid configuration:\n${problems.join('\n')}\n`);
    process.exit(1);
  }
  const logger = createLogger({ service: 'generation', level: config.LOG_LEVEL });
  const infra = await openInfrastructure({ service: 'generation', config, logger, migrationsFolder, lifecycle });
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
  infra.lifecycle.add('page workers', () => pages.close());
  const analyser = createCompanyAnalyser({
    pages,
    fetcher,
    store: infra.store,
    logger,
    llm,
    cacheTtlMs: config.ANALYSIS_CACHE_TTL_SECONDS * 1000,
    limit: {
      limiter: new RateLimiter(infra.store, logger),
      rule: { name: 'analysis:user', limit: config.ANALYSES_PER_10_MINUTES, windowMs: 10 * 60_000 },
    },
  });
  const outbox = new Outbox({
    db: infra.database.db,
    tables: { outbox: outboxTable, processedEvents },
    bus: infra.bus,
    logger,
  });
  outbox.start();
  infra.lifecycle.add('outbox relay', () => outbox.stop());
  const limiter = new RateLimiter(infra.store, logger);
  const sequences = createSequenceWriter({
    db: infra.database.db,
    outbox,
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
  const app = createApp({
    logger,
    sequences,
    publicUrl: config.PUBLIC_URL,
    trustedProxies: config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
    sessions: busSessionVerifier(config, infra.bus, logger),
    analyser,
    readiness: infra.readiness,
  });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle, {
    analyser: analyser.analyserId,
    writer: sequences.writerId,
  });
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('generation', start);

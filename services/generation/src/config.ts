import { positiveInt, type SettingProblem, serviceSettings, sharedSettings } from '@seqgen/kit';
import { z } from 'zod';

export const GENERATION_DEFAULT_PORT = 8103;

/** "http://127.0.0.1:4010,http://localhost:4011" → origins; each must be an http(s) origin. */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .url('must be a comma-separated list of origins such as http://127.0.0.1:4010')
        .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), 'must list origins (scheme, host and port, no path)'),
    ),
  );

export const generationConfigShape = {
  ...serviceSettings(GENERATION_DEFAULT_PORT),
  ...sharedSettings.sessions,
  ...sharedSettings.publicUrl,
  ...sharedSettings.trustedProxies,

  /** With either of these the analysis and the writer use an OpenAI-compatible API. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  LLM_BASE_URL: z.url('must be a URL such as http://localhost:11434/v1').optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /**
   * Limits per call that track progress (issue 25, item 3): an attempt may take LLM_TIMEOUT_MS
   * to the provider's answer and again to its first token, then LLM_IDLE_TIMEOUT_MS between
   * tokens, so a slow model that keeps writing is never cut off. The SDK retries once
   * (LLM_MAX_RETRIES) on 429, 5xx and a late answer. With LLM_STREAM=false (a provider that
   * cannot stream) LLM_TIMEOUT_MS bounds the whole answer.
   */
  LLM_TIMEOUT_MS: positiveInt(20_000),
  LLM_IDLE_TIMEOUT_MS: positiveInt(10_000),
  LLM_STREAM: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),

  /** Sequences one user may request per 10 minutes (each may fetch pages and call the LLM). */
  GENERATIONS_PER_10_MINUTES: positiveInt(20),
  /** Single emails one user may have rewritten per 10 minutes (Regenerate uses no quota, so it is bounded here). */
  REGENERATIONS_PER_10_MINUTES: positiveInt(30),
  /** How long quota may take to answer a reservation; past it the request fails closed (503). */
  QUOTA_TIMEOUT_MS: positiveInt(3_000),
  /** Fresh analyses (not answered from the cache) one user may start per 10 minutes. */
  ANALYSES_PER_10_MINUTES: positiveInt(30),
  /** How long an analysis of the same URLs is answered from the cache. */
  ANALYSIS_CACHE_TTL_SECONDS: positiveInt(24 * 60 * 60),
  /** Per page fetched: the whole fetch, redirects and body included. */
  FETCH_TIMEOUT_MS: positiveInt(15_000),
  /** Per page fetched: larger pages are cut at this size (the head and hero come first). */
  FETCH_MAX_BYTES: positiveInt(2 * 1024 * 1024),
  /**
   * Worker threads that read fetched pages off the event loop (default: one per core, at most
   * two). Each holds one page at a time for at most its time budget.
   */
  PAGE_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /**
   * Test and benchmark setting only: loopback origins the SSRF guard lets through (fixture
   * sites). Refused when NODE_ENV=production.
   */
  FETCH_ALLOWED_LOOPBACK_ORIGINS: originList.optional(),
};

export type GenerationConfig = z.infer<z.ZodObject<typeof generationConfigShape>>;

/** Settings that are fine one by one but wrong together (defineService reports them like parse errors). */
export function configProblems(config: GenerationConfig): SettingProblem[] {
  if (config.NODE_ENV === 'production' && config.FETCH_ALLOWED_LOOPBACK_ORIGINS?.length) {
    return [
      {
        setting: 'FETCH_ALLOWED_LOOPBACK_ORIGINS',
        message: 'must not be set in production (it lets fetches reach this machine)',
      },
    ];
  }
  return [];
}

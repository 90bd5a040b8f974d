import { z } from 'zod';
import { productionSessionSecretProblem } from './session.ts';

/**
 * Settings every service understands. Each dependency is chosen by the presence of its setting
 * (docs/architecture.md §2): no DATABASE_URL → PGlite under DATA_DIR, no NATS_URL → in-process bus, no
 * REDIS_URL → in-process store.
 */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\//, 'must be a nats:// or tls:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * Where this deployment's events live on a shared NATS / Redis: two deployments (or a system
   * test beside a running app) with different names never see each other's events or keys.
   */
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"')
    .default('SEQGEN_EVENTS'),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be 1-32 lower-case letters, digits or "-"')
    .default('events'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{1,64}$/, 'must be 1-64 letters, digits, "_", ":" or "-"')
    .default('seqgen'),
  /**
   * Where GET /metrics (Prometheus) is served, on HOST, apart from the public port (issue 11,
   * item 2). Unset: no metrics server, so services run one by one on a laptop do not fight over a
   * port; the chart sets 9464; `npm start` gives each service an ephemeral loopback port (0).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
} as const;

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Empty strings count as "not set", so `FOO= npm start` behaves like leaving FOO out. */
function withoutBlanks(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

/**
 * Rules between settings that hold for every service. A service that signs or verifies
 * sessions (its settings include SESSION_SECRET) refuses to start in production without a real
 * secret: a missing one, or a placeholder such as an old docker-compose default, would let anyone
 * who read the same file forge sessions (issue 10, finding 9).
 */
function productionProblems(shape: z.ZodRawShape, config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production' || !('SESSION_SECRET' in shape)) return [];
  const problem = productionSessionSecretProblem(config.SESSION_SECRET as string | undefined);
  return problem ? [`  SESSION_SECRET: ${problem}`] : [];
}

/** Parses the environment once; throws ConfigError naming every bad or missing setting. */
export function parseConfig<S extends z.ZodRawShape>(shape: S, env: Env = process.env): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(withoutBlanks(env));
  const problems = result.success
    ? productionProblems(shape, result.data)
    : result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  if (result.success && problems.length === 0) return result.data;
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** For main.ts: a bad setting stops the process with a message naming it. */
export function loadConfig<S extends z.ZodRawShape>(shape: S, env: Env = process.env): z.infer<z.ZodObject<S>> {
  try {
    return parseConfig(shape, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

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
  /**
   * Connections one process may hold open to PostgreSQL. The chart sets it per service so that
   * replicas × pool stays under the server's max_connections (issue 25, item 5).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
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

/** A count or a duration setting: a whole number above zero. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A URL a service calls or is reached at: http(s) only. */
export const httpUrl = z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL');

/**
 * Settings several services share, declared once: a service spreads the fragments it uses into
 * its shape, next to its own settings (defineService, docs/architecture.md §2).
 */
export const sharedSettings = {
  /** Signs (auth) or verifies (every other service) session tokens; required in production. */
  sessions: { SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional() },
  /**
   * The public origin users reach (https://app.example.com): writes from any other origin are
   * refused (CSRF), and auth builds reset links and the Google redirect on it. Unset (local use):
   * the address the request came in on.
   */
  publicUrl: { PUBLIC_URL: httpUrl.optional() },
  /**
   * Peers whose X-Forwarded-For/-Proto/-Host are believed (the gateway): proxy-addr names or
   * CIDRs, comma-separated. Per-address limits count the address they report, and the CSRF check
   * compares the browser's Origin with the forwarded host.
   */
  trustedProxies: { TRUSTED_PROXIES: z.string().min(1).default('loopback,uniquelocal') },
} as const;

/** The settings every service has: the base, and its port with the service's own default. */
export const serviceSettings = <P extends number>(defaultPort: P) => ({ ...baseConfigShape, PORT: port(defaultPort) });

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

/** A problem between settings: the setting to change and why, as a parse error names it. */
export interface SettingProblem {
  setting: string;
  message: string;
}

/**
 * Rules between a service's settings (fine one by one, wrong together), checked when the
 * configuration is parsed so they are reported like a malformed setting.
 */
export type SettingsCheck<C> = (config: C) => SettingProblem[];

/**
 * Parses the environment once; throws ConfigError naming every bad or missing setting, then every
 * problem `check` finds between them.
 */
export function parseConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Env = process.env,
  check?: SettingsCheck<z.infer<z.ZodObject<S>>>,
): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(withoutBlanks(env));
  const problems = result.success
    ? [
        ...productionProblems(shape, result.data),
        ...(check?.(result.data) ?? []).map(({ setting, message }) => `  ${setting}: ${message}`),
      ]
    : result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  if (result.success && problems.length === 0) return result.data;
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/**
 * For starting a service (defineService, the gateway): a configuration mistake stops the process
 * with a message naming the setting, exit code 1, never a stack.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Env = process.env,
  check?: SettingsCheck<z.infer<z.ZodObject<S>>>,
): z.infer<z.ZodObject<S>> {
  try {
    return parseConfig(shape, env, check);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The settings every service has (serviceSettings), as parsed. */
export type ServiceSettings = z.infer<z.ZodObject<ReturnType<typeof serviceSettings>>>;

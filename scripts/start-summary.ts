/**
 * The start-up summary `npm start` prints at a terminal (issue 11, item 6): where the app is and
 * which embedded or real part each dependency is (docs/architecture.md §2: chosen by the presence of its
 * setting). Hosts, databases and models only: URLs are shown without user or password, keys not
 * at all.
 */
import path from 'node:path';

type Env = Record<string, string | undefined>;

/** The parts of `npm start`'s setup, as [label, description]. */
export function describeSetup(env: Env): [label: string, description: string][] {
  const set = (name: string) => (env[name]?.trim() ? env[name]?.trim() : undefined);
  const dataDir = path.resolve(set('DATA_DIR') ?? './data');
  const database = set('DATABASE_URL');
  const nats = set('NATS_URL');
  const redis = set('REDIS_URL');
  const smtp = set('SMTP_URL');
  const stripeKey = set('STRIPE_SECRET_KEY');
  const llm = set('OPENAI_API_KEY') || set('LLM_BASE_URL');
  return [
    ['database', database ? `PostgreSQL ${withoutCredentials(database)}` : `PGlite at ${path.join(dataDir, 'pglite')}`],
    ['bus', nats ? `NATS ${withoutCredentials(nats)}` : 'in-process'],
    ['cache', redis ? `Redis ${withoutCredentials(redis)}` : 'in-process'],
    [
      'LLM',
      llm
        ? `${set('LLM_MODEL') ?? 'gpt-4o-mini'}@${hostOf(set('LLM_BASE_URL') ?? 'https://api.openai.com/v1')}`
        : 'built-in composer (no OPENAI_API_KEY or LLM_BASE_URL)',
    ],
    ['payments', stripeKey ? `Stripe (${stripeKey.startsWith('sk_live_') ? 'live' : 'test'} mode)` : 'sandbox'],
    ['mail', smtp ? `SMTP ${hostOf(smtp)}` : 'written to the log (no SMTP_URL)'],
    ['data', database ? `${dataDir} (session secret) and PostgreSQL` : dataDir],
  ];
}

/** The summary as printed: the URL, then one aligned line per part. */
export function formatSummary(url: string, env: Env, ms?: number): string {
  const parts = describeSetup(env);
  const width = Math.max(...parts.map(([label]) => label.length));
  const started = ms === undefined ? '' : ` (started in ${(ms / 1000).toFixed(1)} s)`;
  const lines = parts.map(([label, description]) => `    ${label.padEnd(width)}  ${description}`);
  return `\n  seqgen is running at ${url}${started}\n\n${lines.join('\n')}\n\n`;
}

/** scheme://host:port/path without user, password or query (which may carry a password too). */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port ? `:${parsed.port}` : '';
    const rest = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.protocol}//${parsed.hostname}${port}${rest}`;
  } catch {
    return '(unparsable URL)';
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(unparsable URL)';
  }
}

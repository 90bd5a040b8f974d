import net from 'node:net';

/**
 * Component suites run twice: on the embedded defaults and on the machine's real servers
 * (PostgreSQL, NATS JetStream, Redis on their default loopback ports). With REQUIRE_INFRA=1
 * (set by .ci/run) an unreachable server fails the run; without it the real-infra variant is
 * reported as skipped so a laptop without the servers can still run the embedded half.
 */
export const REAL_INFRA = {
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
} as const;

export const infraRequired = process.env.REQUIRE_INFRA === '1';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function realInfraReachable(): Promise<{ ok: boolean; missing: string[] }> {
  const checks = await Promise.all([
    reachable(REAL_INFRA.DATABASE_URL, 5432).then((ok) => (ok ? null : `PostgreSQL at ${REAL_INFRA.DATABASE_URL}`)),
    reachable(REAL_INFRA.NATS_URL, 4222).then((ok) => (ok ? null : `NATS at ${REAL_INFRA.NATS_URL}`)),
    reachable(REAL_INFRA.REDIS_URL, 6379).then((ok) => (ok ? null : `Redis at ${REAL_INFRA.REDIS_URL}`)),
  ]);
  const missing = checks.filter((m): m is string => m !== null);
  return { ok: missing.length === 0, missing };
}

export interface InfraVariant {
  name: 'embedded' | 'real';
  /** Settings to hand to a service's config; empty for the embedded defaults. */
  env: Partial<Record<'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL', string>>;
}

export const infraVariants: InfraVariant[] = [
  { name: 'embedded', env: {} },
  { name: 'real', env: { ...REAL_INFRA } },
];

/**
 * Call in a beforeAll of the "real" variant: throws when servers are missing and REQUIRE_INFRA=1,
 * otherwise returns false so the caller can skip with a visible reason.
 */
export async function ensureRealInfra(): Promise<boolean> {
  const { ok, missing } = await realInfraReachable();
  if (ok) return true;
  if (infraRequired) throw new Error(`REQUIRE_INFRA=1 but unreachable: ${missing.join(', ')}`);
  return false;
}

/**
 * The variants a component suite declares, each marked skip only when the real servers are
 * missing and REQUIRE_INFRA is not set (with it, this throws and the file fails).
 */
export async function variantsToRun(): Promise<(InfraVariant & { skip: boolean })[]> {
  const realOk = await ensureRealInfra();
  return infraVariants.map((variant) => ({ ...variant, skip: variant.name === 'real' && !realOk }));
}

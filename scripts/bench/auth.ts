/**
 * `node scripts/bench/auth.ts`: the two costs the auth design rests on.
 *
 * 1. A sign-in at bcrypt cost 12 (the default and the minimum the config accepts), measured
 *    through the real app (inject: routing, validation, rate-limit counters, bcrypt, session row,
 *    JWT), for a right password, a wrong password and an unknown e-mail: the last two should
 *    cost the same, which is what keeps account existence from showing in the timing.
 * 2. Session verification per request as every service does it: the steady state (cookie parse,
 *    the token's memoised signature check, the liveness answer from the few-seconds cache), the
 *    first request with a token (HS256 signature and claims through jose), and a liveness cache
 *    miss (one auth.session-status round trip over the bus to auth's responder and its table).
 *
 * Embedded infrastructure (PGlite in memory, in-process bus and store); `BENCH_INFRA=real` runs
 * on the machine's PostgreSQL, NATS JetStream and Redis instead (an isolated database, stream and
 * key namespace, removed afterwards).
 */
import { fileURLToPath } from 'node:url';
import { cachedLiveness, createSessionVerifier, Outbox, verifySessionToken } from '@seqgen/kit';
import { infraVariants, openTestInfrastructure, quietLogger } from '@seqgen/kit/testing';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import type { FastifyRequest } from 'fastify';
import { createApp } from '../../services/auth/src/app.ts';
import { outbox as outboxTable, processedEvents } from '../../services/auth/src/data/schema.ts';
import { answerSessionStatus } from '../../services/auth/src/events/session-status.ts';
import { createMailer, MailQueue } from '../../services/auth/src/mail/mailer.ts';

const BCRYPT_COST = 12;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 20);
const VERIFICATIONS = Number(process.env.BENCH_VERIFICATIONS ?? 100_000);

const logger = quietLogger();
const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret-0123');
const migrationsFolder = fileURLToPath(new URL('../../services/auth/src/data/migrations', import.meta.url));

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { mean: samples.reduce((a, b) => a + b, 0) / samples.length, p50: at(0.5), p95: at(0.95) };
};
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

const variant = infraVariants.find((v) => v.name === (process.env.BENCH_INFRA === 'real' ? 'real' : 'embedded'));
if (!variant) throw new Error('unknown BENCH_INFRA');
const infra = await openTestInfrastructure(variant, 'auth', migrationsFolder, { logger, requests: requestCatalogue });
if (!infra) throw new Error(`${variant.name} infrastructure did not open`);
const outbox = new Outbox({
  db: infra.database.db,
  tables: { outbox: outboxTable, processedEvents },
  bus: infra.bus,
  logger,
});
const unthrottled = { free: 1_000_000, baseDelayMs: 0, maxDelayMs: 0, windowMs: 60_000 };
const app = createApp({
  logger,
  readiness: infra.readiness,
  db: infra.database.db,
  outbox,
  store: infra.store,
  secret,
  mail: new MailQueue(createMailer({ from: 'bench <bench@localhost>', logger }), logger),
  google: null,
  bcryptCost: BCRYPT_COST,
  sessionTtlSeconds: 3600,
  trustedProxies: 'loopback',
  // The bench measures the work of a sign-in, not the throttle.
  limits: {
    loginPerIp: { name: 'login:ip', ...unthrottled },
    loginPerAccount: { name: 'login:account', ...unthrottled },
    loginPerPair: { name: 'login:pair', ...unthrottled },
  },
});
await app.ready();

const email = 'bench@acme.com';
const password = 'a reasonably long password';
const registered = await app.inject({ method: 'POST', url: '/api/register', payload: { email, password } });
if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);

async function timeLogins(label: string, payload: object, expected: number) {
  const samples: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/login', payload });
    samples.push(performance.now() - started);
    if (response.statusCode !== expected) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
  }
  const { mean, p50, p95 } = stats(samples);
  return { case: label, mean_ms: round(mean), p50_ms: round(p50), p95_ms: round(p95) };
}

const logins = [
  await timeLogins('right password', { email, password }, 200),
  await timeLogins('wrong password', { email, password: 'not the password' }, 401),
  await timeLogins('unknown e-mail', { email: 'nobody@acme.com', password }, 401),
];

// Session verification as waitlist does it, against auth's real responder on the bus.
const bus = infra.bus;
const responder = await answerSessionStatus(bus, { db: infra.database.db });
const loggedIn = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const cookie = String([loggedIn.headers['set-cookie']].flat()[0]).split(';')[0] as string;
const request = { headers: { cookie }, log: logger } as unknown as FastifyRequest;

async function timeVerifications(label: string, verify: () => Promise<unknown>, n: number) {
  for (let i = 0; i < Math.min(1000, n); i++) await verify();
  const started = performance.now();
  for (let i = 0; i < n; i++) await verify();
  const us = ((performance.now() - started) * 1000) / n;
  return { case: label, per_request_us: round(us, 2), requests: n };
}

const cached = createSessionVerifier(secret, { liveness: cachedLiveness(askSessionStatus(bus)) });
// A cache period of zero: every verification asks auth (as when a session's answer has expired).
const uncached = createSessionVerifier(secret, { liveness: cachedLiveness(askSessionStatus(bus), { cacheMs: 0 }) });
const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
const token = cookie.slice(cookie.indexOf('=') + 1);
const verifications = [
  await timeVerifications(
    'steady state: cookie, memoised HS256 check, cached liveness',
    () => cached.authenticate(request),
    VERIFICATIONS,
  ),
  await timeVerifications(
    "a token's first request: HS256 signature + claims (jose)",
    () => verifySessionToken(key, token),
    VERIFICATIONS / 4,
  ),
  await timeVerifications(
    `liveness cache miss: + auth.session-status over the ${bus.kind} bus`,
    () => uncached.authenticate(request),
    2_000,
  ),
];
if (!(await cached.authenticate(request))) throw new Error('verifier sanity check failed');

const table = (rows: Record<string, string | number>[]) => {
  const keys = Object.keys(rows[0] ?? {});
  const width = (key: string) => Math.max(key.length, ...rows.map((row) => String(row[key]).length));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => cell.padEnd(width(keys[i] as string))).join('  ')}\n`;
  return line(keys) + rows.map((row) => line(keys.map((key) => String(row[key])))).join('');
};
process.stdout.write(
  `\nSign-in on ${variant.name} infrastructure (POST /api/login through the app, bcrypt cost ${BCRYPT_COST}, ${LOGINS} each)\n`,
);
process.stdout.write(table(logins));
process.stdout.write('\nSession verification per request\n');
process.stdout.write(table(verifications));
const [right, wrong, unknown] = logins;
const [steady, firstRequest, cacheMiss] = verifications;
process.stdout.write(
  `${JSON.stringify({
    bench: 'auth',
    infrastructure: variant.name,
    bcryptCost: BCRYPT_COST,
    logins,
    verifications,
    summary: [
      { metric: `sign-in, bcrypt cost ${BCRYPT_COST}, median`, value: right?.p50_ms ?? Number.NaN, unit: 'ms' },
      // Equal costs keep account existence out of the timing: unknown ÷ wrong password ≈ 1.
      {
        metric: 'sign-in, unknown e-mail ÷ wrong password',
        value: round((unknown?.p50_ms ?? 0) / (wrong?.p50_ms ?? 1), 2),
        unit: '×',
      },
      { metric: 'session check, steady state', value: steady?.per_request_us ?? Number.NaN, unit: 'µs' },
      {
        metric: "session check, a token's first request",
        value: firstRequest?.per_request_us ?? Number.NaN,
        unit: 'µs',
      },
      { metric: 'session check, liveness cache miss', value: cacheMiss?.per_request_us ?? Number.NaN, unit: 'µs' },
    ],
  })}\n`,
);

await responder.stop();
await app.close();
await outbox.stop();
await infra.cleanup();

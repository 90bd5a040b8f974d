/**
 * `node scripts/bench/sessions.ts` (issue 25, item 2): usage polls from 15,000 distinct signed-in
 * sessions cost what polls from one session cost. Real servers only (each service its own
 * process on the machine's PostgreSQL, NATS and Redis, tests/faults/support.ts startSystem): the
 * sessions are rows in auth's table (written straight to it: 15,000 sign-ins at bcrypt cost 12
 * would take over an hour) and tokens signed with the run's secret, as auth signs them.
 *
 * What a poll costs the database is counted exactly on the tables on its path (auth's sessions and
 * users, quota's allowances and reservations: pg_stat_user_tables' scans, inserts and updates);
 * the transaction count of pg_stat_database, less an idle period's, is given too, though the
 * services' relays, autovacuum and the probes make it noisy.
 *
 * Timed, after every session has polled once (the usage and liveness caches warm, as for tabs
 * that have been open a while): GET /api/usage through the gateway, 50 connections, each request
 * from the next session in turn (no ETags: every answer is a whole 200); then the same with one
 * session. Counted: PostgreSQL transactions on the run's database during each (pg_stat_database),
 * per poll, less what the services run with nobody polling (their outbox relays, leader locks,
 * readiness), measured over as long just before. Targets: 15,000 sessions ≥ 0.8× one session;
 * ≤ 0.01 transactions per poll.
 */
import { randomUUID } from 'node:crypto';
import { issueSessionToken } from '@seqgen/kit';
import { realInfraReachable } from '@seqgen/kit/testing';
import { SESSION_SECRET, startSystem } from '../../tests/faults/support.ts';
import { runLoad } from './load.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 15_000);
const DURATION_MS = Number(process.env.BENCH_POLL_MS ?? 10_000);
const out = (line = '') => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

if (process.env.BENCH_INFRA === 'embedded') {
  // The embedded bus lives in one process: this bench needs each service in its own.
  out(
    JSON.stringify({ bench: 'sessions', summary: [{ metric: 'not run: needs the real servers', value: 'skipped' }] }),
  );
  process.exit(0);
}
if (!(await realInfraReachable()).ok) {
  out(
    JSON.stringify({ bench: 'sessions', summary: [{ metric: 'not run: real servers unreachable', value: 'skipped' }] }),
  );
  process.exit(1);
}
const system = await startSystem({
  infra: 'real',
  layout: 'per-service',
  faultProxies: false,
  logLevel: 'warn',
  env: {
    RATE_LIMIT_PER_MINUTE: '100000000',
    POLL_RATE_LIMIT_PER_MINUTE: '100000000',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
  },
});
let exitCode = 1;
try {
  const secret = new TextEncoder().encode(SESSION_SECRET);
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const cookies: string[] = [];
  for (let from = 0; from < SESSIONS; from += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, SESSIONS - from) }, (_, k) => ({
      userId: randomUUID(),
      sessionId: randomUUID(),
      email: `tab-${from + k}@office.example`,
    }));
    await system.query(
      `insert into auth.users (id, email, email_normalized) select * from unnest($1::uuid[], $2::text[], $2::text[])`,
      [batch.map((b) => b.userId), batch.map((b) => b.email)],
    );
    await system.query(
      `insert into auth.sessions (id, user_id, method, expires_at) select id, uid, 'password', $3::timestamptz from unnest($1::uuid[], $2::uuid[]) as t(id, uid)`,
      [batch.map((b) => b.sessionId), batch.map((b) => b.userId), expires],
    );
    for (const b of batch) cookies.push(`seqgen_session=${await issueSessionToken(secret, b)}`);
  }
  out(`\nUsage polls from ${SESSIONS} distinct sessions vs one (real infrastructure, per-service processes)`);

  const transactions = async () => {
    const [row] = await system.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(row?.n ?? Number.NaN);
  };
  /** Index and sequential scans, inserts and updates of the tables a poll could touch. */
  const POLLED_PATH = ['auth.users', 'auth.sessions', 'quota.allowances', 'quota.reservations'];
  const pathAccesses = async () => {
    const rows = await system.query<{ n: string }>(
      "select coalesce(sum(coalesce(idx_scan, 0) + coalesce(seq_scan, 0) + n_tup_ins + n_tup_upd), 0) as n from pg_stat_user_tables where schemaname || '.' || relname = any($1)",
      [POLLED_PATH],
    );
    return Number(rows[0]?.n ?? Number.NaN);
  };
  const poll = async (sessions: string[], durationMs: number, warmupMs: number) => {
    const accessesBefore = await pathAccesses();
    let next = 0;
    const cookieOf = () => sessions[next++ % sessions.length] as string;
    const before = await transactions();
    const started = performance.now();
    const result = await runLoad({
      base: system.url,
      path: '/api/usage',
      headers: { cookie: cookieOf() },
      connections: 50,
      durationMs,
      warmupMs,
      follow: () => ({ cookie: cookieOf() }),
    });
    // pg_stat_database is updated when a backend reports (about every second): let it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const used = (await transactions()) - before - backgroundPerMs * (performance.now() - started);
    if (Object.keys(result.statuses).some((status) => status !== '200')) {
      throw new Error(`answers ${JSON.stringify(result.statuses)}`);
    }
    const accesses = (await pathAccesses()) - accessesBefore;
    return { ...result, perPoll: used / result.requests, accessesPerPoll: accesses / result.requests };
  };
  // Every session once (the caches of tabs that have been open a while), then timed.
  const warmStarted = performance.now();
  let warmed = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (warmed < cookies.length) {
        const cookie = cookies[warmed++] as string;
        const response = await fetch(`${system.url}/api/usage`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`warm-up poll answered ${response.status}`);
      }
    }),
  );
  out(`  warm-up: every session polled once in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`);
  // The rows written above would wake autovacuum in the middle of a timed run, and its
  // transactions count in pg_stat_database too: done now instead.
  await system.query('vacuum analyze auth.users, auth.sessions, quota.allowances');
  // The services' own background work (outbox relays, leader locks, readiness) runs transactions
  // whether anyone polls or not: measured idle over the same time, and taken off.
  const idleStart = await transactions();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const backgroundPerMs = ((await transactions()) - idleStart) / (performance.now() - idleStarted);
  out(`  background: ${round(backgroundPerMs * 1000, 1)} transactions/s with nobody polling`);

  const tableReads = async () =>
    Object.fromEntries(
      (
        await system.query<{ name: string; n: string }>(
          "select schemaname || '.' || relname as name, coalesce(idx_scan, 0) + coalesce(seq_scan, 0) + n_tup_ins + n_tup_upd as n from pg_stat_user_tables where schemaname in ('auth', 'quota')",
        )
      ).map((row) => [row.name, Number(row.n)]),
    );
  const readsBefore = await tableReads();
  const many = await poll(cookies, DURATION_MS, 2_000);
  const readsAfter = await tableReads();
  const touched = Object.entries(readsAfter)
    .map(([name, n]) => [name, n - (readsBefore[name] ?? 0)] as const)
    .filter(([, n]) => n > 0);
  out(`  tables touched while ${SESSIONS} sessions polled: ${JSON.stringify(Object.fromEntries(touched))}`);
  const one = await poll(cookies.slice(0, 1), DURATION_MS, 2_000);
  for (const [label, r] of [
    [`${SESSIONS} sessions`, many],
    ['1 session', one],
  ] as const) {
    out(
      `  ${label.padEnd(16)} ${Math.round(r.requestsPerSecond)} req/s  p50 ${r.p50Ms.toFixed(1)} ms  p99 ${r.p99Ms.toFixed(1)} ms  ${round(r.accessesPerPoll, 4)} reads/writes of the polled path per poll, ${round(r.perPoll, 4)} transactions/poll less background`,
    );
  }
  const ratio = many.requestsPerSecond / one.requestsPerSecond;
  const summary = [
    { metric: `usage polls, ${SESSIONS} sessions`, value: Math.round(many.requestsPerSecond), unit: 'req/s' },
    { metric: 'usage polls, 1 session', value: Math.round(one.requestsPerSecond), unit: 'req/s' },
    { metric: `${SESSIONS} sessions ÷ 1 session`, value: round(ratio), unit: '×', target: '≥ 0.8', met: ratio >= 0.8 },
    {
      // What a poll costs the database: scans, inserts and updates of the tables on its path
      // (pg_stat_user_tables), exact, where pg_stat_database's transaction count also holds
      // the relays', autovacuum's and the probes' background (given too, less an idle period).
      metric: `database reads/writes per poll (auth sessions and users, quota allowances), ${SESSIONS} sessions`,
      value: round(many.accessesPerPoll, 4),
      target: '≤ 0.01',
      met: many.accessesPerPoll <= 0.01,
    },
    {
      metric: `database transactions per poll less idle background, ${SESSIONS} sessions`,
      value: round(many.perPoll, 4),
    },
    { metric: `usage polls p99, ${SESSIONS} sessions`, value: round(many.p99Ms, 1), unit: 'ms' },
  ];
  out(JSON.stringify({ bench: 'sessions', infra: 'real', summary }));
  exitCode = summary.every((line) => line.met !== false) ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await system.stop();
}
process.exit(exitCode);

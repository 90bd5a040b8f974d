import {
  NATS_BACK_MESSAGE,
  NATS_DOWN_MESSAGE,
  REDIS_BACK_MESSAGE,
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_DOWN_MESSAGE,
} from '@seqgen/kit';
import { REAL_INFRA, variantsToRun } from '@seqgen/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '../../services/auth/src/domain/limits.ts';
import {
  client,
  figure,
  genericCustomization,
  type LogLine,
  type RunningSystem,
  startCompanySite,
  startSystem,
  waitFor,
} from './support.ts';

/** The issue's bound on what a Redis outage may add to a request at the gateway. */
const ADDED_LATENCY_LIMIT_MS = 50;
const SAMPLES = 20;
/** Low enough to drive over during the outage; each measurement uses its own client addresses. */
const GATEWAY_LIMIT_PER_MINUTE = 100;
const PASSWORD = 'a long enough password';

const variants = await variantsToRun();
const realSkipped = variants.some((v) => v.name === 'real' && v.skip);

const customization = (tone: number) => genericCustomization({ tone });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Each made-up client address once: per-address limits never mix the measurements up. */
let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.33.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** Lines with this message logged since `since` (ms), per service (and store): who said it, how often. */
function saidBy(logs: LogLine[], since: number, message: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of logs) {
    if (line.msg !== message || Date.parse(String(line.time)) < since) continue;
    const who = `${String(line.service)}${line.store ? ` (${String(line.store)})` : ''}`;
    counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  return counts;
}

/** How long each service took to answer, by request id (the gateway forwards its id upstream). */
function upstreamTimes(logs: LogLine[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const line of logs) {
    if (line.msg === 'request completed' && line.service !== 'gateway' && typeof line.reqId === 'string') {
      times.set(line.reqId, Number(line.responseTime));
    }
  }
  return times;
}

interface Sample {
  /** As the client saw it, through the gateway. */
  total: number;
  requestId: string;
}

describe.each([
  { layout: 'per-service' as const, skip: realSkipped },
  { layout: 'one-process' as const, skip: realSkipped },
])('fault 03: Redis and NATS outages (real servers, $layout)', ({ layout, skip }) => {
  let system: RunningSystem;
  let site: Awaited<ReturnType<typeof startCompanySite>>;
  let redis: Redis;
  const email = `outage-${layout}-${Date.now()}@example.com`;

  beforeAll(async () => {
    if (skip) return;
    site = await startCompanySite();
    redis = new Redis(REAL_INFRA.REDIS_URL);
    system = await startSystem({
      infra: 'real',
      layout,
      // A usage poll's request lines are written at debug (kit createService quietPolls); the
      // gateway's share of each is worked out from quota's. Only quota logs at debug where it has
      // its own process: every service at debug doubled this file's time in a loaded CI run.
      logLevel: layout === 'per-service' ? 'info' : 'debug',
      serviceEnv: { quota: { LOG_LEVEL: 'debug' } },
      env: {
        FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin,
        // The test stands in for the ingress: its X-Forwarded-For names the client.
        TRUST_PROXY: 'loopback',
        ANONYMOUS_RATE_LIMIT_PER_MINUTE: String(GATEWAY_LIMIT_PER_MINUTE),
        // Refused attempts during the NATS outage count toward generation's per-user limit too.
        GENERATIONS_PER_10_MINUTES: '200',
      },
    });
    const registered = await client(system.url, { forwardedFor: freshAddress() })('POST', '/api/register', {
      email,
      password: PASSWORD,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    await site?.close();
    redis?.disconnect();
  }, 60_000);

  /**
   * GET /api/usage, login and register through the gateway, SAMPLES each: the medians of the
   * time the client saw, and of the gateway's share of it (the client's time less the time the
   * service took, from the service's log line with the same request id).
   */
  async function measure() {
    const user = client(system.url, { forwardedFor: freshAddress() });
    const samples: Record<'usage' | 'login' | 'register', Sample[]> = { usage: [], login: [], register: [] };
    const sample = (answer: { ms: number; headers: Headers }): Sample => ({
      total: answer.ms,
      requestId: answer.headers.get('x-request-id') ?? '',
    });
    for (let i = 0; i < SAMPLES; i++) {
      const signedIn = await user('POST', '/api/login', { email, password: PASSWORD });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      samples.login.push(sample(signedIn));
      const used = await user('GET', '/api/usage');
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      samples.usage.push(sample(used));
      const newcomer = client(system.url, { forwardedFor: freshAddress() });
      const joined = await newcomer('POST', '/api/register', {
        email: `newcomer-${layout}-${Date.now()}-${i}@example.com`,
        password: PASSWORD,
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      samples.register.push(sample(joined));
    }
    const all = Object.values(samples).flat();
    const upstream = await waitFor(
      () => {
        const times = upstreamTimes(system.logs());
        return all.every((s) => times.has(s.requestId)) && times;
      },
      { what: "every service's log line for the measured requests" },
    );
    const figures = (list: Sample[]) => ({
      total: median(list.map((s) => s.total)),
      fastest: Math.min(...list.map((s) => s.total)),
      gateway: median(list.map((s) => s.total - (upstream.get(s.requestId) ?? 0))),
    });
    return { usage: figures(samples.usage), login: figures(samples.login), register: figures(samples.register) };
  }

  /** Rate limits still hold while Redis is away: the gateway's per address, and auth's per address. */
  async function driveLimitsOver() {
    const visitor = client(system.url, { forwardedFor: freshAddress() });
    const statuses: number[] = [];
    for (let i = 0; i <= GATEWAY_LIMIT_PER_MINUTE; i++) statuses.push((await visitor('GET', '/api/usage')).status);
    expect(statuses.slice(0, GATEWAY_LIMIT_PER_MINUTE).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const signups = client(system.url, { forwardedFor: freshAddress() });
    const limit = DEFAULT_AUTH_LIMITS.registerPerIp.limit;
    const answers = [];
    for (let i = 0; i <= limit; i++) {
      answers.push(
        await signups('POST', '/api/register', {
          email: `burst-${layout}-${Date.now()}-${i}@example.com`,
          password: PASSWORD,
        }),
      );
    }
    expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(201));
    expect(answers.at(-1)?.status).toBe(429);
  }

  /** Redis is in use again: a request from a new address leaves the gateway's counter in Redis. */
  async function waitUntilRedisIsUsedAgain() {
    await waitFor(
      async () => {
        const address = freshAddress();
        await client(system.url, { forwardedFor: address })('GET', '/api/usage');
        return (await redis.keys(`*:gateway:gateway-rl:address:${address}`)).length === 1;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: "the gateway's counters to be back in Redis" },
    );
  }

  /**
   * The bound of the issue: at most 50 ms added at the gateway, on each call. End to end, usage
   * is held to it too; login and register run bcrypt (cost 12: 0.3–0.7 s on a shared 2-core
   * machine, ±100 ms from one minute to the next, and a median 0.5 s apart between two runs of 20
   * in one CI run at load 7), so end to end they are held to "no Redis wait at all" instead, on
   * the fastest of the samples: a wait for Redis is in every call, a busy machine's slow hash in
   * some. Less than one command timeout (400 ms) added, where the finding saw 9–15 s.
   */
  function checkAddedLatency(outage: string, before: Awaited<ReturnType<typeof measure>>, during: typeof before) {
    const calls = ['usage', 'login', 'register'] as const;
    const added = (call: (typeof calls)[number], part: 'total' | 'gateway' | 'fastest') =>
      Math.round(during[call][part] - before[call][part]);
    const describe = (call: (typeof calls)[number], label: string) =>
      `${label} ${added(call, 'gateway')} ms at the gateway (${added(call, 'total')} ms end to end, ` +
      `${Math.round(before[call].total)} → ${Math.round(during[call].total)})`;
    figure(
      `[fault 03] ${layout}, Redis ${outage}: added ${describe('usage', 'GET /api/usage')}, ` +
        `${describe('login', 'login')}, ${describe('register', 'register')}; medians of ${SAMPLES}, ` +
        `limit ${ADDED_LATENCY_LIMIT_MS} ms`,
    );
    for (const call of calls) expect(added(call, 'gateway'), call).toBeLessThanOrEqual(ADDED_LATENCY_LIMIT_MS);
    expect(added('usage', 'total')).toBeLessThanOrEqual(ADDED_LATENCY_LIMIT_MS);
    expect(added('login', 'fastest')).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    expect(added('register', 'fastest')).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
  }

  /** Each process (and each store in it) that noticed said so once, the gateway among them. */
  function checkSaidOnce(since: number, message: string) {
    const said = saidBy(system.logs(), since, message);
    expect([...said.keys()].some((who) => who.startsWith('gateway'))).toBe(true);
    for (const [who, times] of said) expect(times, `${who}: "${message}"`).toBe(1);
  }

  for (const outage of ['cut', 'stall'] as const) {
    it.skipIf(skip)(
      `Redis ${outage}: the gateway adds at most ${ADDED_LATENCY_LIMIT_MS} ms, limits hold in process, Redis is used again after`,
      async () => {
        const proxy = system.proxies.redis;
        if (!proxy) throw new Error('no Redis proxy');
        const before = await measure();
        const mark = Date.now();
        if (outage === 'cut') proxy.cut();
        else proxy.stall();
        let during: typeof before;
        try {
          during = await measure();
          await driveLimitsOver();
          checkSaidOnce(mark, REDIS_DOWN_MESSAGE);
        } finally {
          if (outage === 'cut') await proxy.restore();
          else proxy.resume();
        }
        checkAddedLatency(outage, before, during);
        await waitUntilRedisIsUsedAgain();
        checkSaidOnce(mark, REDIS_BACK_MESSAGE);
        checkSaidOnce(mark, REDIS_DOWN_MESSAGE);
      },
      240_000,
    );
  }

  it.skipIf(skip)(
    'NATS cut during generation: nothing lost, usage equals the committed sequences, nothing pending',
    async () => {
      const proxy = system.proxies.nats;
      if (!proxy) throw new Error('no NATS proxy');
      const users = await Promise.all(
        [1, 2, 3].map(async (n) => {
          const call = client(system.url, { forwardedFor: freshAddress() });
          const address = `nats-${layout}-${Date.now()}-${n}@example.com`;
          const registered = await call('POST', '/api/register', { email: address, password: PASSWORD });
          expect(registered.status, JSON.stringify(registered.body)).toBe(201);
          const [row] = await system.query<{ id: string }>('select id from auth.users where email = $1', [address]);
          return { call, userId: row?.id ?? '' };
        }),
      );
      // Warm the analysis cache so generations are quick and many of them straddle the cut.
      const warm = await users[0]?.call('POST', '/api/analyze-company', { companyUrl: `${site.origin}/` });
      expect(warm?.status, JSON.stringify(warm?.body)).toBe(200);

      const statuses: number[] = [];
      let generatingUntil = Number.POSITIVE_INFINITY;
      const generating = users.map(async ({ call }, n) => {
        // Each user generates before, through and after the outage, at most four sequences (the
        // free trial is five), pausing briefly after a refusal as a person would.
        let granted = 0;
        for (let i = 0; granted < 4 && performance.now() < generatingUntil; i++) {
          const answer = await call('POST', '/api/generate-emails', {
            companyUrl: `${site.origin}/`,
            customization: customization(10 + n * 30 + i),
          });
          statuses.push(answer.status);
          if (answer.status === 200) granted += 1;
          else await new Promise((resolve) => setTimeout(resolve, 250));
        }
      });
      const since = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      proxy.cut();
      const cutAt = performance.now();
      try {
        if (layout === 'per-service') {
          // Readiness says so at once: the bus is unreachable.
          const ready = await fetch(`${system.serviceUrl('quota')}/readyz`);
          expect(ready.status).toBe(503);
          expect(await ready.json()).toEqual({ error: 'not_ready', message: 'Not ready: event bus unreachable' });
        }
        await waitFor(() => performance.now() - cutAt >= 3_000, { what: 'three seconds of NATS outage' });
      } finally {
        await proxy.restore();
      }
      // Generations go on for a while after the outage, then stop.
      generatingUntil = performance.now() + 2_000;
      await Promise.all(generating);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);

      // Quiet again: every reservation committed or released, every stored sequence committed.
      const count = async (sql: string, userId: string) =>
        Number((await system.query<{ n: string }>(sql, [userId]))[0]?.n);
      const ledger = async (userId: string) => ({
        stored: await count('select count(*) as n from generation.sequences where user_id = $1', userId),
        committed: await count(
          "select count(*) as n from quota.reservations where user_id = $1 and state = 'committed'",
          userId,
        ),
        pending: await count(
          "select count(*) as n from quota.reservations where user_id = $1 and state = 'pending'",
          userId,
        ),
      });
      const after = await waitFor(
        async () => {
          const ledgers = await Promise.all(users.map(({ userId }) => ledger(userId)));
          return ledgers.every((l) => l.pending === 0 && l.committed === l.stored) && ledgers;
        },
        { timeoutMs: 90_000, intervalMs: 500, what: 'every reservation committed or released' },
      );
      // And what each user is shown agrees: usage is the committed sequences.
      for (const [i, { call }] of users.entries()) {
        expect((await call('GET', '/api/usage')).body).toMatchObject({ used: after[i]?.stored });
      }
      const ok = statuses.filter((status) => status === 200).length;
      expect(after.reduce((sum, r) => sum + r.stored, 0)).toBe(ok);

      // The bus said it was gone and back, once each per service that noticed.
      const down = saidBy(system.logs(), since, NATS_DOWN_MESSAGE);
      const back = saidBy(system.logs(), since, NATS_BACK_MESSAGE);
      expect(down.size).toBeGreaterThan(0);
      for (const [who, times] of down) {
        expect(times, `${who}: NATS down`).toBe(1);
        expect(back.get(who), `${who}: NATS back`).toBe(1);
      }
      // And it works as before: the next generation is granted and counted.
      const next = await users[0]?.call('POST', '/api/generate-emails', {
        companyUrl: `${site.origin}/`,
        customization: customization(99),
      });
      expect(next?.status, JSON.stringify(next?.body)).toBe(200);
      figure(
        `[fault 03] ${layout}, NATS cut 3 s during ${statuses.length} generations: ${ok} answered 200, ` +
          `${statuses.length - ok} answered 503; afterwards usage = committed = stored for every user ` +
          `(${after.map((r) => r.stored).join(', ')}), 0 pending`,
      );
    },
    240_000,
  );
});

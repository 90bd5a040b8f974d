import { SESSION_CHECK_UNAVAILABLE_MESSAGE } from '@seqgen/kit';
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  figure,
  genericCustomization,
  type RunningSystem,
  type ServiceName,
  startCompanySite,
  startSystem,
  waitFor,
} from './support.ts';

const customization = genericCustomization();
const sequence = Array.from({ length: 7 }, (_, n) => ({ subject: `Subject ${n + 1}`, body: `Body ${n + 1}` }));
const unavailable = (service: ServiceName) =>
  `The ${service} service cannot reach its database right now. Please try again in a moment.`;

const variants = await variantsToRun();
const skip = variants.some((v) => v.name === 'real' && v.skip);

describe.skipIf(skip)('fault 06: a PostgreSQL outage answers 503 and heals by itself (real, per-service)', () => {
  let system: RunningSystem;
  let site: Awaited<ReturnType<typeof startCompanySite>>;

  beforeAll(async () => {
    site = await startCompanySite();
    system = await startSystem({
      infra: 'real',
      layout: 'per-service',
      env: { FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin },
    });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
    await site?.close();
  }, 60_000);

  it('answers 503 with a clear message from every service, recovers without a restart, and loses no event', async () => {
    const postgres = system.proxies.postgres;
    const nats = system.proxies.nats;
    if (!postgres || !nats) throw new Error('the real layout has fault proxies');
    const run = Date.now();
    const email = `pg-outage-${run}@example.com`;
    const password = 'a long enough password';
    const call = client(system.url);
    const anonymous = client(system.url);
    expect((await call('POST', '/api/register', { email, password })).status).toBe(201);
    const first = await call('POST', '/api/generate-emails', { companyUrl: `${site.origin}/`, customization });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await call('POST', '/api/save-sequence', { title: 'Before', emailSequence: sequence })).status).toBe(201);
    const pids = Object.fromEntries(
      (['gateway', 'auth', 'waitlist', 'generation', 'quota', 'library', 'billing'] as const).map((name) => [
        name,
        system.process(name).pid,
      ]),
    );
    // Lines of this test on: logs() lists each process's lines in turn, so they are told by time.
    const since = new Date().toISOString();

    // Session answers for this user are fresh in each service (they are cached for a few
    // seconds), so the signed-in calls below reach their own database rather than the check.
    for (const path of ['/api/usage', '/api/subscription', '/api/saved-sequences']) {
      expect((await call('GET', path)).status, path).toBe(200);
    }
    const usageBefore = (await call('GET', '/api/usage')).body;

    // An event committed just before the outage and not yet published: NATS is cut first, so the
    // registration's user.registered stays in auth's outbox when PostgreSQL goes.
    const late = `pg-outage-late-${run}@example.com`;
    nats.cut();
    expect((await anonymous('POST', '/api/register', { email: late, password })).status).toBe(201);
    const [lateUser] = await system.query<{ id: string }>('select id from auth.users where email = $1', [late]);
    const pendingEvents = async () =>
      Number(
        (await system.query<{ n: string }>('select count(*) as n from auth.outbox where published_at is null'))[0]?.n,
      );
    expect(await pendingEvents()).toBeGreaterThan(0);

    postgres.cut();
    await nats.restore();

    // The usage poll is answered from quota's usage cache (issue 12): nothing can change it while
    // the database is away, so it stays current and available.
    const polled = await call('GET', '/api/usage');
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    expect(polled.body).toEqual(usageBefore);

    const outage: { name: string; service: ServiceName; run: () => ReturnType<typeof call> }[] = [
      { name: 'waitlist join', service: 'waitlist', run: () => anonymous('POST', '/api/waitlist', { email }) },
      { name: 'login', service: 'auth', run: () => anonymous('POST', '/api/login', { email, password }) },
      {
        name: 'register',
        service: 'auth',
        run: () => anonymous('POST', '/api/register', { email: `pg-outage-new-${run}@example.com`, password }),
      },
      { name: 'subscription', service: 'billing', run: () => call('GET', '/api/subscription') },
      {
        name: 'save sequence',
        service: 'library',
        run: () => call('POST', '/api/save-sequence', { title: 'During', emailSequence: sequence }),
      },
      { name: 'saved sequences', service: 'library', run: () => call('GET', '/api/saved-sequences') },
      { name: 'usage details', service: 'quota', run: () => call('GET', '/api/usage/details') },
      {
        name: 'generate',
        service: 'generation',
        run: () => call('POST', '/api/generate-emails', { companyUrl: `${site.origin}/`, customization }),
      },
    ];
    const answers: { name: string; ms: number; message: string }[] = [];
    for (const request of outage) {
      const answer = await request.run();
      answers.push({ name: request.name, ms: Math.round(answer.ms), message: answer.body?.message });
      expect(answer.status, `${request.name}: ${JSON.stringify(answer.body)}`).toBe(503);
      expect(answer.body?.error, request.name).not.toBe('internal');
      // A signed-in call whose session answer has expired stops at the session check, which says
      // so; generation stops at its quota reservation, which says so. Every other: its database.
      if (request.service !== 'generation') {
        expect([unavailable(request.service), SESSION_CHECK_UNAVAILABLE_MESSAGE], request.name).toContain(
          answer.body?.message,
        );
      }
      // A few seconds at most: refused connections answer at once, the connect timeout is 3 s.
      expect(answer.ms, request.name).toBeLessThan(10_000);
    }
    const ownDatabase = answers.filter((answer) => answer.message?.includes('cannot reach its database')).length;
    expect(ownDatabase).toBeGreaterThanOrEqual(3);

    // PostgreSQL is back: every call succeeds again, no process was restarted.
    await postgres.restore();
    const backAt = performance.now();
    await waitFor(
      async () => {
        const statuses = await Promise.all([
          anonymous('POST', '/api/waitlist', { email }).then((r) => r.status < 300),
          client(system.url)('POST', '/api/login', { email, password }).then((r) => r.status === 200),
          call('GET', '/api/subscription').then((r) => r.status === 200),
          call('GET', '/api/saved-sequences').then((r) => r.status === 200),
          call('GET', '/api/usage').then((r) => r.status === 200),
        ]);
        return statuses.every(Boolean);
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'every service to answer again after PostgreSQL came back' },
    );
    const recoveredMs = Math.round(performance.now() - backAt);
    expect((await call('POST', '/api/save-sequence', { title: 'After', emailSequence: sequence })).status).toBe(201);
    // Generation also needs quota's answer over NATS, whose connections were cut just before.
    await waitFor(
      async () =>
        (await call('POST', '/api/generate-emails', { companyUrl: `${site.origin}/`, customization })).status === 200,
      { timeoutMs: 60_000, intervalMs: 500, what: 'a generation to succeed again' },
    );
    for (const [name, pid] of Object.entries(pids)) {
      expect(system.process(name as ServiceName | 'gateway').pid, name).toBe(pid);
      expect(system.process(name as ServiceName | 'gateway').running, name).toBe(true);
    }

    // The event committed before the outage was delivered: quota created the late user's allowance.
    await waitFor(
      async () =>
        (await pendingEvents()) === 0 &&
        (await system.query('select 1 from quota.allowances where user_id = $1', [lateUser?.id])).length === 1,
      { timeoutMs: 60_000, what: "the late registration's event to reach quota" },
    );

    // Nothing lost: usage equals the committed sequences, no reservation left pending.
    const [user] = await system.query<{ id: string }>('select id from auth.users where email = $1', [email]);
    await waitFor(async () => (await call('GET', '/api/usage')).body?.used === 2, { what: 'usage 2/5' });
    const [stored] = await system.query<{ n: string }>(
      'select count(*) as n from generation.sequences where user_id = $1',
      [user?.id],
    );
    const [pending] = await system.query<{ n: string }>(
      `select count(*) as n from quota.reservations where user_id = $1 and state = 'pending'`,
      [user?.id],
    );
    expect(Number(stored?.n)).toBe(2);
    expect(Number(pending?.n)).toBe(0);

    // Said once per outage, not once per tick: each relay paused at most once and resumed after.
    const services = ['auth', 'waitlist', 'generation', 'quota', 'library', 'billing'];
    let lines = system.logs();
    const said = (service: string, message: string) =>
      lines.filter(
        (line) => String(line.time) >= since && line.service === service && String(line.msg).startsWith(message),
      ).length;
    await waitFor(
      () => {
        lines = system.logs();
        return services.every(
          (service) => said(service, 'outbox relay paused') === said(service, 'outbox relay resumed'),
        );
      },
      { what: 'every paused outbox relay to say it resumed' },
    );
    for (const service of services) {
      expect(said(service, 'outbox relay paused'), service).toBeLessThanOrEqual(1);
      expect(said(service, 'database connection lost'), service).toBeLessThanOrEqual(1);
    }
    // Auth held the late event through the whole outage.
    expect(said('auth', 'outbox relay paused')).toBe(1);
    // No 500: the only failures logged as errors are the deliberate 503s (HttpError) of generation.
    expect(
      lines.filter((line) => line.msg === 'request failed' && (line.err as { type?: string })?.type !== 'HttpError'),
    ).toEqual([]);

    const slowest = answers.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst));
    figure(
      `[fault 06] PostgreSQL cut: ${answers.length} calls answered 503 in ${Math.min(...answers.map((a) => a.ms))}–` +
        `${slowest.ms} ms (slowest: ${slowest.name}), ${ownDatabase} naming their service's database; ` +
        `every service answered again ${recoveredMs} ms after the restore, no restart; the event held in the ` +
        `outbox was delivered; usage 2 = 2 stored sequences, 0 reservations pending`,
    );
  }, 240_000);
});

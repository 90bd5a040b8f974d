import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  cachedLiveness,
  consumeIdempotently,
  createSessionVerifier,
  issueSessionToken,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import {
  type AppRequests,
  askSessionStatus,
  createEnvelope,
  type Envelope,
  type EventData,
  type EventType,
  type ReplyOf,
  requestCatalogue,
} from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { allowances, reservations } from '../src/data/schema.ts';
import { DEADLINE_MARGIN_MS, purgeReservations, type QuotaDeps } from '../src/domain/quota.ts';
import { UsageCache } from '../src/domain/usage-cache.ts';
import {
  type QuotaEvent,
  quotaConsumer,
  quotaEventTables,
  startQuotaConsumers,
  stopConsumers,
} from '../src/events/consumers.ts';
import { answerQuotaReserve } from '../src/events/reserve.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('quota-test-secret-quota-test-secret-0123456789');
const TTL_MS = 300_000;
const LIMIT_REACHED =
  /^Email generation limit reached: you've used (\d+) of (\d+) sequences (of your free trial|on your plan this period)(, and \d+ more (is|are) being generated)?\. Upgrade to continue generating email sequences\.$/;

const newUser = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

describe.each(await variantsToRun())('quota service on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  let deps: QuotaDeps;
  let consumers: Record<QuotaEvent, ConsumerHandle>;
  let responder: ConsumerHandle;
  /** Stands in for auth's answer to auth.session-status: every session but "ended" is live. */
  let sessionStatus: ConsumerHandle;
  /** The service's clock runs this far ahead of the real one (reservation expiry). */
  let clockOffsetMs = 0;
  const logger = quietLogger();

  const cookieFor = async (userId: string, sessionId = `s-${userId}`) =>
    `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: `${userId}@acme.com`, sessionId })}`;
  const usageOverHttp = async (userId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/usage',
      headers: { cookie: await cookieFor(userId) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { used: number; limit: number };
  };
  const detailsOverHttp = async (userId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/usage/details',
      headers: { cookie: await cookieFor(userId) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { used: number; limit: number; plan: string; resetsAt: string | null };
  };
  const publish = async <T extends EventType>(type: T, data: EventData<T>, occurredAt = new Date()) => {
    const envelope = createEnvelope(type, data, occurredAt);
    await infra.bus.publish(envelope);
    return envelope;
  };
  /** As generation asks: a request id of its own and the end of its wait (on a clock agreeing with quota's). */
  const reserve = (userId: string, request: { requestId?: string; deadline?: string } = {}) =>
    infra.bus.request(
      'quota.reserve',
      {
        userId,
        requestId: request.requestId ?? crypto.randomUUID(),
        deadline: request.deadline ?? new Date(Date.now() + clockOffsetMs + 10_000).toISOString(),
      },
      { timeoutMs: 10_000 },
    );
  const reserveOk = async (userId: string) => {
    const reply = await reserve(userId);
    if (!reply.ok) throw new Error(`expected a reservation, got: ${reply.message}`);
    return reply;
  };
  const processedCount = async (eventId: string) => {
    const [row] = await infra.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quotaEventTables.processedEvents)
      .where(eq(quotaEventTables.processedEvents.eventId, eventId));
    return row?.n ?? 0;
  };
  /** Waits until every consumer that saw the event has committed it. */
  const processed = (envelope: Envelope) =>
    expect.poll(() => processedCount(envelope.id), { timeout: 10_000, interval: 50 }).toBe(1);
  const register = async (userId: string) => {
    await processed(await publish('user.registered', { userId, email: `${userId}@acme.com` }));
  };
  const generated = async (userId: string, reservationId: string) => {
    const envelope = await publish('sequence.generated', { userId, reservationId });
    await processed(envelope);
    return envelope;
  };
  const activate = async (userId: string, limit: number, periodStart: string, occurredAt = new Date()) => {
    const envelope = await publish(
      'billing.activated',
      { userId, plan: 'individual', limit, periodStart, periodEnd: isoDaysFromNow(30) },
      occurredAt,
    );
    await processed(envelope);
  };

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'quota', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    deps = {
      db: infra.database.db,
      logger,
      reservationTtlMs: TTL_MS,
      now: () => new Date(Date.now() + clockOffsetMs),
      usageCache: new UsageCache(infra.store, logger),
    };
    sessionStatus = await infra.bus.respond('auth.session-status', async ({ sessionId }) => ({
      live: sessionId !== 'ended',
    }));
    consumers = await startQuotaConsumers(infra.bus, deps, { retryDelayMs: 50 });
    responder = await answerQuotaReserve(infra.bus, deps);
    app = createApp({
      ...deps,
      sessions: createSessionVerifier(secret, { liveness: cachedLiveness(askSessionStatus(infra.bus)) }),
      readiness: infra.readiness,
    });
    await app.ready();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await responder?.stop();
    if (consumers) await stopConsumers(consumers);
    await sessionStatus?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('answers usage only with a live session, never cached', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/usage' });
      expect(anonymous.statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/usage/details' })).statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/logged out/) });
      expect(anonymous.headers['cache-control']).toBe('no-store');

      const userId = newUser('poll');
      const ended = await app.inject({
        method: 'GET',
        url: '/api/usage',
        headers: { cookie: await cookieFor(userId, 'ended') },
      });
      expect(ended.statusCode).toBe(401);
      const spoofed = await app.inject({ method: 'GET', url: '/api/usage', headers: { 'x-user-id': userId } });
      expect(spoofed.statusCode).toBe(401);

      const signedIn = await app.inject({
        method: 'GET',
        url: '/api/usage',
        headers: { cookie: await cookieFor(userId) },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      expect(signedIn.json()).toEqual({ used: 0, limit: 5 });
    });

    it('answers a user whose registration has not arrived as free 0/5 and creates the allowance once', async () => {
      const userId = newUser('early');
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
      const rows = () => infra.database.db.select().from(allowances).where(eq(allowances.userId, userId));
      expect(await rows()).toHaveLength(1);
      // The late user.registered changes nothing.
      await register(userId);
      expect(await rows()).toHaveLength(1);
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
    });

    it('counts the free trial from registration to 5/5, then refuses the 6th with "limit reached"', async () => {
      const userId = newUser('trial');
      await register(userId);
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
      for (let i = 0; i < 5; i += 1) {
        const reply = await reserveOk(userId);
        expect(reply).toMatchObject({ used: i, limit: 5 });
        await generated(userId, reply.reservationId);
        expect(await usageOverHttp(userId)).toEqual({ used: i + 1, limit: 5 });
      }
      const refused = await reserve(userId);
      expect(refused.ok).toBe(false);
      const message = (refused as Extract<ReplyOf<'quota.reserve'>, { ok: false }>).message;
      expect(message).toContain('limit reached');
      expect(message).toBe(
        "Email generation limit reached: you've used 5 of 5 sequences of your free trial. Upgrade to continue generating email sequences.",
      );
      expect(await usageOverHttp(userId)).toEqual({ used: 5, limit: 5 });
    });

    it('holds slots for reservations in flight; a failed generation releases its slot', async () => {
      const userId = newUser('release');
      await register(userId);
      const held = await Promise.all([1, 2, 3, 4, 5].map(() => reserveOk(userId)));
      const refused = await reserve(userId);
      expect(refused).toEqual({ ok: false, reason: 'limit_reached', message: expect.stringMatching(LIMIT_REACHED) });
      // In-flight generations hold the slots; the refusal names them apart from the usage shown.
      expect((refused as { message: string }).message).toBe(
        "Email generation limit reached: you've used 0 of 5 sequences of your free trial, and 5 more are being generated. Upgrade to continue generating email sequences.",
      );
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });

      const failed = await publish('sequence.failed', {
        userId,
        reservationId: held[0]?.reservationId ?? '',
        reason: 'llm timeout',
      });
      await processed(failed);
      const again = await reserveOk(userId);
      expect(again.reservationId).not.toBe(held[0]?.reservationId);
      expect((await reserve(userId)).ok).toBe(false);

      // A release after the commit changes nothing: the user got that sequence.
      await generated(userId, again.reservationId);
      await processed(await publish('sequence.failed', { userId, reservationId: again.reservationId, reason: 'late' }));
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });
      expect((await reserve(userId)).ok).toBe(false);
    });

    it('lets an expired reservation stop counting, and still counts its sequence if it arrives late', async () => {
      const userId = newUser('expiry');
      await register(userId);
      const held = await Promise.all([1, 2, 3, 4, 5].map(() => reserveOk(userId)));
      expect((await reserve(userId)).ok).toBe(false);

      clockOffsetMs = TTL_MS + 1_000;
      try {
        const fresh = await reserveOk(userId);
        expect(fresh).toMatchObject({ used: 0, limit: 5 });
        // The crashed generation's sequence did reach the user after all: it counts.
        await generated(userId, held[0]?.reservationId ?? '');
        expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });

        // A day later, housekeeping removes the long-expired pending rows, not the committed one
        // nor the fresh reservation, which expired less than a day ago.
        clockOffsetMs = 24 * 60 * 60 * 1000 + TTL_MS + 60_000;
        expect(await purgeReservations(deps, 24 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(4);
        const left = await infra.database.db.select().from(reservations).where(eq(reservations.userId, userId));
        expect(left.map((r) => r.state).sort()).toEqual(['committed', 'pending']);
      } finally {
        clockOffsetMs = 0;
      }
    });

    it('counts a duplicated event once, and a second commit of the same reservation never', async () => {
      const userId = newUser('dup');
      await register(userId);
      const { reservationId } = await reserveOk(userId);
      const envelope = createEnvelope('sequence.generated', { userId, reservationId });
      await infra.bus.publish(envelope);
      await infra.bus.publish(envelope);
      await processed(envelope);
      // Another event (new id) for the same reservation, e.g. a publisher that retried.
      await generated(userId, reservationId);
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });
      // Someone else's reservation id does not count for this user.
      const other = newUser('other');
      const theirs = await reserveOk(other);
      await generated(userId, theirs.reservationId);
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });
      expect(await usageOverHttp(other)).toEqual({ used: 0, limit: 5 });
    });

    it('counts a sequence whose user has no allowance row yet (creates it, then counts), and a paid one against the period', async () => {
      const userId = newUser('rowless');
      // No registration and no reserve: only the generated event.
      await generated(userId, crypto.randomUUID());
      const [row] = await infra.database.db.select().from(allowances).where(eq(allowances.userId, userId));
      expect(row).toMatchObject({ plan: 'free', trialUsed: 1, periodUsed: 0 });
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });

      const paid = newUser('paid-commit');
      await register(paid);
      await activate(paid, 100, new Date().toISOString());
      await generated(paid, (await reserveOk(paid)).reservationId);
      const [paidRow] = await infra.database.db.select().from(allowances).where(eq(allowances.userId, paid));
      expect(paidRow).toMatchObject({ plan: 'individual', trialUsed: 0, periodUsed: 1 });
    });

    it('applies an event exactly once when its consumer fails after doing the work', async () => {
      const userId = newUser('flaky');
      await register(userId);
      const { reservationId } = await reserveOk(userId);
      // The service's own consumer steps aside; a flaky twin on the same durable takes over.
      await consumers['sequence.generated'].stop();
      const own = quotaConsumer(deps, 'sequence.generated');
      let attempts = 0;
      const flaky = await consumeIdempotently({
        bus: infra.bus,
        db: infra.database.db,
        tables: quotaEventTables,
        ...own,
        retryDelayMs: 50,
        handle: async (tx, envelope) => {
          attempts += 1;
          await own.handle(tx, envelope);
          if (attempts === 1) throw new Error('connection reset after the update');
        },
      });
      try {
        const envelope = await publish('sequence.generated', { userId, reservationId });
        await processed(envelope);
        expect(attempts).toBe(2);
        expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });
      } finally {
        await flaky.stop();
        consumers['sequence.generated'] = await consumeIdempotently({
          bus: infra.bus,
          db: infra.database.db,
          tables: quotaEventTables,
          ...own,
          retryDelayMs: 50,
        });
      }
    });

    it('activates a paid plan at 0/100, resets on renewal, ignores stale billing events', async () => {
      const userId = newUser('paid');
      await register(userId);
      for (let i = 0; i < 3; i += 1) await generated(userId, (await reserveOk(userId)).reservationId);
      expect(await usageOverHttp(userId)).toEqual({ used: 3, limit: 5 });
      // Issue 13, item 1: the details say which allowance it is and when it starts afresh.
      expect(await detailsOverHttp(userId)).toEqual({ used: 3, limit: 5, plan: 'free', resetsAt: null });

      const firstPeriod = new Date(Date.now() - 60_000).toISOString();
      await activate(userId, 100, firstPeriod);
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 100 });
      const paid = await detailsOverHttp(userId);
      expect(paid).toMatchObject({ used: 0, limit: 100, plan: 'individual' });
      // The period's end as billing.activated gave it (isoDaysFromNow(30)), to the day.
      expect(Math.round((Date.parse(paid.resetsAt ?? '') - Date.now()) / 86_400_000)).toBe(30);
      for (let i = 0; i < 2; i += 1) await generated(userId, (await reserveOk(userId)).reservationId);
      expect(await usageOverHttp(userId)).toEqual({ used: 2, limit: 100 });

      // The same period again (a re-sent activation) keeps the period's usage.
      await activate(userId, 100, firstPeriod);
      expect(await usageOverHttp(userId)).toEqual({ used: 2, limit: 100 });

      const secondPeriod = isoDaysFromNow(0);
      await processed(
        await publish('billing.renewed', {
          userId,
          plan: 'leader',
          limit: 200,
          periodStart: secondPeriod,
          periodEnd: isoDaysFromNow(30),
        }),
      );
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 200 });
      await generated(userId, (await reserveOk(userId)).reservationId);

      // A renewal for the older period arriving late changes nothing.
      await processed(
        await publish('billing.renewed', {
          userId,
          plan: 'individual',
          limit: 100,
          periodStart: firstPeriod,
          periodEnd: isoDaysFromNow(30),
        }),
      );
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 200 });

      // Concurrent in waves of 25 (more than the pool's 10 connections, so still racing for the
      // allowance lock): one wave of 200 can queue a request past the kit's 3 s wait for a database
      // connection on a loaded 2-core machine, which answers "database unreachable", not the limit.
      const refusedPaid: Awaited<ReturnType<typeof reserve>>[] = [];
      for (let wave = 0; wave < 8; wave += 1) {
        refusedPaid.push(...(await Promise.all(Array.from({ length: 25 }, () => reserve(userId)))));
      }
      const lastRefusal = refusedPaid.find((reply) => !reply.ok) as { message: string } | undefined;
      expect(refusedPaid.filter((reply) => reply.ok)).toHaveLength(199);
      // 1 used and 199 in flight: the refusal shows the usage GET /api/usage shows, and names the rest.
      expect(lastRefusal?.message).toBe(
        "Email generation limit reached: you've used 1 of 200 sequences on your plan this period, and 199 more are being generated. Upgrade to continue generating email sequences.",
      );
    });

    it('answers polls from the usage cache, current after every change, with 304 when the tab holds it (issue 12)', async () => {
      const userId = newUser('polled');
      await register(userId);
      const poll = async (ifNoneMatch?: string) =>
        app.inject({
          method: 'GET',
          url: '/api/usage',
          headers: { cookie: await cookieFor(userId), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
        });
      const first = await poll();
      expect(first.json()).toEqual({ used: 0, limit: 5 });
      expect(first.headers.etag).toBe('"0-5"');
      expect(first.headers['cache-control']).toBe('no-store');
      // The tab already holds 0/5: no body (weak tags and lists match too, RFC 9110 §13.1.2).
      for (const held of ['"0-5"', 'W/"0-5"', '"9-9", "0-5"', '*']) {
        const again = await poll(held);
        expect(again.statusCode, held).toBe(304);
        expect(again.body).toBe('');
        // No length for a body it does not have: a proxy reading one would wait for it.
        expect(again.headers['content-length'], held).toBeUndefined();
        expect(again.headers.etag).toBe('"0-5"');
      }
      expect((await poll('"1-5"')).statusCode).toBe(200);

      // Read from the cache, not the row: a change that bypasses quota's own writers (never done
      // outside this test) is not seen...
      await infra.database.db.update(allowances).set({ trialUsed: 4 }).where(eq(allowances.userId, userId));
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
      await infra.database.db.update(allowances).set({ trialUsed: 0 }).where(eq(allowances.userId, userId));

      // ...while every change quota makes shows on the next poll: a generation,
      const [before] = await infra.database.db.select().from(allowances).where(eq(allowances.userId, userId));
      const { reservationId } = await reserveOk(userId);
      await generated(userId, reservationId);
      const afterGeneration = await poll('"0-5"');
      expect(afterGeneration.statusCode).toBe(200);
      expect(afterGeneration.json()).toEqual({ used: 1, limit: 5 });
      expect(afterGeneration.headers.etag).toBe('"1-5"');

      // even when a poll that read the row before that change stores its older read after the
      // change's transaction dropped the entry: the refresh after the commit replaces it (versions).
      const key = `usage:${userId}`;
      await infra.store.delete(key);
      expect(await infra.store.setIfNewer(key, before?.version ?? 1, '{"used":0,"limit":5}', 60_000)).toBe(true);
      await deps.usageCache.refresh(infra.database.db, userId);
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });

      // and a purchase: no stale limit after it.
      await activate(userId, 100, new Date().toISOString());
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 100 });
      await processed(await publish('billing.canceled', { userId }));
      expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });
    });

    it('cancels back to the free trial with its lifetime usage, never a fresh one', async () => {
      const userId = newUser('cancel');
      await register(userId);
      for (let i = 0; i < 4; i += 1) await generated(userId, (await reserveOk(userId)).reservationId);
      const activatedAt = new Date();
      await activate(userId, 100, new Date(Date.now() - 1000).toISOString(), activatedAt);
      for (let i = 0; i < 7; i += 1) await generated(userId, (await reserveOk(userId)).reservationId);
      expect(await usageOverHttp(userId)).toEqual({ used: 7, limit: 100 });

      // A cancel older than the activation (delivered late) is ignored.
      await processed(await publish('billing.canceled', { userId }, new Date(activatedAt.getTime() - 60_000)));
      expect(await usageOverHttp(userId)).toEqual({ used: 7, limit: 100 });

      await processed(await publish('billing.canceled', { userId }));
      expect(await usageOverHttp(userId)).toEqual({ used: 4, limit: 5 });
      const last = await reserveOk(userId);
      expect(last).toMatchObject({ used: 4, limit: 5 });
      await generated(userId, last.reservationId);
      expect((await reserve(userId)).ok).toBe(false);
      expect(await usageOverHttp(userId)).toEqual({ used: 5, limit: 5 });
    });

    it('never oversells: 20 concurrent reserves against 5 slots give exactly 5', async () => {
      const userId = newUser('race');
      await register(userId);
      const replies = await Promise.all(Array.from({ length: 20 }, () => reserve(userId)));
      const granted = replies.filter((reply) => reply.ok);
      expect(granted).toHaveLength(5);
      expect(new Set(granted.map((reply) => reply.reservationId)).size).toBe(5);
      for (const reply of replies.filter((r) => !r.ok)) {
        expect((reply as { message: string }).message).toMatch(LIMIT_REACHED);
      }
      const pending = await infra.database.db.select().from(reservations).where(eq(reservations.userId, userId));
      expect(pending).toHaveLength(5);

      // With 2 of 5 used, 20 concurrent reserves get exactly the 3 slots left.
      const second = newUser('race2');
      await register(second);
      for (let i = 0; i < 2; i += 1) await generated(second, (await reserveOk(second)).reservationId);
      const more = await Promise.all(Array.from({ length: 20 }, () => reserve(second)));
      expect(more.filter((reply) => reply.ok)).toHaveLength(3);
    });

    it('refuses a reservation without a user id, and ignores a commit with a malformed reservation id', async () => {
      expect(await reserve('  ')).toEqual({ ok: false, message: expect.stringMatching(/user id/) });
      const userId = newUser('malformed');
      await register(userId);
      await generated(userId, 'not-a-uuid');
      expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
    });

    describe('requests whose caller gave up (issue 10, finding 4)', () => {
      const rowsOf = (userId: string) =>
        infra.database.db.select().from(reservations).where(eq(reservations.userId, userId));
      const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

      it('refuses a request past its deadline (or too close to it to answer) and reserves nothing', async () => {
        const userId = newUser('late');
        await register(userId);
        for (const deadline of [isoIn(-4_500), isoIn(-1), isoIn(DEADLINE_MARGIN_MS / 4)]) {
          const refused = await reserve(userId, { deadline });
          expect(refused).toEqual({
            ok: false,
            reason: 'expired',
            message: expect.stringMatching(/nothing was reserved/),
          });
          // Not the plan limit: the browser must not be sent to /subscribe for it (docs/product.md §8).
          expect((refused as { message: string }).message).not.toMatch(/limit reached|Email generation limit/i);
        }
        expect(await rowsOf(userId)).toEqual([]);
        // All five slots are still there.
        const held = await Promise.all([1, 2, 3, 4, 5].map(() => reserveOk(userId)));
        expect(held).toHaveLength(5);
        expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
      });

      it("judges the deadline by its own clock: a request in time on the caller's clock but late on quota's is refused", async () => {
        const userId = newUser('skew');
        await register(userId);
        clockOffsetMs = 3_000;
        try {
          expect(await reserve(userId, { deadline: isoIn(2_000) })).toMatchObject({ ok: false, reason: 'expired' });
        } finally {
          clockOffsetMs = 0;
        }
        expect(await rowsOf(userId)).toEqual([]);
      });

      it('makes one reservation of a duplicated request, however often and however concurrently it comes', async () => {
        const userId = newUser('twice');
        await register(userId);
        const requestId = crypto.randomUUID();
        const replies = await Promise.all([1, 2, 3].map(() => reserve(userId, { requestId })));
        expect(replies).toEqual(replies.map(() => ({ ok: true, reservationId: requestId, used: 0, limit: 5 })));
        expect(await reserve(userId, { requestId })).toMatchObject({ ok: true, reservationId: requestId });
        const rows = await rowsOf(userId);
        expect(rows.map((row) => [row.id, row.state])).toEqual([[requestId, 'pending']]);
        // One slot held, four left.
        for (let i = 0; i < 4; i += 1) await reserveOk(userId);
        expect(await reserve(userId)).toMatchObject({ ok: false, reason: 'limit_reached' });

        // Once committed, the same request reserves nothing more, and usage counts it once.
        await generated(userId, requestId);
        expect(await reserve(userId, { requestId })).toMatchObject({ ok: false, reason: 'expired' });
        expect(await usageOverHttp(userId)).toEqual({ used: 1, limit: 5 });
        // Another user's request with the same id takes nothing of it.
        const other = newUser('twice-other');
        expect(await reserve(other, { requestId })).toMatchObject({ ok: false, reason: 'expired' });
        expect(await rowsOf(other)).toEqual([]);
      });

      it('keeps a release that comes before its request, and refuses the request when it arrives', async () => {
        const userId = newUser('tombstone');
        await register(userId);
        const requestId = crypto.randomUUID();
        await processed(
          await publish('sequence.failed', { userId, reservationId: requestId, reason: 'quota_unanswered' }),
        );
        expect((await rowsOf(userId)).map((row) => [row.id, row.state])).toEqual([[requestId, 'released']]);

        // The stalled request, still within its deadline on quota's clock, finds the release.
        expect(await reserve(userId, { requestId })).toEqual({
          ok: false,
          reason: 'expired',
          message: expect.stringMatching(/already settled/),
        });
        expect((await rowsOf(userId)).map((row) => row.state)).toEqual(['released']);
        expect(await usageOverHttp(userId)).toEqual({ used: 0, limit: 5 });
        const held = await Promise.all([1, 2, 3, 4, 5].map(() => reserveOk(userId)));
        expect(held).toHaveLength(5);

        // The other order: reserved, then released by the caller that stopped waiting.
        const second = newUser('tombstone-after');
        await register(second);
        const late = crypto.randomUUID();
        const kept = await reserveOk(second);
        expect(await reserve(second, { requestId: late })).toMatchObject({ ok: true, reservationId: late });
        await processed(
          await publish('sequence.failed', { userId: second, reservationId: late, reason: 'quota_unanswered' }),
        );
        const pending = (await rowsOf(second)).filter((row) => row.state === 'pending');
        expect(pending.map((row) => row.id)).toEqual([kept.reservationId]);

        // A release naming someone else's reservation leaves it held.
        await processed(
          await publish('sequence.failed', { userId, reservationId: kept.reservationId, reason: 'forged' }),
        );
        const [victim] = await infra.database.db
          .select()
          .from(reservations)
          .where(eq(reservations.id, kept.reservationId));
        expect(victim).toMatchObject({ userId: second, state: 'pending' });

        // Housekeeping removes the tombstone after a day, when any request it answers is long past its deadline.
        clockOffsetMs = 24 * 60 * 60 * 1000 + 60_000;
        try {
          await purgeReservations(deps, 24 * 60 * 60 * 1000);
          expect(await infra.database.db.select().from(reservations).where(eq(reservations.id, requestId))).toEqual([]);
        } finally {
          clockOffsetMs = 0;
        }
      });
    });

    it('answers JSON 404 for unknown routes, and health and readiness', async () => {
      const missing = await app.inject({ method: 'GET', url: '/api/nope' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/nope' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });
  });
});

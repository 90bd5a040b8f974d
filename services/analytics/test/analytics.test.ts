/**
 * Issue 11, item 3: first-party analytics that arrive. POST /api/events validates and stores a
 * batch (nothing stored when refused), a PostHog-compatible sink on 127.0.0.1 receives it (and
 * everything a sink that was down missed), domain events from the bus feed the same table once
 * each, and the README's funnel query counts them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type ConsumerHandle,
  createSessionVerifier,
  issueSessionToken,
  parseConfig,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, createEnvelope, type EventData, type EventType, requestCatalogue } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewayConfigShape } from '../../gateway/src/config.ts';
import { bodyLimitOf, ROUTES } from '../../gateway/src/routes.ts';
import { ANALYTICS_BODY_LIMIT, createApp } from '../src/app.ts';
import { events, processedEvents } from '../src/data/schema.ts';
import { analyticsDurable, startFunnelConsumers } from '../src/domain/consumers.ts';
import { FUNNEL_SQL, readFunnel } from '../src/domain/funnel.ts';
import { SinkRelay } from '../src/domain/sink.ts';
import { startCaptureServer } from './capture-server.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

let addressCounter = 0;
/** A new client address (documentation range) as the gateway reports it in X-Forwarded-For. */
const freshIp = () => `198.51.100.${++addressCounter}`;
const anonymousId = () => `anon_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
const event = (name: string, props: Record<string, unknown> = {}) => ({
  name,
  at: new Date().toISOString(),
  props,
});

/** Every event is handed to the handler twice (a lost ack): each must be stored once. */
const redelivering = (bus: Bus, redelivered: Set<string>): Pick<Bus, 'consume'> => ({
  consume: (options) =>
    bus.consume({
      ...options,
      handler: async (envelope, delivery) => {
        await options.handler(envelope, delivery);
        await options.handler(envelope, { deliveryCount: delivery.deliveryCount + 1 });
        redelivered.add(envelope.id);
      },
    }),
});

describe('analytics behind the gateway', () => {
  it('is routed /api/events and held there to its own body limit', () => {
    const route = ROUTES.find((entry) => entry.prefix === '/api/events');
    expect(route?.service).toBe('analytics');
    expect(bodyLimitOf(parseConfig(gatewayConfigShape, {}), route)).toBe(ANALYTICS_BODY_LIMIT);
  });
});

describe.each(await variantsToRun())('analytics on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  let consumers: ConsumerHandle[] = [];
  let cookie: string;
  const redelivered = new Set<string>();
  const logger = quietLogger();

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-forwarded-for': freshIp(), ...headers },
      payload: payload as object,
    });
  const countRows = async (where = sql`true`) => {
    const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(events).where(where);
    return row?.n ?? 0;
  };
  const publish = async <T extends EventType>(type: T, data: EventData<T>) => {
    const envelope = createEnvelope(type, data);
    await infra.bus.publish(envelope);
    return envelope;
  };

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'analytics', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    consumers = await startFunnelConsumers({ bus: redelivering(infra.bus, redelivered), db: infra.database.db });
    app = createApp({
      logger,
      db: infra.database.db,
      sessions: createSessionVerifier(secret),
      readiness: infra.readiness,
      store: infra.store,
      trustedProxies: 'loopback',
      publicUrl: 'https://app.seqgen.test',
    });
    await app.ready();
    const token = await issueSessionToken(secret, { userId: 'user-1', email: 'rep@example.com', sessionId: 's1' });
    cookie = `${SESSION_COOKIE}=${token}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('stores a batch with the user from the session cookie, never from the body', async () => {
      const anon = anonymousId();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const signedOut = await post({
        anonymousId: anon,
        events: [{ ...event('page_view', { path: '/' }), at: tomorrow }],
      });
      expect(signedOut.statusCode).toBe(202);
      expect(signedOut.json()).toEqual({ accepted: 1 });

      const signedIn = await post(
        {
          anonymousId: anon,
          events: [
            event('auth', { action: 'register', outcome: 'success' }),
            event('analysis_completed', { count: 3 }),
          ],
        },
        { cookie },
      );
      expect(signedIn.statusCode).toBe(202);
      expect(signedIn.json()).toEqual({ accepted: 2 });

      const rows = await infra.database.db.select().from(events).where(eq(events.anonymousId, anon));
      expect(rows.map((row) => [row.name, row.userId, row.source]).sort()).toEqual([
        ['analysis_completed', 'user-1', 'web'],
        ['auth', 'user-1', 'web'],
        ['page_view', null, 'web'],
      ]);
      expect(rows.find((row) => row.name === 'analysis_completed')?.props).toEqual({ count: 3 });
      expect(rows.every((row) => row.occurredAt.getTime() <= row.receivedAt.getTime())).toBe(true);
      expect(rows.every((row) => row.forwardedAt === null)).toBe(true);

      // A user id in the body is not a field: refused, not believed.
      const claimed = await post({ anonymousId: anon, userId: 'someone-else', events: [event('page_view')] });
      expect(claimed.statusCode).toBe(400);
    });

    const tooMany = Array.from({ length: 51 }, () => event('page_view'));
    it.each([
      ['no body fields', {}, /anonymousId/],
      ['a list instead of an object', [event('page_view')], /JSON object/],
      ['no events', { anonymousId: 'abcdefgh12', events: [] }, /events: send at least one event/],
      ['51 events', { anonymousId: 'abcdefgh12', events: tooMany }, /events: at most 50 events per batch/],
      ['an unknown event name', { anonymousId: 'abcdefgh12', events: [event('purchase_made')] }, /events\.0\.name/],
      ['an unknown property', { anonymousId: 'abcdefgh12', events: [event('page_view', { email: 'x' })] }, /props/],
      [
        'an e-mail address in a property',
        { anonymousId: 'abcdefgh12', events: [event('button_click', { label: 'Write to ada@acme.com' })] },
        /events\.0\.props\.label: looks like an e-mail address/,
      ],
      [
        'a NUL in a property',
        { anonymousId: 'abcdefgh12', events: [event('button_click', { label: 'a\u0000b' })] },
        /events\.0\.props\.label: contains a character that is not allowed/,
      ],
      [
        'an over-long property',
        { anonymousId: 'abcdefgh12', events: [event('button_click', { label: 'x'.repeat(121) })] },
        /events\.0\.props\.label: is too long/,
      ],
      [
        'a nested property',
        { anonymousId: 'abcdefgh12', events: [event('button_click', { label: { deep: 'x' } })] },
        /events\.0\.props\.label/,
      ],
      ['a bad time', { anonymousId: 'abcdefgh12', events: [{ name: 'page_view', at: 'yesterday' }] }, /events\.0\.at/],
      [
        'an e-mail address as the browser id',
        { anonymousId: 'ada@acme.com', events: [event('page_view')] },
        /anonymousId/,
      ],
    ])('refuses %s with a 400 naming the field, storing nothing', async (_label, payload, message) => {
      const before = await countRows();
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
      expect(await countRows()).toBe(before);
    });

    it('refuses malformed JSON, text/plain, an oversized body and a cross-site beacon, storing nothing', async () => {
      const before = await countRows();
      const malformed = await post('{"anonymousId": "abcdefgh12", "events": [', { 'content-type': 'application/json' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON.' });

      const text = await post(JSON.stringify({ anonymousId: 'abcdefgh12', events: [event('page_view')] }), {
        'content-type': 'text/plain',
      });
      expect(text.statusCode).toBe(415);

      const huge = await post({
        anonymousId: 'abcdefgh12',
        events: Array.from({ length: 50 }, () => event('button_click', { label: 'x'.repeat(1000) })),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large.' });

      const crossSite = await post(
        { anonymousId: 'abcdefgh12', events: [event('page_view')] },
        { origin: 'https://evil.example', 'content-type': 'application/json' },
      );
      expect(crossSite.statusCode).toBe(403);
      expect(await countRows()).toBe(before);

      const sameSite = await post(
        { anonymousId: 'abcdefgh12', events: [event('page_view')] },
        { origin: 'https://app.seqgen.test', 'content-type': 'application/json' },
      );
      expect(sameSite.statusCode).toBe(202);
    });

    it('takes 60 batches a minute from one address, then a clear 429; other addresses and signed-in users are unaffected', async () => {
      const ip = freshIp();
      const batch = { anonymousId: anonymousId(), events: [event('page_view')] };
      const statuses: number[] = [];
      for (let i = 0; i < 62; i++) statuses.push((await post(batch, { 'x-forwarded-for': ip })).statusCode);
      expect(statuses).toEqual([...Array(60).fill(202), 429, 429]);
      const refused = await post(batch, { 'x-forwarded-for': ip });
      expect(refused.json()).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(
          /^Too many analytics batches from your address\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
        ),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await countRows(eq(events.anonymousId, batch.anonymousId))).toBe(60);
      expect((await post(batch)).statusCode).toBe(202);
      // Signed in, a person is counted alone, not with everyone behind their office's address.
      expect((await post(batch, { 'x-forwarded-for': ip, cookie })).statusCode).toBe(202);
    });

    it('stores each domain event once, even when it is delivered twice, without the e-mail address', async () => {
      const userId = `user-${crypto.randomUUID()}`;
      const published = [
        await publish('user.registered', { userId, email: 'new@acme.com' }),
        await publish('sequence.generated', { userId, reservationId: crypto.randomUUID() }),
        await publish('sequence.saved', { userId, savedSequenceId: crypto.randomUUID() }),
        await publish('feedback.recorded', { userId, feedbackId: crypto.randomUUID(), rating: 'good' }),
        await publish('billing.activated', {
          userId,
          plan: 'individual',
          limit: 100,
          periodStart: new Date().toISOString(),
          periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        }),
        await publish('billing.canceled', { userId }),
      ];
      await expect
        .poll(() => published.every((envelope) => redelivered.has(envelope.id)), { timeout: 20_000, interval: 50 })
        .toBe(true);
      const rows = await infra.database.db.select().from(events).where(eq(events.userId, userId));
      expect(rows.map((row) => row.name).sort()).toEqual(
        [
          'billing.activated',
          'billing.canceled',
          'feedback.recorded',
          'sequence.generated',
          'sequence.saved',
          'user.registered',
        ].sort(),
      );
      expect(rows.every((row) => row.source === 'domain')).toBe(true);
      expect(rows.map((row) => row.id).sort()).toEqual(published.map((envelope) => envelope.id).sort());
      expect(rows.find((row) => row.name === 'feedback.recorded')?.props).toEqual({ rating: 'good' });
      expect(rows.find((row) => row.name === 'billing.activated')?.props).toEqual({ plan: 'individual' });
      expect(JSON.stringify(rows)).not.toContain('new@acme.com');
      // Idempotent by the row's key alone (one statement per event): no processed_events rows.
      const [processed] = await infra.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(processedEvents)
        .where(eq(processedEvents.consumer, analyticsDurable('user.registered')));
      expect(processed?.n).toBe(0);
    });

    describe('the sink', () => {
      let sink: Awaited<ReturnType<typeof startCaptureServer>>;
      let relay: SinkRelay | undefined;

      afterEach(async () => {
        await relay?.stop();
        await sink?.close();
      });

      const forwardEverythingSoFar = async () => {
        // Rows from the other tests go first; this test's own rows are what it checks.
        await infra.database.db.update(events).set({ forwardedAt: new Date() }).where(sql`forwarded_at is null`);
      };

      it('forwards stored events to a PostHog-compatible batch endpoint and marks them forwarded', async () => {
        await forwardEverythingSoFar();
        sink = await startCaptureServer();
        relay = new SinkRelay({
          db: infra.database.db,
          url: sink.url,
          apiKey: 'phc_test_key',
          logger,
          pollIntervalMs: 100,
        });
        relay.start();
        const anon = anonymousId();
        expect((await post({ anonymousId: anon, events: [event('page_view', { path: '/pricing' })] })).statusCode).toBe(
          202,
        );
        expect(
          (await post({ anonymousId: anon, events: [event('button_click', { label: 'Get Started' })] }, { cookie }))
            .statusCode,
        ).toBe(202);

        await expect.poll(() => sink.events().length, { timeout: 10_000 }).toBe(2);
        expect(sink.batches.every((body) => body.api_key === 'phc_test_key')).toBe(true);
        const byName = Object.fromEntries(sink.events().map((e) => [e.event, e]));
        expect(byName.page_view).toEqual({
          event: 'page_view',
          distinct_id: anon,
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          properties: {
            path: '/pricing',
            distinct_id: anon,
            source: 'web',
            anonymous_id: anon,
            $process_person_profile: false,
          },
        });
        expect(byName.button_click).toMatchObject({
          distinct_id: 'user-1',
          properties: { label: 'Get Started', distinct_id: 'user-1', anonymous_id: anon },
        });
        expect(byName.button_click?.properties).not.toHaveProperty('$process_person_profile');
        await expect.poll(() => relay?.pending()).toBe(0);
      });

      it('keeps events while the sink is down, answers the user at once, and delivers them later', async () => {
        await forwardEverythingSoFar();
        sink = await startCaptureServer();
        sink.state.down = true;
        relay = new SinkRelay({
          db: infra.database.db,
          url: sink.url,
          logger,
          pollIntervalMs: 100,
          maxBackoffMs: 300,
        });
        relay.start();
        const anon = anonymousId();
        for (const name of ['page_view', 'section_navigation', 'button_click']) {
          expect((await post({ anonymousId: anon, events: [event(name)] })).statusCode).toBe(202);
        }
        await expect.poll(() => sink.attempts(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        expect(sink.events()).toEqual([]);
        expect(await relay.pending()).toBe(3);

        sink.state.down = false;
        await expect.poll(() => sink.events().length, { timeout: 10_000 }).toBe(3);
        expect(new Set(sink.events().map((e) => e.uuid)).size).toBe(3);
        // The sink has the body before the relay has its answer and marks the rows.
        await expect.poll(() => relay?.pending()).toBe(0);
        // Without an api key configured, none is sent.
        expect(sink.batches.every((body) => !('api_key' in body))).toBe(true);
      });
    });

    it('counts the funnel with the query the README shows', async () => {
      expect(readme).toContain(FUNNEL_SQL);
      await infra.database.db.delete(events);
      const at = new Date();
      const row = (name: string, user: string | null, anon: string | null, source: 'web' | 'domain' = 'domain') => ({
        id: crypto.randomUUID(),
        name,
        source,
        userId: user,
        anonymousId: anon,
        props: {},
        occurredAt: at,
      });
      await infra.database.db.insert(events).values([
        // Four browsers visit (one twice), three people sign up ...
        row('page_view', null, 'b1', 'web'),
        row('page_view', null, 'b1', 'web'),
        row('page_view', 'u1', 'b2', 'web'),
        row('page_view', null, 'b3', 'web'),
        row('page_view', null, 'b4', 'web'),
        row('user.registered', 'u1', null),
        row('user.registered', 'u2', null),
        row('user.registered', 'u3', null),
        // ... two analyse (one twice), two generate, one saves twice, one buys and cancels.
        row('analysis_completed', 'u1', 'b2', 'web'),
        row('analysis_completed', 'u1', 'b2', 'web'),
        row('analysis_completed', 'u2', 'b5', 'web'),
        row('sequence.generated', 'u1', null),
        row('sequence.generated', 'u2', null),
        row('sequence.saved', 'u1', null),
        row('sequence.saved', 'u1', null),
        row('sequence_saved', 'u2', 'b5', 'web'),
        row('billing.activated', 'u1', null),
        row('billing.canceled', 'u1', null),
        row('button_click', null, 'b9', 'web'),
      ]);
      expect(await readFunnel(infra.database.db)).toEqual({
        visits: 4,
        signUps: 3,
        analyses: 2,
        generations: 2,
        saves: 1,
        purchases: 1,
      });
    });
  });
});

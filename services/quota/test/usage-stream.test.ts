/**
 * Issue 25, item 2: usage pushed to the browser. GET /api/usage/stream sends the usage at once,
 * then again whenever an allowance change committed (whichever replica's consumer made it: the
 * change is broadcast over the bus), only to that user's streams, and closes the stream with an
 * `ended` event when auth says the session ended. Real HTTP on loopback, on the embedded bus and
 * store and on NATS and Redis.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  cachedLiveness,
  createSessionVerifier,
  issueSessionToken,
  SESSION_COOKIE,
  SESSION_ENDED_TOPIC,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, askSessionStatus, createEnvelope, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { QuotaDeps } from '../src/domain/quota.ts';
import { UsageCache } from '../src/domain/usage-cache.ts';
import { UsageFeed } from '../src/domain/usage-feed.ts';
import { type QuotaEvent, startQuotaConsumers, stopConsumers } from '../src/events/consumers.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('quota-stream-secret-quota-stream-secret-0123');
const newUser = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

/** The events of an open stream as they arrive, and whether it has ended. */
async function openStream(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const events: { event: string; data: unknown }[] = [];
  let closed = false;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // the test closed it
      }
      closed = true;
    })();
    return { response, events, closed: () => closed, close: () => reader.cancel().catch(() => {}) };
  }
  return { response, events, closed: () => true, close: async () => {} };
}

describe.each(await variantsToRun())('usage pushed over a stream on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  let deps: QuotaDeps;
  let consumers: Record<QuotaEvent, ConsumerHandle>;
  let sessionStatus: ConsumerHandle;
  let base: string;
  const logger = quietLogger();
  const cookieFor = async (userId: string, sessionId = `s-${userId}`) =>
    `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: `${userId}@acme.com`, sessionId })}`;
  const activate = (userId: string, limit: number) =>
    infra.bus.publish(
      createEnvelope('billing.activated', {
        userId,
        plan: 'individual',
        limit,
        periodStart: new Date().toISOString(),
        periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    );

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
      reservationTtlMs: 300_000,
      now: () => new Date(),
      usageCache: new UsageCache(infra.store, logger),
      usageFeed: new UsageFeed(infra.bus),
    };
    await deps.usageFeed?.start();
    sessionStatus = await infra.bus.respond('auth.session-status', async ({ sessionId }) => ({
      live: !sessionId.startsWith('ended'),
    }));
    consumers = await startQuotaConsumers(infra.bus, deps, { retryDelayMs: 50 });
    app = createApp({
      ...deps,
      sessions: createSessionVerifier(secret, {
        liveness: cachedLiveness(askSessionStatus(infra.bus), { revocations: infra.bus }),
      }),
      readiness: infra.readiness,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    if (consumers) await stopConsumers(consumers);
    await deps?.usageFeed?.stop();
    await sessionStatus?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('sends the usage at once, then each change, only to its own user', async () => {
      const [alice, bob] = [newUser('alice'), newUser('bob')];
      const streamA = await openStream(`${base}/api/usage/stream`, await cookieFor(alice));
      const streamB = await openStream(`${base}/api/usage/stream`, await cookieFor(bob));
      try {
        expect(streamA.response.status).toBe(200);
        expect(streamA.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        await expect.poll(() => streamA.events).toEqual([{ event: 'usage', data: { used: 0, limit: 5 } }]);
        await expect.poll(() => streamB.events).toHaveLength(1);
        await expect.poll(() => deps.usageFeed?.watching).toBe(2);

        await activate(alice, 100);
        await expect
          .poll(() => streamA.events.at(-1), { timeout: 10_000 })
          .toEqual({ event: 'usage', data: { used: 0, limit: 100 } });
        await activate(alice, 200);
        await expect
          .poll(() => streamA.events.at(-1), { timeout: 10_000 })
          .toEqual({ event: 'usage', data: { used: 0, limit: 200 } });
        // Bob heard nothing of Alice's plan.
        expect(streamB.events).toEqual([{ event: 'usage', data: { used: 0, limit: 5 } }]);
      } finally {
        await streamA.close();
        await streamB.close();
      }
      // A reader who left is forgotten.
      await expect.poll(() => deps.usageFeed?.watching).toBe(0);
    });

    it("ends the stream when auth says the session ended, and leaves the user's other sessions", async () => {
      const userId = newUser('ending');
      const ending = await openStream(`${base}/api/usage/stream`, await cookieFor(userId, 'closing-1'));
      const staying = await openStream(`${base}/api/usage/stream`, await cookieFor(userId, 'live-1'));
      try {
        await expect.poll(() => ending.events).toHaveLength(1);
        await expect.poll(() => staying.events).toHaveLength(1);
        infra.bus.broadcast(SESSION_ENDED_TOPIC, JSON.stringify({ userId, sessionId: 'closing-1' }));
        await expect.poll(() => ending.events.at(-1)).toEqual({ event: 'ended', data: {} });
        await expect.poll(() => ending.closed()).toBe(true);
        expect(staying.closed()).toBe(false);
        // The ended session cannot open another stream.
        expect(
          (await openStream(`${base}/api/usage/stream`, await cookieFor(userId, 'closing-1'))).response.status,
        ).toBe(401);
      } finally {
        await ending.close();
        await staying.close();
      }
    });

    it('refuses a stream without a session', async () => {
      const anonymous = await openStream(`${base}/api/usage/stream`);
      expect(anonymous.response.status).toBe(401);
      expect(await anonymous.response.json()).toMatchObject({ error: 'unauthorized' });
    });
  });
});

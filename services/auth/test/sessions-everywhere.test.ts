import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  cachedLiveness,
  createSessionVerifier,
  type DatabaseHandle,
  issueSessionToken,
  type KeyValueStore,
  Outbox,
  openDatabase,
  openStore,
  parseConfig,
  SESSION_ENDED_TOPIC,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../gateway/src/app.ts';
import { gatewayConfigShape } from '../../gateway/src/config.ts';
import { createApp as createWaitlistApp } from '../../waitlist/src/app.ts';
import {
  outbox as waitlistOutboxTable,
  processedEvents as waitlistProcessedEvents,
} from '../../waitlist/src/data/schema.ts';
import { createApp } from '../src/app.ts';
import { outbox as outboxTable, processedEvents } from '../src/data/schema.ts';
import { answerSessionStatus } from '../src/events/session-status.ts';
import { createMailer, MailQueue } from '../src/mail/mailer.ts';
import { startSmtpServer } from './support.ts';

const authMigrations = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const waitlistMigrations = fileURLToPath(new URL('../../waitlist/src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('system-test-secret-system-test-secret-0123');

const listenOn = async (app: Service) => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

/**
 * The system as it runs: browser-like HTTP to the gateway, which proxies to auth and waitlist;
 * waitlist trusts a session only after asking auth over the bus (NATS on the real variant).
 */
describe.each(await variantsToRun())('sessions across services on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let waitlistDb: DatabaseHandle;
  let auth: Service;
  let waitlist: Service;
  let gateway: Service;
  let gatewayStore: KeyValueStore;
  let outboxes: Outbox[];
  let responder: ConsumerHandle | undefined;
  let mail: MailQueue;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let base: string;
  let authBase: string;
  const logger = quietLogger();
  let counter = 0;
  const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now().toString(36)}@acme.com`;

  const call = (url: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`${base}${url}`, { ...init, headers, redirect: 'manual' });
  };
  const postJson = (url: string, body: object, headers: Record<string, string> = {}) =>
    call(url, { method: 'POST', body: JSON.stringify(body), headers: { origin: base, ...headers } });
  const sessionOf = (response: Response) => {
    const set = response.headers.getSetCookie().find((c) => /^seqgen_session=[^;]/.test(c));
    if (!set) throw new Error('no session cookie');
    return set.split(';')[0] as string;
  };
  const registerThroughGateway = async (email: string) => {
    const response = await postJson('/api/register', { email, password: 'correct horse battery' });
    expect(response.status).toBe(201);
    return sessionOf(response);
  };
  const waitlistStatus = async (cookie?: string, headers: Record<string, string> = {}) =>
    (await call('/api/waitlist', { cookie, headers })).status;

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'auth', authMigrations, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    // Waitlist gets its own schema in the same test database, and shares the bus with auth.
    waitlistDb = await openDatabase({
      url: infra.config.DATABASE_URL,
      dataDir: infra.config.DATA_DIR,
      schema: 'waitlist',
      migrationsFolder: waitlistMigrations,
      logger,
    });
    smtp = await startSmtpServer();
    mail = new MailQueue(createMailer({ smtpUrl: smtp.url, from: 'seqgen <no-reply@seqgen.test>', logger }), logger);
    const authOutbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
    const waitlistOutbox = new Outbox({
      db: waitlistDb.db,
      tables: { outbox: waitlistOutboxTable, processedEvents: waitlistProcessedEvents },
      bus: infra.bus,
      logger,
    });
    outboxes = [authOutbox, waitlistOutbox];
    for (const outbox of outboxes) outbox.start();
    responder = await answerSessionStatus(infra.bus, { db: infra.database.db });

    auth = createApp({
      logger,
      readiness: infra.readiness,
      db: infra.database.db,
      outbox: authOutbox,
      store: infra.store,
      secret,
      mail,
      google: null,
      bcryptCost: 4,
      sessionTtlSeconds: 3600,
      trustedProxies: 'loopback',
      // As auth's main.ts: every ended session is broadcast to the other services.
      sessionsEnded: (ended) => infra.bus.broadcast(SESSION_ENDED_TOPIC, JSON.stringify(ended)),
    });
    authBase = await listenOn(auth);
    waitlist = createWaitlistApp({
      logger,
      db: waitlistDb.db,
      outbox: waitlistOutbox,
      // As defineService builds it: asking auth over the bus, live answers kept for ten minutes
      // since auth's broadcasts drop ended sessions (issue 25, item 2).
      sessions: createSessionVerifier(secret, {
        liveness: cachedLiveness(askSessionStatus(infra.bus), { revocations: infra.bus }),
      }),
      readiness: infra.readiness,
    });
    const waitlistBase = await listenOn(waitlist);
    gatewayStore = await openStore({
      url: infra.config.REDIS_URL,
      namespace: `test:gateway:${Math.random().toString(36).slice(2)}`,
    });
    const config = parseConfig(gatewayConfigShape, {
      AUTH_URL: authBase,
      WAITLIST_URL: waitlistBase,
      WEB_DIST: mkdtempSync(path.join(os.tmpdir(), 'seqgen-no-web-')),
      LOG_LEVEL: 'silent',
    });
    gateway = createGateway({ config, logger, store: gatewayStore });
    base = await listenOn(gateway);
  });

  afterAll(async () => {
    if (variant.skip) return;
    await gateway?.close();
    await waitlist?.close();
    await auth?.close();
    await gatewayStore?.close();
    await mail?.idle();
    await responder?.stop();
    for (const outbox of outboxes ?? []) await outbox.stop();
    await smtp?.close();
    await waitlistDb?.close();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('GET /api/waitlist needs a real session; logout ends it there within seconds', async () => {
      const email = uniqueEmail('everywhere');
      const cookie = await registerThroughGateway(email);
      expect(await waitlistStatus(cookie)).toBe(200);
      expect(await waitlistStatus()).toBe(401);

      // Signed with the right key but naming a session auth never started.
      const minted = await issueSessionToken(secret, {
        userId: crypto.randomUUID(),
        email,
        sessionId: crypto.randomUUID(),
      });
      expect(await waitlistStatus(`seqgen_session=${minted}`)).toBe(401);
      expect(await waitlistStatus(undefined, { 'x-user-id': 'anyone', 'x-user-email': email })).toBe(401);

      const out = await call('/api/auth/logout', { cookie });
      expect(out.status).toBe(302);
      expect(out.headers.get('location')).toBe('/');
      // Auth itself refuses the ended session at once; waitlist as soon as auth's broadcast
      // arrives (its cached "live" answer would otherwise last ten minutes).
      expect((await call('/api/auth/user', { cookie })).status).toBe(401);
      await expect.poll(() => waitlistStatus(cookie), { timeout: 2_000, interval: 50 }).toBe(401);
    });

    it('a password reset ends the sessions other services trust too; the link points at the public address', async () => {
      const email = uniqueEmail('reset-everywhere');
      const cookie = await registerThroughGateway(email);
      expect(await waitlistStatus(cookie)).toBe(200);
      expect((await postJson('/api/request-password-reset', { email })).status).toBe(200);
      await mail.idle();
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
      const text = smtp.received.find((m) => m.to.includes(email))?.text ?? '';
      const link = new URL(/(http\S+reset-password\?token=[\w-]+)/.exec(text)?.[1] as string);
      // Built from the gateway's forwarded host, not auth's own address.
      expect(link.origin).toBe(base);
      const reset = await postJson('/api/reset-password', {
        token: link.searchParams.get('token'),
        newPassword: 'a brand new password',
      });
      expect(reset.status).toBe(200);
      await expect.poll(() => waitlistStatus(cookie), { timeout: 2_000, interval: 50 }).toBe(401);
    });

    it('refuses cross-site writes at the gateway and at auth itself', async () => {
      const evil = { origin: 'https://evil.example' };
      const viaGateway = await postJson('/api/register', { email: uniqueEmail('csrf'), password: 'long enough' }, evil);
      expect(viaGateway.status).toBe(403);
      expect(await viaGateway.json()).toMatchObject({ error: 'cross_site_request' });
      const direct = await fetch(`${authBase}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...evil },
        body: JSON.stringify({ email: uniqueEmail('csrf'), password: 'long enough' }),
      });
      expect(direct.status).toBe(403);
      expect(await direct.json()).toEqual({
        error: 'cross_site_request',
        message: 'This request came from another site and was refused.',
      });
      // The same request from the app's own origin goes through.
      expect((await postJson('/api/register', { email: uniqueEmail('csrf'), password: 'long enough' })).status).toBe(
        201,
      );
    });

    it('throttles a burst of 50 wrong sign-ins whatever X-Forwarded-For the client sends', async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postJson(
            '/api/login',
            { email: uniqueEmail('burst'), password: 'guess' },
            { 'x-forwarded-for': `198.51.100.${i + 1}` },
          ),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const limited = responses.find((r) => r.status === 429) as Response;
      expect(await limited.json()).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(
          /^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
        ),
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('fails closed with a clear 503 when auth cannot be asked', async () => {
      const cookie = await registerThroughGateway(uniqueEmail('closed'));
      await responder?.stop();
      responder = undefined;
      const response = await call('/api/waitlist', { cookie });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: 'unavailable',
        message: 'We could not check your sign-in right now. Please try again in a moment.',
      });
      responder = await answerSessionStatus(infra.bus, { db: infra.database.db });
      expect(await waitlistStatus(cookie)).toBe(200);
    });
  });
});

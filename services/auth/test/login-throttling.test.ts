/**
 * Sign-in throttling (issue 10, finding 5): 11 wrong passwords from any address used to lock the
 * owner out for 15 minutes, and server-side failures counted toward it. Now (limits.ts) a pair
 * of account and address backs off from a second upwards, the account as a whole slows down
 * only the addresses that failed on it, and only a password checked and found wrong counts.
 */
import { fileURLToPath } from 'node:url';
import { type Database, Outbox, RateLimiter, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthAppDeps, createApp } from '../src/app.ts';
import { findUserByEmail, insertResetToken } from '../src/data/repository.ts';
import { outbox as outboxTable, processedEvents } from '../src/data/schema.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '../src/domain/accounts.ts';
import { accountAtAddress, DEFAULT_AUTH_LIMITS } from '../src/domain/limits.ts';
import { hashResetToken } from '../src/domain/password-reset.ts';
import { createMailer, MailQueue } from '../src/mail/mailer.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('auth-test-secret-auth-test-secret-0123456789');
const MINUTE = 60_000;

type Injected = Awaited<ReturnType<Service['inject']>>;

let addressCounter = 0;
/** Each call a new client address (documentation range), as the gateway would report it. */
const freshIp = () => `2001:db8:5::${(++addressCounter).toString(16)}`;
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@acme.com`;
const PASSWORD = 'the real password';

const WAIT_MESSAGE = /^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/;

describe.each(await variantsToRun())('sign-in throttling on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let outbox: Outbox;
  let mail: MailQueue;
  let app: Service;
  /** Reads the counters the apps keep (the same store). */
  let counters: RateLimiter;
  const apps: Service[] = [];
  const logger = quietLogger();

  const appWith = async (overrides: Partial<AuthAppDeps> = {}) => {
    const built = createApp({
      logger,
      readiness: infra.readiness,
      db: infra.database.db,
      outbox,
      store: infra.store,
      secret,
      mail,
      google: null,
      bcryptCost: 4,
      sessionTtlSeconds: 3600,
      trustedProxies: 'loopback',
      ...overrides,
    });
    await built.ready();
    apps.push(built);
    return built;
  };

  const post = (target: Service, url: string, payload: unknown, ip: string) =>
    target.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip } });
  const login = (email: string, password: string, ip: string, target = app) =>
    post(target, '/api/login', { email, password }, ip);
  const register = async (email: string, target = app) => {
    const response = await post(target, '/api/register', { email, password: PASSWORD }, freshIp());
    expect(response.statusCode, response.body).toBe(201);
  };
  const failures = (email: string, ip: string) =>
    Promise.all([
      counters.failures(DEFAULT_AUTH_LIMITS.loginPerPair, accountAtAddress(email, ip)),
      counters.failures(DEFAULT_AUTH_LIMITS.loginPerAccount, email),
      counters.failures(DEFAULT_AUTH_LIMITS.loginPerIp, ip),
    ]);
  const retryAfter = (response: Injected) => Number(response.headers['retry-after']);

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'auth', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    outbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
    outbox.start();
    mail = new MailQueue(createMailer({ from: 'seqgen <no-reply@seqgen.test>', logger }), logger);
    counters = new RateLimiter(infra.store, logger);
    app = await appWith();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await Promise.all(apps.map((built) => built.close()));
    await mail?.idle();
    await outbox?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it("reproduces the probe: 11 wrong passwords from one address leave the owner's sign-in from another alone", async () => {
      const email = uniqueEmail('owner');
      await register(email);
      const attacker = freshIp();
      const statuses: number[] = [];
      let firstRefusal: Injected | undefined;
      for (let i = 0; i < 11; i++) {
        const response = await login(email, 'guess', attacker);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) firstRefusal ??= response;
      }
      // Five free tries, then the pair waits: the sixth comes too soon.
      expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(firstRefusal?.json()).toEqual({ error: 'rate_limited', message: expect.stringMatching(WAIT_MESSAGE) });
      expect(firstRefusal?.json().message).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
      expect(retryAfter(firstRefusal as Injected)).toBe(1);

      const owner = await login(email, PASSWORD, freshIp());
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json()).toMatchObject({ email });
    });

    it("backs the attacker's pair off with a growing Retry-After, and a right password from there must wait too", async () => {
      const email = uniqueEmail('backoff');
      await register(email);
      const attacker = freshIp();
      for (let i = 0; i < 5; i++) expect((await login(email, 'guess', attacker)).statusCode).toBe(401);

      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await login(email, 'guess', attacker);
        expect(refused.statusCode).toBe(429);
        waits.push(retryAfter(refused));
        // Tries made while waiting are refused without counting: the wait does not grow by them.
        await expect
          .poll(async () => (await login(email, 'guess', attacker)).statusCode, { timeout: 30_000, interval: 200 })
          .toBe(401);
      }
      expect(waits).toEqual([1, 2, 4]);
      const [pair] = await failures(email, attacker);
      expect(pair).toBe(8);
      // The pair is throttled whatever the password (a guesser must not learn it was right).
      const right = await login(email, PASSWORD, attacker);
      expect(right.statusCode).toBe(429);
      expect(retryAfter(right)).toBe(8);
    });

    it('slows the addresses that failed on an account under a distributed attack, never the owner', async () => {
      const limits = {
        // The longest wait from the start, so "refused" cannot become "waited enough" on a slow machine.
        loginPerAccount: { ...DEFAULT_AUTH_LIMITS.loginPerAccount, free: 10, baseDelayMs: 15 * MINUTE },
        loginUnderAttack: { failures: 30, delayMs: 1500 },
      };
      const guarded = await appWith({ limits });
      for (const [label, exists] of [
        ['many', true],
        ['ghost', false],
      ] as const) {
        const email = uniqueEmail(label);
        if (exists) await register(email, guarded);
        const attackers = Array.from({ length: 12 }, freshIp);
        const first = await Promise.all(attackers.map((ip) => login(email, 'guess', ip, guarded)));
        expect(first.map((r) => r.statusCode)).toEqual(Array(12).fill(401));
        expect(first[0]?.json()).toEqual({ error: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE });

        // Each address failed once only, but the account has had 12: the account's wait holds them.
        const again = await login(email, 'guess', attackers[0] as string, guarded);
        expect(again.statusCode).toBe(429);
        expect(again.json().message).toMatch(WAIT_MESSAGE);
        expect(retryAfter(again)).toBeGreaterThan(14 * 60);

        // An address that has not failed here is not held back, and is not slowed yet.
        const clean = await login(email, exists ? PASSWORD : 'guess', freshIp(), guarded);
        expect(clean.statusCode).toBe(exists ? 200 : 401);
      }

      // Past 30 failures (a massive attack) clean addresses get in after a short wait, not a lock.
      const email = uniqueEmail('massive');
      await register(email, guarded);
      await Promise.all(Array.from({ length: 30 }, () => login(email, 'guess', freshIp(), guarded)));
      const started = performance.now();
      const owner = await login(email, PASSWORD, freshIp(), guarded);
      const ms = performance.now() - started;
      expect(owner.statusCode, owner.body).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(1400);
    });

    it('lets at most the free tries of a burst from one address through, for real and unknown accounts alike', async () => {
      const real = uniqueEmail('burst');
      await register(real);
      const tallies: Record<number, number>[] = [];
      for (const email of [real, uniqueEmail('burst-ghost')]) {
        const ip = freshIp();
        const responses = await Promise.all(Array.from({ length: 50 }, () => login(email, 'guess', ip)));
        const tally: Record<number, number> = {};
        for (const r of responses) tally[r.statusCode] = (tally[r.statusCode] ?? 0) + 1;
        tallies.push(tally);
        // Refused attempts were never tried, so they do not count.
        expect((await failures(email, ip))[0]).toBe(tally[401]);
      }
      expect(tallies[0]).toEqual({ 401: 5, 429: 45 });
      expect(tallies[1]).toEqual(tallies[0]);
    });

    it('counts only wrong passwords: not server errors, not invalid requests, and not a success', async () => {
      const email = uniqueEmail('counts');
      await register(email);
      const ip = freshIp();

      // The database fails while the account is looked up: a 500 that says nothing, counted nowhere.
      let failNextRead = false;
      const flakyDb = new Proxy(infra.database.db, {
        get(target, property) {
          if (property === 'select' && failNextRead) {
            failNextRead = false;
            return () => {
              throw new Error('Connection terminated unexpectedly');
            };
          }
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as Database;
      const flaky = await appWith({ db: flakyDb });
      for (let i = 0; i < 12; i++) {
        failNextRead = true;
        const broken = await login(email, PASSWORD, ip, flaky);
        expect(broken.statusCode).toBe(500);
        expect(broken.json()).toEqual({ error: 'internal', message: expect.not.stringMatching(/Connection/) });
      }
      expect(await failures(email, ip)).toEqual([0, 0, 0]);

      for (const payload of [{ email }, { email, password: 42 }, { email, password: '' }, { password: 'x' }]) {
        const invalid = await post(app, '/api/login', payload, ip);
        expect(invalid.statusCode).toBe(400);
      }
      expect(await failures(email, ip)).toEqual([0, 0, 0]);

      for (let i = 0; i < 3; i++) expect((await login(email, 'guess', ip)).statusCode).toBe(401);
      expect(await failures(email, ip)).toEqual([3, 3, 3]);
      // Success clears this address's count on this account, not the account's or the address's.
      expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
      expect(await failures(email, ip)).toEqual([0, 3, 3]);
    });

    it('lets the owner in from an address in back-off once they reset the password from it', async () => {
      const email = uniqueEmail('forgot');
      await register(email);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await login(email, 'forgotten', ip);
      expect((await login(email, 'forgotten', ip)).statusCode).toBe(429);

      const user = await findUserByEmail(infra.database.db, email);
      const token = crypto.randomUUID();
      await insertResetToken(infra.database.db, {
        userId: user?.id as string,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + 10 * MINUTE),
      });
      const reset = await post(app, '/api/reset-password', { token, newPassword: 'a new password' }, ip);
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await login(email, 'a new password', ip)).statusCode).toBe(200);
    });
  });
});

/**
 * Two resets with the same link at the same time (issue 10, finding 11): the link is checked
 * before the new password is hashed, so both requests can find it unused; only the conditional
 * update that uses it up (`used_at IS NULL` in consumeResetToken) keeps the second from also
 * setting a password. This test holds both requests at the transaction until both have passed
 * the check, so the race happens every run instead of now and then.
 */
import { fileURLToPath } from 'node:url';
import { type Database, Outbox, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { findUserByEmail, insertResetToken } from '../src/data/repository.ts';
import { outbox as outboxTable, processedEvents } from '../src/data/schema.ts';
import { hashResetToken, PASSWORD_RESET_MESSAGE } from '../src/domain/password-reset.ts';
import { createMailer, MailQueue } from '../src/mail/mailer.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('auth-test-secret-auth-test-secret-0123456789');

/** Lets transactions start only once `parties` of them are waiting (or after a safety timeout). */
function transactionBarrier(parties: number) {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    async arrive() {
      waiting += 1;
      if (waiting >= parties) open();
      // A request refused before its transaction must not hang the other one forever.
      await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}

describe.each(await variantsToRun())('concurrent password resets on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let outbox: Outbox;
  let mail: MailQueue;
  let app: Service;
  let barrier: ReturnType<typeof transactionBarrier> | undefined;
  const logger = quietLogger();

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
    // The app's database, with every transaction held at the barrier while one is set.
    const db = new Proxy(infra.database.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property !== 'transaction') return value.bind(target);
        return async (...args: unknown[]) => {
          await barrier?.arrive();
          return value.apply(target, args);
        };
      },
    }) as Database;
    app = createApp({
      logger,
      readiness: infra.readiness,
      db,
      outbox,
      store: infra.store,
      secret,
      mail,
      google: null,
      bcryptCost: 4,
      sessionTtlSeconds: 3600,
      trustedProxies: 'loopback',
    });
    await app.ready();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await mail?.idle();
    await outbox?.stop();
    await infra?.cleanup();
  });

  const post = (url: string, payload: object, ip: string) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });

  it.skipIf(variant.skip)(
    "uses a link once: of two simultaneous resets one wins, the other is told it was used, and the password is the winner's",
    async () => {
      const email = `race-${crypto.randomUUID().slice(0, 8)}@acme.com`;
      expect((await post('/api/register', { email, password: 'the old password' }, '2001:db8:11::1')).statusCode).toBe(
        201,
      );
      const user = await findUserByEmail(infra.database.db, email);
      const token = crypto.randomUUID();
      await insertResetToken(infra.database.db, {
        userId: user?.id as string,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + 10 * 60_000),
      });

      const passwords = ['first new password', 'second new password'];
      barrier = transactionBarrier(2);
      const answers = await Promise.all(
        passwords.map((newPassword, i) => post('/api/reset-password', { token, newPassword }, `2001:db8:11::${i + 2}`)),
      );
      barrier = undefined;

      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      const loser = 1 - winner;
      expect(answers[winner]?.json()).toEqual({ message: PASSWORD_RESET_MESSAGE });
      expect(answers[loser]?.json()).toEqual({
        error: 'invalid_reset_token',
        message: 'This reset link has already been used. Please request a new one.',
      });

      const signIn = (password: string) => post('/api/login', { email, password }, '2001:db8:11::9');
      expect((await signIn(passwords[winner] as string)).statusCode).toBe(200);
      expect((await signIn(passwords[loser] as string)).statusCode).toBe(401);
      expect((await signIn('the old password')).statusCode).toBe(401);
    },
  );
});

import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  issueSessionToken,
  Outbox,
  SESSION_AUDIENCE,
  SESSION_ISSUER,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Envelope } from '@seqgen/proto';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthAppDeps, createApp } from '../src/app.ts';
import { insertUserIfNew } from '../src/data/repository.ts';
import { outbox as outboxTable, processedEvents, resetTokens, sessions, users } from '../src/data/schema.ts';
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '../src/domain/accounts.ts';
import { GOOGLE_NOT_CONFIGURED_MESSAGE, GoogleSignIn } from '../src/domain/google.ts';
import { PASSWORD_RESET_MESSAGE, RESET_REQUESTED_MESSAGE } from '../src/domain/password-reset.ts';
import { answerSessionStatus } from '../src/events/session-status.ts';
import { createMailer, MailQueue } from '../src/mail/mailer.ts';
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, startOidcProvider, startSmtpServer } from './support.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('auth-test-secret-auth-test-secret-0123456789');

type Injected = Awaited<ReturnType<Service['inject']>>;

/** Each test speaks from its own addresses (documentation range), as clients behind the gateway would. */
let addressCounter = 0;
const freshIp = () => `2001:db8::${(++addressCounter).toString(16)}`;
const uniqueEmail = (label: string) => `${label}-${randomBytes(3).toString('hex')}@acme.com`;

const setCookies = (response: Injected) => [response.headers['set-cookie'] ?? []].flat() as string[];
/** The `name=value` of a cookie the response set (not one it cleared). */
function cookieSet(response: Injected, name: string): string {
  const found = setCookies(response).find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies(response))}`);
  return found.split(';')[0] as string;
}
const session = (response: Injected) => cookieSet(response, 'seqgen_session');

describe.each(await variantsToRun())('auth service on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  let outbox: Outbox;
  let mail: MailQueue;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
  let responder: ConsumerHandle;
  let registeredConsumer: ConsumerHandle;
  const registered: Envelope<'user.registered'>[] = [];
  const extraApps: Service[] = [];
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
      google: new GoogleSignIn(
        { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET, issuerUrl: oidc.issuerUrl },
        logger,
      ),
      // Tests hash at cost 4 for speed; the default and the configured minimum are 12.
      bcryptCost: 4,
      sessionTtlSeconds: 3600,
      trustedProxies: 'loopback',
      ...overrides,
    });
    await built.ready();
    return built;
  };

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, target = app) =>
    target.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
  const get = (url: string, headers: Record<string, string> = {}, target = app) =>
    target.inject({ method: 'GET', url, headers });
  const me = (cookie: string) => get('/api/auth/user', { cookie });
  const register = async (email: string, password = 'correct horse battery', extra: object = {}) => {
    const response = await post('/api/register', { email, password, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response;
  };
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    post('/api/login', { email, password }, headers);
  const userCount = async () => {
    const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  };
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'auth', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    smtp = await startSmtpServer();
    oidc = await startOidcProvider();
    outbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
    outbox.start();
    mail = new MailQueue(createMailer({ smtpUrl: smtp.url, from: 'seqgen <no-reply@seqgen.test>', logger }), logger);
    responder = await answerSessionStatus(infra.bus, { db: infra.database.db });
    registeredConsumer = await infra.bus.consume({
      durable: 'test-auth-user-registered',
      type: 'user.registered',
      handler: async (envelope) => {
        registered.push(envelope);
      },
    });
    app = await appWith();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await Promise.all(extraApps.map((extra) => extra.close()));
    await mail?.idle();
    await registeredConsumer?.stop();
    await responder?.stop();
    await outbox?.stop();
    await smtp?.close();
    await oidc?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    describe('accounts', () => {
      it('registers, signs the user in with an httpOnly Lax cookie, and announces user.registered', async () => {
        const response = await register(' Founder@Acme.com ', 'correct horse battery', {
          firstName: 'Ada',
          lastName: 'Lovelace',
        });
        const user = response.json();
        expect(user).toEqual({
          id: expect.any(String),
          email: 'Founder@Acme.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          profileImageUrl: null,
        });
        const cookie = setCookies(response).find((c) => c.startsWith('seqgen_session='));
        expect(cookie).toMatch(/HttpOnly/);
        expect(cookie).toMatch(/SameSite=Lax/);
        expect(cookie).toMatch(/Path=\//);
        expect(cookie).not.toMatch(/Secure|Domain/);
        expect(response.headers['cache-control']).toBe('no-store');

        const current = await me(session(response));
        expect(current.statusCode).toBe(200);
        expect(current.json()).toEqual(user);

        const [row] = await infra.database.db.select().from(users).where(eq(users.id, user.id));
        expect(row?.passwordHash).toMatch(/^\$2b\$04\$/);
        expect(JSON.stringify(row)).not.toContain('correct horse battery');

        await outbox.flush();
        await expect
          .poll(() => registered.map((e) => e.data), { timeout: 10_000 })
          .toContainEqual({ userId: user.id, email: 'Founder@Acme.com' });
      });

      it('refuses a second account for the same e-mail in any capitalisation with a clear 409', async () => {
        const email = uniqueEmail('twice');
        await register(email);
        const before = await userCount();
        const again = await post('/api/register', { email: `  ${email.toUpperCase()}`, password: 'another password' });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ error: 'email_taken', message: EMAIL_TAKEN_MESSAGE });
        expect(await userCount()).toBe(before);
      });

      it.each([
        ['an address without a domain', { email: 'ada@acme', password: 'long enough' }, /like name@company\.com/],
        ['an address with a space', { email: 'ada lovelace@acme.com', password: 'long enough' }, /no spaces/],
        ['no at-sign', { email: 'ada.acme.com', password: 'long enough' }, /valid email address/],
        ['a short password', { email: 'short@acme.com', password: 'seven77' }, /at least 8 characters/],
        // 37 letters, 74 bytes: bcrypt would silently ignore the last two.
        ['a password over 72 bytes', { email: 'long@acme.com', password: 'é'.repeat(37) }, /at most 72 bytes/],
        ['no password', { email: 'none@acme.com' }, /Password is required/],
        ['a number for the e-mail', { email: 42, password: 'long enough' }, /valid email address/],
      ])('refuses %s with a 400 stating the rule, storing nothing', async (_label, payload, message) => {
        const before = await userCount();
        const response = await post('/api/register', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(message) });
        expect(await userCount()).toBe(before);
      });

      it('signs in with the right password only; a wrong e-mail and a wrong password read the same', async () => {
        const email = uniqueEmail('signin');
        const created = (await register(email, 'the right password')).json();

        const wrongPassword = await login(email, 'the wrong password');
        const unknownEmail = await login(uniqueEmail('nobody'), 'the right password');
        const passwordless = uniqueEmail('google-only');
        await insertUserIfNew(infra.database.db, { email: passwordless, passwordHash: null, googleSubject: 'g-only' });
        const googleOnly = await login(passwordless, 'any password at all');
        for (const refused of [wrongPassword, unknownEmail, googleOnly]) {
          expect(refused.statusCode).toBe(401);
          expect(refused.json()).toEqual({ error: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE });
          expect(refused.headers['set-cookie']).toBeUndefined();
        }

        const ok = await login(email.toUpperCase(), 'the right password');
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual(created);
        expect((await me(session(ok))).json()).toEqual(created);
      });

      it('never truncates: a password longer than 72 bytes is not accepted for one that matches its start', async () => {
        const email = uniqueEmail('bytes72');
        const exactly72 = 'p'.repeat(72);
        await register(email, exactly72);
        // bcrypt alone would accept this (it reads 72 bytes and ignores the rest).
        expect((await login(email, `${exactly72}-and-more`)).statusCode).toBe(401);
        expect((await login(email, exactly72)).statusCode).toBe(200);
      });

      it('logout ends the session (here and for every service) and redirects to /', async () => {
        const email = uniqueEmail('logout');
        await register(email);
        const first = session(await login(email, 'correct horse battery'));
        const second = session(await login(email, 'correct horse battery'));
        const token = first.split('=')[1] as string;
        const claims = decodeJwt(token) as { sub: string; sid: string };
        const status = (sid: string) =>
          infra.bus.request('auth.session-status', { sessionId: sid, userId: claims.sub });
        expect(await status(claims.sid)).toEqual({ live: true });

        const out = await get('/api/auth/logout', { cookie: first });
        expect(out.statusCode).toBe(302);
        expect(out.headers.location).toBe('/');
        expect(setCookies(out).join()).toMatch(/seqgen_session=;.*Max-Age=0/);

        expect((await me(first)).statusCode).toBe(401);
        expect(await status(claims.sid)).toEqual({ live: false });
        // Only that session ended.
        expect((await me(second)).statusCode).toBe(200);
        // Unknown and malformed ids are simply not live.
        expect(await status(crypto.randomUUID())).toEqual({ live: false });
        expect(await status('not-a-uuid')).toEqual({ live: false });

        // A link on another site cannot sign anyone out.
        const crossSite = await get('/api/auth/logout', { cookie: second, 'sec-fetch-site': 'cross-site' });
        expect(crossSite.statusCode).toBe(302);
        expect((await me(second)).statusCode).toBe(200);
        // Without a session, logout still just goes home.
        expect((await get('/api/auth/logout')).statusCode).toBe(302);
      });

      it('answers 401 for /api/auth/user without a session', async () => {
        const response = await get('/api/auth/user');
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: 'unauthorized',
          message: 'You are logged out. Please sign in again.',
        });
      });
    });

    describe('session tokens', () => {
      it('refuses tampered, expired and foreign-key tokens; a client identity header has no effect', async () => {
        const victim = (await register(uniqueEmail('victim'))).json();
        const email = uniqueEmail('attacker');
        await register(email);
        const own = session(await login(email, 'correct horse battery')).split('=')[1] as string;
        const [header, payload, signature] = own.split('.') as [string, string, string];
        const claims = decodeJwt(own);
        const now = Math.floor(Date.now() / 1000);
        const resign = (body: object, key = secret) =>
          new SignJWT({ ...body }).setProtectedHeader({ alg: 'HS256' }).sign(key);
        const forged = {
          // The attacker's own live session, claiming the victim's id.
          tampered: `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: victim.id })).toString('base64url')}.${signature}`,
          expired: await resign({ ...claims, iat: now - 7200, exp: now - 60 }),
          foreignKey: await resign(claims, randomBytes(48)),
          // Correctly signed, but for a session auth never started: a key leak alone is not enough.
          unknownSession: await issueSessionToken(secret, {
            userId: victim.id,
            email: victim.email,
            sessionId: crypto.randomUUID(),
          }),
          algNone: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
        };
        for (const [label, token] of Object.entries(forged)) {
          const response = await me(`seqgen_session=${token}`);
          expect(response.statusCode, label).toBe(401);
        }
        const identityHeaders: Record<string, string>[] = [
          { 'x-user-id': victim.id, 'x-user-email': victim.email },
          { authorization: `Bearer ${own}` },
        ];
        for (const headers of identityHeaders) {
          expect((await get('/api/auth/user', headers)).statusCode).toBe(401);
        }
        expect(claims).toMatchObject({ iss: SESSION_ISSUER, aud: SESSION_AUDIENCE });
      });
    });

    describe('password reset', () => {
      it('mails a single-use link over SMTP; following it sets the password and ends every session', async () => {
        const email = uniqueEmail('reset');
        await register(email, 'old password 1', { firstName: 'Rita' });
        const sessionA = session(await login(email, 'old password 1'));
        const sessionB = session(await login(email, 'old password 1'));
        const nobody = uniqueEmail('nobody');

        const known = await post('/api/request-password-reset', { email: email.toUpperCase() });
        const unknown = await post('/api/request-password-reset', { email: nobody });
        for (const answer of [known, unknown]) {
          expect(answer.statusCode).toBe(200);
          expect(answer.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
        }
        await mail.idle();
        await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
        expect(mailsTo(nobody)).toEqual([]);

        const [sent] = mailsTo(email);
        expect(sent).toMatchObject({ from: 'no-reply@seqgen.test', subject: 'Reset your seqgen password' });
        expect(sent?.text).toContain('Hello Rita');
        const link = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(sent?.text ?? '')?.[1];
        expect(link).toBeDefined();
        const token = new URL(link as string).searchParams.get('token') as string;
        expect(token.length).toBeGreaterThanOrEqual(43);

        // Stored only as a hash, valid for one hour.
        const rows = await infra.database.db.select().from(resetTokens);
        expect(JSON.stringify(rows)).not.toContain(token);
        const row = rows.find((r) => r.tokenHash === createHash('sha256').update(token).digest('hex'));
        expect(row).toBeDefined();
        const validFor = (row?.expiresAt.getTime() ?? 0) - Date.now();
        expect(validFor).toBeGreaterThan(59 * 60_000);
        expect(validFor).toBeLessThanOrEqual(60 * 60_000);

        // A weak new password is refused without using the link up.
        const weak = await post('/api/reset-password', { token, newPassword: 'short' });
        expect(weak.statusCode).toBe(400);
        expect(weak.json().message).toMatch(/at least 8 characters/);
        const empty = await post('/api/reset-password', { token, newPassword: '' });
        expect(empty.json().message).toMatch(/Passwords must match and cannot be empty/);

        const reset = await post('/api/reset-password', { token, newPassword: 'new password 2' });
        expect(reset.statusCode).toBe(200);
        expect(reset.json()).toEqual({ message: PASSWORD_RESET_MESSAGE });

        // Every earlier session has ended; only the new password works.
        expect((await me(sessionA)).statusCode).toBe(401);
        expect((await me(sessionB)).statusCode).toBe(401);
        expect((await login(email, 'old password 1')).statusCode).toBe(401);
        expect((await login(email, 'new password 2')).statusCode).toBe(200);

        const reused = await post('/api/reset-password', { token, newPassword: 'new password 3' });
        expect(reused.statusCode).toBe(400);
        expect(reused.json()).toEqual({
          error: 'invalid_reset_token',
          message: expect.stringMatching(/already been used/),
        });
        const unknownToken = await post('/api/reset-password', {
          token: 'made-up-token',
          newPassword: 'new password 3',
        });
        expect(unknownToken.statusCode).toBe(400);
        expect(unknownToken.json().message).toMatch(/not valid/);
      });

      it('refuses an expired link with a clear 400', async () => {
        const email = uniqueEmail('expired');
        await register(email, 'old password 1');
        await post('/api/request-password-reset', { email });
        await mail.idle();
        await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
        const token = /token=([\w-]+)/.exec(mailsTo(email)[0]?.text ?? '')?.[1] as string;
        await infra.database.db
          .update(resetTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(resetTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
        const response = await post('/api/reset-password', { token, newPassword: 'new password 2' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'invalid_reset_token',
          message: 'This reset link has expired (links work for one hour). Please request a new one.',
        });
        expect((await login(email, 'old password 1')).statusCode).toBe(200);
      });
    });

    describe('rate limits', () => {
      const burst = async (attempt: (i: number) => Promise<Injected>, n = 50) =>
        Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));
      const tally = (responses: Injected[]) =>
        responses.reduce<Record<number, number>>((acc, r) => {
          acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
          return acc;
        }, {});

      // Per account and per account-and-address throttling (finding 5 of issue 10): login-throttling.test.ts.

      it('throttles one address trying many accounts', async () => {
        const ip = freshIp();
        const responses = await burst(() => login(uniqueEmail('spray'), 'guess', { 'x-forwarded-for': ip }));
        expect(tally(responses)).toEqual({ 401: 30, 429: 20 });
      });

      it('ignores a client-supplied X-Forwarded-For unless the request came through a trusted proxy', async () => {
        const responses = await burst(() =>
          app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '198.51.100.7',
            headers: { 'x-forwarded-for': freshIp() },
            payload: { email: uniqueEmail('spoof'), password: 'guess' },
          }),
        );
        expect(tally(responses)).toEqual({ 401: 30, 429: 20 });
      });

      it('limits sign-ups per address and reset requests per account (existing or not)', async () => {
        const ip = freshIp();
        const signUps = [];
        for (let i = 0; i < 11; i++) {
          signUps.push(
            await post(
              '/api/register',
              { email: uniqueEmail('bulk'), password: 'long enough' },
              { 'x-forwarded-for': ip },
            ),
          );
        }
        expect(signUps.slice(0, 10).every((r) => r.statusCode === 201)).toBe(true);
        expect(signUps[10]?.statusCode).toBe(429);
        expect(signUps[10]?.json().message).toMatch(/^Too many sign-up attempts\. Please wait/);

        const existing = uniqueEmail('reset-limit');
        await register(existing);
        for (const email of [existing, uniqueEmail('reset-ghost')]) {
          const answers = [];
          for (let i = 0; i < 4; i++) answers.push(await post('/api/request-password-reset', { email }));
          expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
          expect(answers[3]?.json().message).toMatch(/^Too many password reset requests\. Please wait/);
        }
        await mail.idle();
      });
    });

    describe('CSRF', () => {
      it('refuses state-changing requests from another site (Origin / Sec-Fetch-Site)', async () => {
        const email = uniqueEmail('csrf');
        await register(email);
        const attempts: Record<string, string>[] = [
          { origin: 'https://evil.example' },
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'null' },
        ];
        for (const headers of attempts) {
          const response = await login(email, 'correct horse battery', headers);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({
            error: 'cross_site_request',
            message: 'This request came from another site and was refused.',
          });
          expect(response.headers['set-cookie']).toBeUndefined();
        }
        const sameSite = await login(email, 'correct horse battery', {
          host: 'app.seqgen.test:8080',
          origin: 'http://app.seqgen.test:8080',
          'sec-fetch-site': 'same-origin',
        });
        expect(sameSite.statusCode).toBe(200);
      });
    });

    describe('Google sign-in', () => {
      /** Browser steps: start at /api/auth/google, let the provider answer, return to the callback. */
      const signInWithGoogle = async (
        options: { target?: Service; forgeState?: boolean; dropCookie?: boolean; browser?: boolean } = {},
      ) => {
        const target = options.target ?? app;
        const start = await get('/api/auth/google', {}, target);
        expect(start.statusCode, start.body).toBe(302);
        const authorize = new URL(start.headers.location as string);
        const transaction = cookieSet(start, 'seqgen_google');
        const atProvider = await fetch(authorize, { redirect: 'manual' });
        expect(atProvider.status).toBe(302);
        const back = new URL(atProvider.headers.get('location') as string);
        if (options.forgeState) back.searchParams.set('state', randomBytes(32).toString('base64url'));
        const navigation: Record<string, string> = options.browser
          ? { 'sec-fetch-mode': 'navigate', accept: 'text/html' }
          : {};
        const callback = await get(
          `${back.pathname}${back.search}`,
          { ...navigation, ...(options.dropCookie ? {} : { cookie: transaction }) },
          target,
        );
        return { start, authorize, back, callback, transaction };
      };

      it('creates an account through the authorization code flow with PKCE, state and nonce', async () => {
        const email = uniqueEmail('grace');
        oidc.signInAs({
          sub: `google-${randomBytes(4).toString('hex')}`,
          email,
          email_verified: true,
          given_name: 'Grace',
          family_name: 'Hopper',
          picture: 'https://lh3.googleusercontent.com/a/grace',
        });
        const { start, authorize, back, callback } = await signInWithGoogle();

        expect(authorize.origin).toBe(new URL(oidc.issuerUrl).origin);
        const params = Object.fromEntries(authorize.searchParams);
        expect(params).toMatchObject({
          client_id: GOOGLE_CLIENT_ID,
          response_type: 'code',
          code_challenge_method: 'S256',
          redirect_uri: 'http://localhost/api/auth/google/callback',
        });
        expect(params.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
        expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
        expect(params.state).toBeTruthy();
        expect(params.nonce).toBeTruthy();
        const transactionCookie = setCookies(start).find((c) => c.startsWith('seqgen_google='));
        expect(transactionCookie).toMatch(/HttpOnly/);
        expect(transactionCookie).toMatch(/SameSite=Lax/);
        expect(back.searchParams.get('code')).toBeTruthy();

        expect(callback.statusCode, callback.body).toBe(302);
        expect(callback.headers.location).toBe('/');
        const current = await me(session(callback));
        expect(current.json()).toEqual({
          id: expect.any(String),
          email,
          firstName: 'Grace',
          lastName: 'Hopper',
          profileImageUrl: 'https://lh3.googleusercontent.com/a/grace',
        });
        await outbox.flush();
        await expect.poll(() => registered.map((e) => e.data.email), { timeout: 10_000 }).toContain(email);
      });

      it('links an existing account by its verified e-mail, keeping its password', async () => {
        const email = uniqueEmail('linked');
        const created = (await register(email, 'my own password')).json();
        const subject = `google-${randomBytes(4).toString('hex')}`;
        oidc.signInAs({ sub: subject, email: email.toUpperCase(), email_verified: true, given_name: 'Lin' });
        const first = await signInWithGoogle();
        expect(first.callback.statusCode, first.callback.body).toBe(302);
        expect((await me(session(first.callback))).json()).toMatchObject({ id: created.id, firstName: 'Lin' });
        const second = await signInWithGoogle();
        expect((await me(session(second.callback))).json().id).toBe(created.id);
        expect((await login(email, 'my own password')).statusCode).toBe(200);
        const [row] = await infra.database.db.select().from(users).where(eq(users.id, created.id));
        expect(row?.googleSubject).toBe(subject);
      });

      it('refuses a forged state without redeeming the code', async () => {
        oidc.signInAs({ sub: 'google-forged', email: uniqueEmail('forged'), email_verified: true });
        const before = await userCount();
        const { callback } = await signInWithGoogle({ forgeState: true });
        expect(callback.statusCode).toBe(400);
        expect(callback.json()).toEqual({
          error: 'google_sign_in_failed',
          message: expect.stringMatching(/state mismatch/),
        });
        expect(setCookies(callback).some((c) => /^seqgen_session=[^;]/.test(c))).toBe(false);
        expect(await userCount()).toBe(before);
      });

      it('sends a browser back to the sign-in page with the message instead of a page of JSON', async () => {
        oidc.signInAs({ sub: 'google-forged-browser', email: uniqueEmail('forged'), email_verified: true });
        const before = await userCount();
        const { callback } = await signInWithGoogle({ forgeState: true, browser: true });
        expect(callback.statusCode).toBe(302);
        const location = new URL(callback.headers.location as string, 'http://localhost');
        expect(location.pathname).toBe('/auth');
        expect(location.searchParams.get('error')).toMatch(/^Google sign-in failed: .*state mismatch/);
        expect(setCookies(callback).some((c) => /^seqgen_session=[^;]/.test(c))).toBe(false);
        expect(await userCount()).toBe(before);

        const plain = await appWith({ google: null });
        extraApps.push(plain);
        const notConfigured = await get('/api/auth/google', { 'sec-fetch-mode': 'navigate' }, plain);
        expect(notConfigured.statusCode).toBe(302);
        const toAuth = new URL(notConfigured.headers.location as string, 'http://localhost');
        expect(toAuth.pathname).toBe('/auth');
        expect(toAuth.searchParams.get('error')).toBe(GOOGLE_NOT_CONFIGURED_MESSAGE);
      });

      it('refuses an ID token with the wrong nonce', async () => {
        oidc.signInAs({ sub: 'google-nonce', email: uniqueEmail('nonce'), email_verified: true });
        oidc.tamperNextIdToken((payload) => {
          payload.nonce = 'a-nonce-from-another-sign-in';
        });
        const before = await userCount();
        const { callback } = await signInWithGoogle();
        expect(callback.statusCode).toBe(400);
        expect(callback.json().message).toMatch(/could not be verified/);
        expect(await userCount()).toBe(before);
      });

      it('refuses an ID token signed by anyone but the provider', async () => {
        const email = uniqueEmail('foreign');
        oidc.signInAs({ sub: 'google-foreign', email, email_verified: true });
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        oidc.replaceNextTokenResponse((body) => {
          // Same header (kid) and claims, nonce included: only the signature is not the provider's.
          const [header, payload] = (body.id_token as string).split('.');
          const signed = `${header}.${payload}`;
          body.id_token = `${signed}.${sign('sha256', Buffer.from(signed), privateKey).toString('base64url')}`;
        });
        const { callback } = await signInWithGoogle();
        expect(callback.statusCode).toBe(400);
        expect(callback.json().message).toMatch(/could not be verified/);
      });

      it('refuses an unverified e-mail, a callback from another browser, and a replayed callback', async () => {
        oidc.signInAs({ sub: 'google-unverified', email: uniqueEmail('unverified'), email_verified: false });
        const unverified = await signInWithGoogle();
        expect(unverified.callback.statusCode).toBe(400);
        expect(unverified.callback.json().message).toMatch(/no verified email address/);

        oidc.signInAs({ sub: 'google-elsewhere', email: uniqueEmail('elsewhere'), email_verified: true });
        const elsewhere = await signInWithGoogle({ dropCookie: true });
        expect(elsewhere.callback.statusCode).toBe(400);
        expect(elsewhere.callback.json().message).toMatch(/expired or was started in another browser/);

        const done = await signInWithGoogle();
        expect(done.callback.statusCode).toBe(302);
        const replay = await get(`${done.back.pathname}${done.back.search}`, { cookie: done.transaction });
        expect(replay.statusCode).toBe(400);
      });

      it('answers a clear error, not a crash, when Google sign-in is not configured', async () => {
        const plain = await appWith({ google: null });
        extraApps.push(plain);
        for (const url of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
          const response = await get(url, {}, plain);
          expect(response.statusCode).toBe(503);
          expect(response.json()).toEqual({ error: 'google_not_configured', message: GOOGLE_NOT_CONFIGURED_MESSAGE });
        }
        const down = await appWith({
          google: new GoogleSignIn(
            { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET, issuerUrl: 'http://127.0.0.1:9' },
            logger,
          ),
        });
        extraApps.push(down);
        const unreachable = await get('/api/auth/google', {}, down);
        expect(unreachable.statusCode).toBe(503);
        expect(unreachable.json().message).toMatch(/temporarily unavailable/);
      });
    });

    describe('served over https (PUBLIC_URL)', () => {
      it('uses Secure __Host- cookies and builds links and redirects on the public address', async () => {
        const secure = await appWith({ publicUrl: 'https://app.seqgen.test' });
        extraApps.push(secure);
        const email = uniqueEmail('https');
        const created = await post('/api/register', { email, password: 'correct horse battery' }, {}, secure);
        expect(created.statusCode).toBe(201);
        const cookie = setCookies(created).find((c) => c.startsWith('__Host-seqgen_session='));
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/Path=\//);
        expect(cookie).not.toMatch(/Domain/);
        const hostCookie = cookieSet(created, '__Host-seqgen_session');
        expect((await get('/api/auth/user', { cookie: hostCookie }, secure)).statusCode).toBe(200);

        await post('/api/request-password-reset', { email }, {}, secure);
        await mail.idle();
        await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
        expect(mailsTo(email)[0]?.text).toMatch(/https:\/\/app\.seqgen\.test\/reset-password\?token=[\w-]+/);

        const start = await get('/api/auth/google', {}, secure);
        expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(
          'https://app.seqgen.test/api/auth/google/callback',
        );
        expect(setCookies(start).find((c) => c.startsWith('__Host-seqgen_google='))).toMatch(/; Secure/);

        const out = await get('/api/auth/logout', { cookie: hostCookie }, secure);
        expect(setCookies(out).join()).toMatch(/__Host-seqgen_session=;/);
        expect((await get('/api/auth/user', { cookie: hostCookie }, secure)).statusCode).toBe(401);
      });
    });

    it('answers health and readiness, and JSON 404 for unknown routes', async () => {
      expect((await get('/healthz')).json()).toMatchObject({ status: 'ok', service: 'auth' });
      expect((await get('/readyz')).statusCode).toBe(200);
      const missing = await get('/api/auth/nope');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/auth/nope' });
      const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
      expect(row?.n).toBeGreaterThan(0);
    });
  });
});

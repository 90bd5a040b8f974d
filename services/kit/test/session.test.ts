import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { connectBus } from '../src/bus/index.ts';
import type { KeyValueStore } from '../src/cache.ts';
import { openStore } from '../src/cache.ts';
import { HttpError } from '../src/errors.ts';
import { describeWait, RateLimiter } from '../src/rate-limit.ts';
import {
  cachedLiveness,
  clearedSessionCookies,
  createSessionVerifier,
  issueSessionToken,
  SECURE_SESSION_COOKIE,
  SESSION_AUDIENCE,
  SESSION_COOKIE,
  SESSION_ENDED_TOPIC,
  SESSION_ISSUER,
  type SessionLiveness,
  type SessionUser,
  sessionCookie,
  verifySessionToken,
} from '../src/session.ts';
import { ensureRealInfra, quietLogger, REAL_INFRA, startFaultProxy } from '../src/testing/index.ts';

const secret = new TextEncoder().encode('kit-session-test-secret-0123456789-abcdef');
const user: SessionUser = { userId: 'u-1', email: 'rep@acme.com', sessionId: 's-1' };

const requestWith = (cookie?: string, headers: Record<string, string> = {}) =>
  ({ headers: { ...headers, ...(cookie && { cookie }) }, log: quietLogger() }) as unknown as FastifyRequest;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  const verifier = createSessionVerifier(secret);

  it('accepts a token auth issued, from either cookie name; the __Host- cookie wins', async () => {
    const token = await issueSessionToken(secret, user);
    expect(await verifier.authenticate(requestWith(`${SESSION_COOKIE}=${token}`))).toEqual(user);
    const other = await issueSessionToken(secret, { ...user, sessionId: 's-2' });
    const both = requestWith(`${SESSION_COOKIE}=${token}; ${SECURE_SESSION_COOKIE}=${other}`);
    expect((await verifier.authenticate(both))?.sessionId).toBe('s-2');
  });

  it('refuses tampered, foreign-key, expired, unsigned and incomplete tokens', async () => {
    const token = await issueSessionToken(secret, user);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const sign = (body: Record<string, unknown>, key = secret) =>
      new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const refused: Record<string, string> = {
      'payload changed (another user)': `${header}.${b64({ ...claims, sub: 'u-admin' })}.${signature}`,
      'signature changed': `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      'signed with a foreign key': await issueSessionToken(randomBytes(48), user),
      expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'no expiry': await sign({
        sub: user.userId,
        email: user.email,
        sid: user.sessionId,
        iat: now,
        iss: SESSION_ISSUER,
        aud: SESSION_AUDIENCE,
      }),
      'wrong issuer': await sign({ ...claims, iss: 'someone-else' }),
      'wrong audience': await sign({ ...claims, aud: 'another-app' }),
      'no session id': await sign({ ...claims, sid: undefined }),
      garbage: 'not-a-jwt',
    };
    for (const [label, bad] of Object.entries(refused)) {
      expect(await verifySessionToken(secret, bad), label).toBeNull();
      expect(await verifier.authenticate(requestWith(`${SESSION_COOKIE}=${bad}`)), label).toBeNull();
    }
    await expect(verifier.requireUser(requestWith(`${SESSION_COOKIE}=${refused.expired}`))).rejects.toMatchObject({
      statusCode: 401,
      message: 'You are logged out. Please sign in again.',
    });
  });

  it('still honours expiry for a token it has already verified once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const token = await issueSessionToken(secret, user, 60);
      const request = requestWith(`${SESSION_COOKIE}=${token}`);
      expect(await verifier.authenticate(request)).toEqual(user);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await verifier.authenticate(request)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes identity only from the cookie, never from headers a client can set', async () => {
    const request = requestWith(undefined, {
      'x-user-id': user.userId,
      'x-user-email': user.email,
      authorization: `Bearer ${await issueSessionToken(secret, user)}`,
    });
    expect(await verifier.authenticate(request)).toBeNull();
  });

  it('writes httpOnly SameSite=Lax cookies, Secure and __Host- prefixed over https', () => {
    const plain = sessionCookie('t', { secure: false, maxAgeSeconds: 60 });
    expect(plain).toMatch(/^seqgen_session=t;/);
    expect(plain).toContain('HttpOnly');
    expect(plain).toContain('SameSite=Lax');
    expect(plain).toContain('Path=/');
    expect(plain).not.toContain('Secure');
    const secure = sessionCookie('t', { secure: true, maxAgeSeconds: 60 });
    expect(secure).toMatch(/^__Host-seqgen_session=t;/);
    expect(secure).toContain('Secure');
    expect(secure).not.toContain('Domain');
    expect(clearedSessionCookies(true).every((c) => c.includes('Max-Age=0'))).toBe(true);
  });
});

describe('cached session liveness', () => {
  /** Stands in for the service's question (proto's askSessionStatus over the bus): counts each ask. */
  const asker = (answer: (sessionId: string) => Promise<boolean>) => {
    const asked: string[] = [];
    const ask: SessionLiveness = (session) => {
      asked.push(session.sessionId);
      return answer(session.sessionId);
    };
    return { ask, asked };
  };

  it('asks once per session per cache period, and sees an ended session after it', async () => {
    const live = new Set(['s-1']);
    const { ask, asked } = asker(async (sessionId) => live.has(sessionId));
    const verifier = createSessionVerifier(secret, { liveness: cachedLiveness(ask, { cacheMs: 150 }) });
    const cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, user)}`;

    // Twenty concurrent requests share one question; the answer is then reused.
    const first = await Promise.all(Array.from({ length: 20 }, () => verifier.authenticate(requestWith(cookie))));
    expect(first.every((u) => u?.userId === user.userId)).toBe(true);
    expect(await verifier.authenticate(requestWith(cookie))).toEqual(user);
    expect(asked).toEqual(['s-1']);

    live.delete('s-1');
    await expect.poll(() => verifier.authenticate(requestWith(cookie)), { timeout: 2_000, interval: 50 }).toBeNull();
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('remembers an ended session for its own, longer period', async () => {
    const { ask, asked } = asker(async () => false);
    const liveness = cachedLiveness(ask, { cacheMs: 0, endedCacheMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(await liveness(user)).toBe(false);
    expect(asked).toHaveLength(1);
  });

  it('asks every time when the cache period is 0', async () => {
    const { ask, asked } = asker(async () => true);
    const liveness = cachedLiveness(ask, { cacheMs: 0 });
    for (let i = 0; i < 3; i++) expect(await liveness(user)).toBe(true);
    expect(asked).toHaveLength(3);
  });

  it('fails closed with a clear 503 when the question goes unanswered, and asks again next time', async () => {
    let failing = true;
    const { ask, asked } = asker(async () => {
      if (failing) throw new Error('no responders for the session question');
      return true;
    });
    const verifier = createSessionVerifier(secret, { liveness: cachedLiveness(ask) });
    const cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, user)}`;
    const unanswered = await verifier.requireUser(requestWith(cookie)).catch((error: unknown) => error);
    expect(unanswered).toBeInstanceOf(HttpError);
    expect(unanswered).toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/could not check your sign-in/),
    });
    // A failure is never remembered as an answer.
    failing = false;
    expect(await verifier.authenticate(requestWith(cookie))).toEqual(user);
    expect(asked).toHaveLength(2);
  });

  describe.each(['memory', 'nats'] as const)(
    'with revocations broadcast over the %s bus (issue 25, item 2)',
    (kind) => {
      /** Two buses as two services would have: auth broadcasts on one, the cache listens on the other. */
      async function buses(natsUrl?: string) {
        const id = randomBytes(4).toString('hex');
        const settings = {
          logger: quietLogger(),
          subjectPrefix: `test-revoke-${id}`,
          rpcPrefix: `test-revoke-rpc-${id}`,
        };
        const auth = await connectBus({ ...settings, natsUrl });
        const service = await connectBus({ ...settings, natsUrl });
        return { auth, service, close: () => Promise.all([auth.close(), service.close()]) };
      }
      const natsUrl = async () => {
        if (kind === 'memory') return undefined;
        if (!(await ensureRealInfra())) throw new Error('NATS not reachable');
        return REAL_INFRA.NATS_URL;
      };
      const ended = (bus: { broadcast(topic: string, data: string): void }, data: object) =>
        bus.broadcast(SESSION_ENDED_TOPIC, JSON.stringify(data));

      it("keeps a live answer long, and drops an ended session, or all of a user's, the moment auth says so", async () => {
        const { auth, service, close } = await buses(await natsUrl());
        try {
          const live = new Set(['s-1', 's-2', 's-3']);
          const { ask, asked } = asker(async (sessionId) => live.has(sessionId));
          // Without the feed the 30 ms period would have run out many times below.
          const liveness = cachedLiveness(ask, { cacheMs: 30, fedCacheMs: 60_000, revocations: service });
          await new Promise((resolve) => setTimeout(resolve, 50)); // the feed is listening
          const one = { ...user, sessionId: 's-1' };
          const two = { ...user, sessionId: 's-2' };
          const other = { ...user, userId: 'someone-else', sessionId: 's-3' };
          for (let i = 0; i < 5; i++) {
            expect(await liveness(one)).toBe(true);
            expect(await liveness(other)).toBe(true);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          expect(await liveness(two)).toBe(true);
          expect(asked).toEqual(['s-1', 's-3', 's-2']);

          live.delete('s-1');
          ended(auth, { userId: user.userId, sessionId: 's-1' });
          await expect.poll(() => liveness(one), { timeout: 2_000, interval: 10 }).toBe(false);
          expect(asked).toEqual(['s-1', 's-3', 's-2']); // told, not asked

          // A password reset ends every session of the user: each is asked again, others are not.
          live.delete('s-2');
          ended(auth, { userId: user.userId });
          await expect.poll(() => liveness(two), { timeout: 2_000, interval: 10 }).toBe(false);
          expect(await liveness(other)).toBe(true);
          expect(asked).toEqual(['s-1', 's-3', 's-2', 's-2']);
        } finally {
          await close();
        }
      });
    },
  );

  it('trusts answers only briefly while the bus is lost, and asks again for all once it is back', async (ctx) => {
    if (!(await ensureRealInfra())) return ctx.skip(true, 'NATS not reachable (REQUIRE_INFRA=1 makes this a failure)');
    const server = new URL(REAL_INFRA.NATS_URL);
    const proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 4222) });
    const bus = await connectBus({
      logger: quietLogger(),
      natsUrl: proxy.url(REAL_INFRA.NATS_URL),
      rpcPrefix: `t-gap-${randomBytes(4).toString('hex')}`,
    });
    try {
      const { ask, asked } = asker(async () => true);
      const liveness = cachedLiveness(ask, { cacheMs: 30, fedCacheMs: 60_000, revocations: bus });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await liveness(user)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await liveness(user)).toBe(true);
      expect(asked).toHaveLength(1);
      proxy.cut();
      // Lost: the 30 ms period applies again (an ending broadcast now would never arrive).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await liveness(user)).toBe(true);
      expect(asked).toHaveLength(2);
      await proxy.restore();
      await expect
        .poll(
          async () => {
            await liveness(user);
            return asked.length;
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBeGreaterThanOrEqual(3);
    } finally {
      await bus.close();
      await proxy.close();
    }
  }, 30_000);

  it('checks the signature before asking: a forged token is never asked about', async () => {
    const { ask, asked } = asker(async () => true);
    const verifier = createSessionVerifier(secret, { liveness: cachedLiveness(ask) });
    const forged = await issueSessionToken(randomBytes(48), user);
    expect(await verifier.authenticate(requestWith(`${SESSION_COOKIE}=${forged}`))).toBeNull();
    expect(asked).toHaveLength(0);
  });
});

describe('rate limiter', () => {
  it('counts every attempt, refuses past the limit with a clear 429, and resets', async () => {
    const store = await openStore({ namespace: 'rl-test' });
    const limiter = new RateLimiter(store, quietLogger());
    const rule = { name: 'login:account', limit: 3, windowMs: 15 * 60_000 };
    for (let i = 0; i < 3; i++) await limiter.enforce([{ rule, key: 'a@acme.com' }], 'sign-in attempts');
    const refused = await limiter.enforce([{ rule, key: 'a@acme.com' }], 'sign-in attempts').catch((e) => e);
    expect(refused).toMatchObject({
      statusCode: 429,
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
      headers: { 'retry-after': '900' },
    });
    // Another key has its own counter; reset clears one.
    await limiter.enforce([{ rule, key: 'b@acme.com' }], 'sign-in attempts');
    await limiter.reset(rule, 'a@acme.com');
    await limiter.enforce([{ rule, key: 'a@acme.com' }], 'sign-in attempts');
    await store.close();
  });

  it('keeps counting in memory when the store fails', async () => {
    const broken = {
      kind: 'redis',
      hit: () => Promise.reject(new Error('connection lost')),
      delete: () => Promise.reject(new Error('connection lost')),
    } as unknown as KeyValueStore;
    const limiter = new RateLimiter(broken, quietLogger());
    const rule = { name: 'login:ip', limit: 2, windowMs: 60_000 };
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push((await limiter.hit([{ rule, key: '203.0.113.9' }])).allowed);
    expect(verdicts).toEqual([true, true, false]);
  });

  it('describes waits the way people say them', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(899)).toBe('15 minutes');
    expect(describeWait(3 * 3600)).toBe('3 hours');
  });
});

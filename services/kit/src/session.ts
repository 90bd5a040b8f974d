import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { type CryptoKey, decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { HttpError, serviceUnavailable, unauthorized } from './errors.ts';
import type { Logger } from './logger.ts';
import { Lru } from './lru.ts';

/** Plain name on http (local); `__Host-` prefixed when served over https (docs/architecture.md §5). */
export const SESSION_COOKIE = 'seqgen_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_ISSUER = 'seqgen-auth';
export const SESSION_AUDIENCE = 'seqgen';
export const DEFAULT_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionUser {
  userId: string;
  email: string;
  sessionId: string;
  /** The account's first name, when it has one: writers sign emails with it. */
  firstName?: string | undefined;
}

/**
 * Is this (correctly signed) session still live? A signature only proves auth issued the token
 * once; logout and password reset end sessions long before their tokens expire, so every request
 * also asks this. Throwing means "cannot tell right now": the verifier then fails closed (503).
 */
export type SessionLiveness = (session: SessionUser) => Promise<boolean>;

export interface SessionVerifierOptions {
  /**
   * Every service passes one (auth's question over the bus through `cachedLiveness`, or auth's
   * own table lookup). Without it
   * only the signature and expiry are checked, which is for tools and tests that have no auth.
   */
  liveness?: SessionLiveness;
}

export interface SessionVerifier {
  /** The signed-in user, or null. Identity only ever comes from the signed cookie. */
  authenticate(request: FastifyRequest): Promise<SessionUser | null>;
  /** Like authenticate, but a missing or invalid session is a 401. */
  requireUser(request: FastifyRequest): Promise<SessionUser>;
}

export const SESSION_CHECK_UNAVAILABLE_MESSAGE =
  'We could not check your sign-in right now. Please try again in a moment.';

/** The session token a request carries, if any; the `__Host-` cookie wins when both are sent. */
export function sessionTokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const cookies = parseCookie(header);
  return cookies[SECURE_SESSION_COOKIE] ?? cookies[SESSION_COOKIE] ?? undefined;
}

/**
 * Checks signature (HS256 only, so `alg: none` and key-confusion tricks fail), issuer, audience
 * and expiry, and that the claims a session needs are there. Says nothing about liveness.
 */
export async function verifySessionToken(secret: Uint8Array | CryptoKey, token: string): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      // A token without exp would never expire: refuse it rather than trust it forever.
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.sid !== 'string') {
      return null;
    }
    const user: SessionUser = { userId: payload.sub, email: payload.email, sessionId: payload.sid };
    if (typeof payload.given_name === 'string' && payload.given_name) user.firstName = payload.given_name;
    return user;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export function createSessionVerifier(secret: Uint8Array, options: SessionVerifierOptions = {}): SessionVerifier {
  const { liveness } = options;
  // Imported once: jose would otherwise import the raw key into WebCrypto on every call.
  const key = crypto.subtle.importKey(
    'raw',
    secret as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  key.catch(() => {}); // a bad key surfaces on first use, not as an unhandled rejection
  // Tokens whose signature and claims already checked out, by their exact text: the same browser
  // sends the same token on every request, and the same bytes verify the same way, so only the
  // first request with a token pays for the HMAC (WebCrypto costs tens of µs per call). An entry
  // lives until the token's expiry by the wall clock, the clock the verification reads, so expiry
  // is still honoured on every hit; liveness is not cached here. Bounded: the least recently used
  // tokens are dropped first.
  // 200,000 (issue 25, item 2): at 10,000 a floor of 15,000 open tabs evicted each token before
  // its next request and paid the HMAC on every one. An entry is a token and a few strings.
  const verified = new Lru<string, SessionUser>({ max: 200_000, now: () => Date.now() });
  const authenticate = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const token = sessionTokenFrom(request);
    if (!token) return null;
    const known = verified.get(token);
    // A copy: what one request does with its user never reaches the next one's.
    let session = known && { ...known };
    if (!session) {
      session = (await verifySessionToken(await key, token)) ?? undefined;
      if (!session) return null;
      const { exp } = decodeJwt(token);
      const ttl = typeof exp === 'number' ? exp * 1000 - Date.now() : 0;
      if (ttl > 0) verified.set(token, session, { ttlMs: ttl });
    }
    if (!liveness) return session;
    let live: boolean;
    try {
      live = await liveness(session);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      request.log.warn({ err: error }, 'session liveness could not be checked; refusing the request');
      throw serviceUnavailable(SESSION_CHECK_UNAVAILABLE_MESSAGE);
    }
    return live ? session : null;
  };
  return {
    authenticate,
    requireUser: async (request) => {
      const user = await authenticate(request);
      if (!user) throw unauthorized('You are logged out. Please sign in again.');
      return user;
    },
  };
}

/** Mints the session token the cookie carries. Only the auth service calls this in production. */
export function issueSessionToken(
  secret: Uint8Array,
  user: SessionUser,
  ttlSeconds = DEFAULT_SESSION_TTL_SECONDS,
): Promise<string> {
  // `given_name` is the OpenID Connect claim for a first name.
  const claims = user.firstName
    ? { email: user.email, sid: user.sessionId, given_name: user.firstName }
    : { email: user.email, sid: user.sessionId };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/**
 * The Set-Cookie value for a session: httpOnly (scripts never see it), SameSite=Lax (not sent on
 * cross-site subrequests or POSTs), Path=/ and no Domain; over https also Secure with the
 * `__Host-` prefix, which browsers only accept under exactly those attributes.
 */
export function sessionCookie(token: string, { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number }) {
  return stringifySetCookie({
    name: sessionCookieName(secure),
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

/** Set-Cookie values that remove the session cookie (both names where the browser may hold them). */
export function clearedSessionCookies(secure: boolean): string[] {
  const clear = (name: string, isSecure: boolean) =>
    stringifySetCookie({
      name,
      value: '',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure,
      path: '/',
      maxAge: 0,
      expires: new Date(0),
    });
  return secure ? [clear(SECURE_SESSION_COOKIE, true), clear(SESSION_COOKIE, true)] : [clear(SESSION_COOKIE, false)];
}

export interface LivenessCacheOptions {
  /**
   * How long a "live" answer is trusted without asking again while no revocation feed is given
   * (or while the feed may be missing broadcasts): the longest a session ended at auth keeps
   * working in this process. Default 5 s.
   */
  cacheMs?: number;
  /**
   * With a revocation feed: how long a "live" answer is trusted, since an ended session is
   * broadcast and dropped at once. Default 10 minutes.
   */
  fedCacheMs?: number;
  /** An ended session never comes back, so "not live" can be remembered longer. Default 60 s. */
  endedCacheMs?: number;
  /** Bound on remembered answers; the least recently used are dropped first. Default 200 000. */
  maxEntries?: number;
  /** Auth's broadcasts of ended sessions (SESSION_ENDED_TOPIC), so answers can be kept long. */
  revocations?: RevocationFeed | undefined;
  logger?: Logger;
}

/** The broadcast auth sends when a session (or, without sessionId, every session of a user) ends. */
export const SESSION_ENDED_TOPIC = 'session-ended';
export interface SessionEnded {
  userId: string;
  /** Absent: every session of the user (a password reset). */
  sessionId?: string;
}

/** What cachedLiveness needs of the bus: its broadcasts (Bus.listen). */
export interface RevocationFeed {
  listen(
    topic: string,
    handler: (data: string) => void,
    onGap?: (state: 'lost' | 'back') => void,
  ): Promise<{ stop(): Promise<void> }>;
}

export const SESSION_STATUS_CACHE_MS = 5_000;

interface Answer {
  live: boolean;
  /** When auth gave it. */
  at: number;
}

/**
 * Liveness asked of someone else — every service but auth asks auth over the bus, never its
 * tables (docs/architecture.md §1); the question itself is the service's (defineService's
 * `sessionLiveness`). Concurrent requests for the same session share one question.
 *
 * Issue 25, item 2: with 15,000 open tabs a 5 s answer meant a question to auth (and a database
 * read there) for almost every poll. With a revocation feed, auth broadcasts every ended session
 * and this cache drops it at once, so a "live" answer is kept for `fedCacheMs` (10 minutes) and a
 * session costs auth one question per ten minutes. Broadcasts are at most once: while the bus
 * connection is lost, answers are trusted only for `cacheMs` again, and every answer given before
 * the connection came back is asked again (an ending broadcast meanwhile may be lost).
 * When the question goes unanswered, the error propagates and the verifier answers 503.
 */
export function cachedLiveness(ask: SessionLiveness, options: LivenessCacheOptions = {}): SessionLiveness {
  const {
    cacheMs = SESSION_STATUS_CACHE_MS,
    fedCacheMs = 10 * 60_000,
    endedCacheMs = 60_000,
    maxEntries = 200_000,
    revocations,
    logger,
  } = options;
  const answers = new Lru<string, Answer>({ max: maxEntries });
  /** Users all of whose sessions ended, and when: older "live" answers for them are void. */
  const usersEnded = new Lru<string, number>({ max: 100_000, ttlMs: fedCacheMs });
  const asking = new Map<string, Promise<boolean>>();
  let fed = false;
  let trustedSince = 0;

  if (revocations) {
    revocations
      .listen(
        SESSION_ENDED_TOPIC,
        (data) => {
          const ended = JSON.parse(data) as SessionEnded;
          if (typeof ended.userId !== 'string') return;
          if (typeof ended.sessionId === 'string') {
            answers.set(
              `${ended.userId}\u0000${ended.sessionId}`,
              { live: false, at: Date.now() },
              { ttlMs: endedCacheMs },
            );
          } else {
            usersEnded.set(ended.userId, Date.now());
          }
        },
        (state) => {
          fed = false;
          // Back: whatever was learnt before is asked again (an ending may have been missed).
          if (state === 'back') {
            trustedSince = Date.now();
            fed = true;
          }
        },
      )
      .then(
        () => {
          fed = true;
        },
        (error: unknown) => logger?.warn({ err: error }, 'session revocations not received; liveness kept briefly'),
      );
  }

  const valid = (userId: string, answer: Answer | undefined, now: number): answer is Answer => {
    if (!answer) return false;
    if (!answer.live) return true; // expires by its own TTL
    if (answer.at < trustedSince || answer.at <= (usersEnded.get(userId) ?? -1)) return false;
    return now - answer.at < (fed ? fedCacheMs : cacheMs);
  };

  const remember = (key: string, live: boolean, at: number) => {
    // An ending heard while the question was out wins over the answer to it.
    const heard = answers.get(key);
    if (heard && !heard.live && heard.at >= at) return;
    const ttl = live ? (revocations ? fedCacheMs : cacheMs) : endedCacheMs;
    // A period of 0 means "ask every time"; the Lru (lru.ts) reads a TTL of 0 as "never expires".
    if (ttl > 0) answers.set(key, { live, at }, { ttlMs: ttl });
    else answers.delete(key);
  };

  return async (session) => {
    const key = `${session.userId}\u0000${session.sessionId}`;
    const now = Date.now();
    const known = answers.get(key);
    if (valid(session.userId, known, now)) return known.live;
    let pending = asking.get(key);
    if (!pending) {
      const askedAt = Date.now();
      pending = ask(session)
        .then((live) => {
          remember(key, live, askedAt);
          return live;
        })
        .catch((error: unknown) => {
          logger?.warn({ err: error }, 'session liveness went unanswered');
          throw error;
        })
        .finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    return pending;
  };
}

/** Values shipped as examples or defaults somewhere (the old docker-compose default first). */
const KNOWN_PLACEHOLDER_SECRETS = new Set(['insecure-local-compose-session-secret-change-me']);
const PLACEHOLDER_WORDS = /change[-_ ]?me|changeit|replace[-_ ]?me|placeholder|insecure|example|dummy|your[-_ ]/i;
const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * Why a SESSION_SECRET must not sign production sessions, or undefined when it may: missing,
 * shorter than 32 characters, or a placeholder someone copied from an example or a compose
 * default (anyone who read the same file could forge any user's session; issue 10, finding 9).
 * Checked when the configuration is parsed (kit config.ts) and again before the secret is used.
 */
export function productionSessionSecretProblem(secret: string | undefined): string | undefined {
  if (!secret) return 'must be set in production (at least 32 random characters, e.g. `openssl rand -base64 48`)';
  if (secret.length < MIN_SESSION_SECRET_LENGTH) return `must be at least ${MIN_SESSION_SECRET_LENGTH} characters`;
  if (KNOWN_PLACEHOLDER_SECRETS.has(secret) || PLACEHOLDER_WORDS.test(secret) || new Set(secret).size < 8) {
    return 'is a placeholder or example value; set your own random secret (e.g. `openssl rand -base64 48`)';
  }
  return undefined;
}

/**
 * SESSION_SECRET when set (required in production). Otherwise a random secret kept under
 * DATA_DIR, so a local `npm start` keeps users signed in across restarts without any setup.
 */
export function resolveSessionSecret(config: {
  SESSION_SECRET?: string | undefined;
  DATA_DIR: string;
  NODE_ENV: string;
}): Uint8Array {
  if (config.NODE_ENV === 'production') {
    const problem = productionSessionSecretProblem(config.SESSION_SECRET);
    if (problem) throw new Error(`SESSION_SECRET ${problem}`);
  }
  if (config.SESSION_SECRET) return new TextEncoder().encode(config.SESSION_SECRET);
  const file = path.resolve(config.DATA_DIR, 'session-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch {
      // Another service in this process wrote it first: use theirs.
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    }
    chmodSync(file, 0o600);
    return new TextEncoder().encode(secret);
  }
}

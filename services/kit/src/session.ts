import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from './errors.ts';

/** Plain name on http (local); `__Host-` prefixed when served over https (DESIGN.md §5). */
export const SESSION_COOKIE = 'seqgen_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_ISSUER = 'seqgen-auth';
export const SESSION_AUDIENCE = 'seqgen';

export interface SessionUser {
  userId: string;
  email: string;
  sessionId: string;
}

export interface SessionVerifier {
  /** The signed-in user, or null. Identity only ever comes from the signed cookie. */
  authenticate(request: FastifyRequest): Promise<SessionUser | null>;
  /** Like authenticate, but a missing or invalid session is a 401. */
  requireUser(request: FastifyRequest): Promise<SessionUser>;
}

export function createSessionVerifier(secret: Uint8Array): SessionVerifier {
  const authenticate = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const header = request.headers.cookie;
    if (!header) return null;
    const cookies = parseCookie(header);
    const token = cookies[SECURE_SESSION_COOKIE] ?? cookies[SESSION_COOKIE];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.sid !== 'string') {
        return null;
      }
      return { userId: payload.sub, email: payload.email, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
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
  ttlSeconds = 30 * 24 * 60 * 60,
): Promise<string> {
  return new SignJWT({ email: user.email, sid: user.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
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
  if (config.SESSION_SECRET) return new TextEncoder().encode(config.SESSION_SECRET);
  if (config.NODE_ENV === 'production') throw new Error('SESSION_SECRET must be set in production');
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

import { type Database, type Executor, issueSessionToken, type SessionEnded } from '@seqgen/kit';
import { insertSession, isSessionLive, revokeSession, type UserRow } from '../data/repository.ts';

/** What sessions run on: their table, and the key and lifetime of their tokens (part of AuthDeps). */
export interface SessionDeps {
  db: Database;
  /** HMAC key of session tokens (and of the short-lived Google sign-in cookie). */
  secret: Uint8Array;
  sessionTtlSeconds: number;
  /**
   * Tells every service a session ended (the bus's SESSION_ENDED_TOPIC broadcast), so their
   * liveness caches drop it at once and can keep live answers long (issue 25, item 2).
   */
  sessionsEnded?: ((ended: SessionEnded) => void) | undefined;
}

export interface IssuedSession {
  token: string;
  maxAgeSeconds: number;
}

/**
 * A session is a row (so it can be ended) plus a signed token naming it (so every service can
 * check it without a database). Written in the caller's transaction when there is one.
 */
export async function startSession(
  deps: SessionDeps,
  user: UserRow,
  method: 'password' | 'google',
  tx: Executor = deps.db,
): Promise<IssuedSession> {
  const sessionId = crypto.randomUUID();
  const ttl = deps.sessionTtlSeconds;
  await insertSession(tx, { id: sessionId, userId: user.id, method, expiresAt: new Date(Date.now() + ttl * 1000) });
  const token = await issueSessionToken(
    deps.secret,
    { userId: user.id, email: user.email, sessionId, firstName: user.firstName?.trim() || undefined },
    ttl,
  );
  return { token, maxAgeSeconds: ttl };
}

export async function endSession(
  deps: Pick<SessionDeps, 'db' | 'sessionsEnded'>,
  session: { sessionId: string; userId: string },
): Promise<void> {
  await revokeSession(deps.db, session.sessionId);
  deps.sessionsEnded?.({ userId: session.userId, sessionId: session.sessionId });
}

/** Auth's own answer to "is this session live?": its table, no cache, so logout bites at once here. */
export function sessionIsLive(deps: Pick<SessionDeps, 'db'>, sessionId: string, userId: string): Promise<boolean> {
  return isSessionLive(deps.db, sessionId, userId);
}

import type { Executor } from '@seqgen/kit';
import type { User } from '@seqgen/proto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { resetTokens, sessions, users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;
export type ResetTokenRow = typeof resetTokens.$inferSelect;

/** A user as the contract shows them: no password hash, no Google subject. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from tokens and the bus; anything that is not a uuid cannot name a row. */
export const isUuid = (value: string) => UUID.test(value);

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  profileImageUrl?: string | null | undefined;
  googleSubject?: string | null | undefined;
}

/** Inserts unless the mailbox already has an account; returns the new row or undefined. */
export async function insertUserIfNew(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: user.email.trim(),
      emailNormalized: normalizeEmail(user.email),
      passwordHash: user.passwordHash,
      firstName: user.firstName || null,
      lastName: user.lastName || null,
      profileImageUrl: user.profileImageUrl ?? null,
      googleSubject: user.googleSubject ?? null,
    })
    .onConflictDoNothing({ target: users.emailNormalized })
    .returning();
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.emailNormalized, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByGoogleSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'passwordHash' | 'firstName' | 'lastName' | 'profileImageUrl' | 'googleSubject'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('user vanished during update');
  return row;
}

export async function insertSession(
  db: Executor,
  session: { id: string; userId: string; method: 'password' | 'google'; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function isSessionLive(db: Executor, sessionId: string, userId: string): Promise<boolean> {
  if (!isUuid(sessionId) || !isUuid(userId)) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user; returns how many were still live. */
export async function revokeSessionsOfUser(db: Executor, userId: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function insertResetToken(
  db: Executor,
  token: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(resetTokens).values({ id: crypto.randomUUID(), ...token });
}

export async function findResetToken(db: Executor, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const [row] = await db.select().from(resetTokens).where(eq(resetTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Marks the token used if, at this instant, it is unused and unexpired; returns its user. One
 * conditional UPDATE, so two concurrent resets with the same link cannot both succeed.
 */
export async function consumeResetToken(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(resetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(resetTokens.tokenHash, tokenHash), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, sql`now()`)),
    )
    .returning({ userId: resetTokens.userId });
  return row?.userId;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function retireResetTokensOfUser(db: Executor, userId: string): Promise<void> {
  await db
    .update(resetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
}

/** Housekeeping: rows that can never matter again (a missing session row reads as "ended"). */
export async function purgeExpired(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, olderThan), lt(sessions.revokedAt, olderThan)));
  await db.delete(resetTokens).where(lt(resetTokens.expiresAt, olderThan));
}

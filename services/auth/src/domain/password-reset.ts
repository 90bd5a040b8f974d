import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '@seqgen/kit';
import {
  consumeResetToken,
  findResetToken,
  findUserByEmail,
  insertResetToken,
  normalizeEmail,
  retireResetTokensOfUser,
  revokeSessionsOfUser,
  updateUser,
} from '../data/repository.ts';
import type { AuthDeps } from './deps.ts';
import { accountAtAddress } from './limits.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** The same words whether or not an account exists: the answer must not reveal which. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent it a link to reset the password. The link works once, within one hour.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Please sign in with your new password.';

const invalidLink = (message: string) => new HttpError(400, 'invalid_reset_token', message);

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mails a single-use link when the account exists. The token (256 random bits) exists only in
 * the mail; the table keeps its SHA-256, so a database leak yields no usable link.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string; clientIp: string; publicBaseUrl: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  await deps.limiter.enforce(
    [
      { rule: deps.limits.resetRequestPerIp, key: input.clientIp },
      { rule: deps.limits.resetRequestPerAccount, key: email },
    ],
    'password reset requests',
  );
  // Looking the account up, storing the token and mailing all happen after the answer, so
  // neither its words nor its timing depend on whether the account exists.
  deps.mail.enqueue(async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return null;
    const token = randomBytes(32).toString('base64url');
    await insertResetToken(deps.db, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
    const link = new URL('/reset-password', input.publicBaseUrl);
    link.searchParams.set('token', token);
    return {
      to: user.email,
      subject: 'Reset your seqgen password',
      text: [
        `Hello${user.firstName ? ` ${user.firstName}` : ''},`,
        '',
        'Someone (hopefully you) asked to reset the password of your seqgen account.',
        'Open this link within one hour to choose a new password:',
        '',
        link.toString(),
        '',
        'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      ].join('\n'),
    };
  });
  return RESET_REQUESTED_MESSAGE;
}

/**
 * Sets the new password and ends every session of the account (a stolen session dies with the
 * old password), in one transaction with using up the link.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; newPassword: string; clientIp: string },
): Promise<string> {
  await deps.limiter.enforce([{ rule: deps.limits.resetPerIp, key: input.clientIp }], 'password reset attempts');
  const tokenHash = hashResetToken(input.token);
  const found = await findResetToken(deps.db, tokenHash);
  if (!found) throw invalidLink('This reset link is not valid. Please request a new one.');
  if (found.usedAt) throw invalidLink('This reset link has already been used. Please request a new one.');
  if (found.expiresAt.getTime() <= Date.now()) {
    throw invalidLink('This reset link has expired (links work for one hour). Please request a new one.');
  }
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash);
    if (!userId) return undefined;
    const user = await updateUser(tx, userId, { passwordHash });
    await retireResetTokensOfUser(tx, userId);
    return { userId, email: user.email, sessions: await revokeSessionsOfUser(tx, userId) };
  });
  // Another request used the link between the checks above and the transaction.
  if (!ended) throw invalidLink('This reset link has already been used. Please request a new one.');
  deps.sessionsEnded?.({ userId: ended.userId });
  // Whoever followed the mailed link owns the mailbox: their address may sign in at once, however
  // many wrong passwords it sent before (OWASP: the forgotten-password path gets past a lockout).
  await deps.limiter.reset(deps.limits.loginPerPair, accountAtAddress(normalizeEmail(ended.email), input.clientIp));
  deps.logger.info({ userId: ended.userId, endedSessions: ended.sessions }, 'password reset');
  return PASSWORD_RESET_MESSAGE;
}

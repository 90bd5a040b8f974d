import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, serviceCounter } from '@seqgen/kit';
import type { LoginRequest, RegisterRequest, User } from '@seqgen/proto';
import {
  findUserByEmail,
  findUserById,
  insertUserIfNew,
  normalizeEmail,
  toUser,
  type UserRow,
  updateUser,
} from '../data/repository.ts';
import type { AuthDeps } from './deps.ts';
import { accountAtAddress } from './limits.ts';
import { type IssuedSession, startSession } from './sessions.ts';

/** Issue 11, item 2: a sudden rise is credential stuffing or a broken login form. */
const loginFailures = serviceCounter('auth', {
  name: 'auth_login_failures_total',
  help: 'Sign-ins refused for a wrong e-mail or password.',
});

/** One message for a wrong e-mail and a wrong password: the answer never says which. */
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
export const EMAIL_TAKEN_MESSAGE =
  'An account with this email already exists. Please sign in instead, or reset your password if you forgot it.';

const emailTaken = () => new HttpError(409, 'email_taken', EMAIL_TAKEN_MESSAGE);

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

/** Creates the account, signs it in and announces it (user.registered → quota's free allowance). */
export async function register(deps: AuthDeps, input: RegisterRequest, clientIp: string): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  await deps.limiter.enforce(
    [
      { rule: deps.limits.registerPerIp, key: clientIp },
      { rule: deps.limits.registerPerAccount, key: email },
    ],
    'sign-up attempts',
  );
  // Cheap refusal before the expensive hash; the insert below still settles any race.
  if (await findUserByEmail(deps.db, email)) throw emailTaken();
  const passwordHash = await deps.passwords.hash(input.password);
  const created = await deps.db.transaction(async (tx) => {
    const user = await insertUserIfNew(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    if (!user) return undefined;
    await deps.outbox.enqueue(tx, 'user.registered', { userId: user.id, email: user.email });
    const session = await startSession(deps, user, 'password', tx);
    return { user: toUser(user), session };
  });
  if (!created) throw emailTaken();
  deps.outbox.poke();
  deps.logger.info({ userId: created.user.id }, 'account created');
  return created;
}

/**
 * Password sign-in, throttled as limits.ts describes. The attempt counts as a failure only once
 * the password was checked and found wrong: a refused, invalid or failing request (a database
 * outage, say) never brings anyone closer to a wait.
 */
export async function login(deps: AuthDeps, input: LoginRequest, clientIp: string): Promise<SignedIn> {
  const { limiter, limits } = deps;
  const email = normalizeEmail(input.email);
  const pair = accountAtAddress(email, clientIp);
  const [failedHere, accountFailures] = await Promise.all([
    limiter.failures(limits.loginPerPair, pair),
    limiter.failures(limits.loginPerAccount, email),
  ]);
  const checks = [
    { rule: limits.loginPerPair, key: pair },
    { rule: limits.loginPerIp, key: clientIp },
    // Counted for every address, held back only where this address has failed on the account.
    { rule: limits.loginPerAccount, key: email, enforce: failedHere > 0 },
  ];
  const user = await limiter.throttle(checks, 'sign-in attempts', async (attempt) => {
    if (failedHere === 0 && accountFailures >= limits.loginUnderAttack.failures) {
      await sleep(limits.loginUnderAttack.delayMs);
    }
    const found = await findUserByEmail(deps.db, email);
    // Exactly one bcrypt comparison whatever happened above: no account, a Google-only account
    // and a wrong password all cost the same and read the same.
    const ok = await deps.passwords.verify(input.password, found?.passwordHash);
    if (!ok || !found?.passwordHash) {
      attempt.fail();
      loginFailures.inc();
      throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
    }
    return { ...found, passwordHash: found.passwordHash };
  });
  await limiter.reset(limits.loginPerPair, pair);
  let current: UserRow = user;
  if (deps.passwords.needsRehash(user.passwordHash)) {
    current = await updateUser(deps.db, user.id, { passwordHash: await deps.passwords.hash(input.password) });
  }
  const session = await startSession(deps, current, 'password');
  return { user: toUser(current), session };
}

export async function currentUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<User | null> {
  const row = await findUserById(deps.db, userId);
  return row ? toUser(row) : null;
}

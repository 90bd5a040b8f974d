import { HttpError } from '@seqgen/kit';
import type { LoginRequest, RegisterRequest, User } from '@seqgen/proto';
import { findUserByEmail, findUserById, insertUserIfNew, normalizeEmail, updateUser } from '../data/repository.ts';
import { type AuthDeps, toUser } from './deps.ts';
import { type IssuedSession, startSession } from './sessions.ts';

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

export async function login(deps: AuthDeps, input: LoginRequest, clientIp: string): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  await deps.limiter.enforce(
    [
      { rule: deps.limits.loginPerIp, key: clientIp },
      { rule: deps.limits.loginPerAccount, key: email },
    ],
    'sign-in attempts',
  );
  const user = await findUserByEmail(deps.db, email);
  // Exactly one bcrypt comparison whatever happened above: no account, a Google-only account
  // and a wrong password all cost the same and read the same.
  const ok = await deps.passwords.verify(input.password, user?.passwordHash);
  if (!ok || !user?.passwordHash) {
    throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  }
  await deps.limiter.reset(deps.limits.loginPerAccount, email);
  let current = user;
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

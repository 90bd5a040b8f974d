import type { Database, Logger, Outbox, RateLimiter } from '@seqgen/kit';
import type { User } from '@seqgen/proto';
import type { UserRow } from '../data/repository.ts';
import type { MailQueue } from '../mail/mailer.ts';
import type { GoogleSignIn } from './google.ts';
import type { AuthLimits } from './limits.ts';
import type { PasswordHasher } from './passwords.ts';

/** Everything the use cases run on; app.ts builds it from what main.ts (or a test) hands over. */
export interface AuthDeps {
  db: Database;
  outbox: Outbox;
  logger: Logger;
  limiter: RateLimiter;
  limits: AuthLimits;
  passwords: PasswordHasher;
  /** HMAC key of session tokens (and of the short-lived Google sign-in cookie). */
  secret: Uint8Array;
  sessionTtlSeconds: number;
  mail: MailQueue;
  /** Null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleSignIn | null;
}

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
});

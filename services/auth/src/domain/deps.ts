import type { Logger, Outbox, RateLimiter } from '@seqgen/kit';
import type { MailQueue } from '../mail/mailer.ts';
import type { GoogleSignIn } from './google.ts';
import type { AuthLimits } from './limits.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SessionDeps } from './sessions.ts';

/** Everything the use cases run on; app.ts builds it from what main.ts (or a test) hands over. */
export interface AuthDeps extends SessionDeps {
  outbox: Outbox;
  logger: Logger;
  limiter: RateLimiter;
  limits: AuthLimits;
  passwords: PasswordHasher;
  mail: MailQueue;
  /** Null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleSignIn | null;
}

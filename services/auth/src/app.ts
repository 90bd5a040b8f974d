import {
  createService,
  createSessionVerifier,
  type Database,
  type KeyValueStore,
  type Logger,
  type Outbox,
  RateLimiter,
  type Service,
  type SessionEnded,
} from '@seqgen/kit';
import type { AuthDeps } from './domain/deps.ts';
import type { GoogleSignIn } from './domain/google.ts';
import { type AuthLimits, DEFAULT_AUTH_LIMITS } from './domain/limits.ts';
import { PasswordHasher } from './domain/passwords.ts';
import { sessionIsLive } from './domain/sessions.ts';
import type { MailQueue } from './mail/mailer.ts';
import { accountRoutes } from './routes/accounts.ts';
import { googleRoutes } from './routes/google.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';

export interface AuthAppDeps {
  logger: Logger;
  readiness: () => Promise<void>;
  db: Database;
  outbox: Outbox;
  /** Rate-limit counters: Redis when REDIS_URL is set. */
  store: KeyValueStore;
  secret: Uint8Array;
  mail: MailQueue;
  google: GoogleSignIn | null;
  publicUrl?: string | undefined;
  bcryptCost: number;
  sessionTtlSeconds: number;
  /** Peers whose X-Forwarded-* headers are believed (the gateway). */
  trustedProxies: string | string[];
  limits?: Partial<AuthLimits>;
  /** Broadcasts ended sessions to every service (main.ts: the bus). */
  sessionsEnded?: ((ended: SessionEnded) => void) | undefined;
}

/** The auth service without a listener: main.ts listens, tests inject. */
export function createApp(deps: AuthAppDeps): Service {
  const app = createService({
    name: 'auth',
    logger: deps.logger,
    readiness: deps.readiness,
    trustProxy: deps.trustedProxies,
    publicUrl: deps.publicUrl,
  });
  const domain: AuthDeps = {
    db: deps.db,
    outbox: deps.outbox,
    logger: deps.logger,
    limiter: new RateLimiter(deps.store, deps.logger),
    limits: { ...DEFAULT_AUTH_LIMITS, ...deps.limits },
    passwords: new PasswordHasher(deps.bcryptCost),
    secret: deps.secret,
    sessionTtlSeconds: deps.sessionTtlSeconds,
    sessionsEnded: deps.sessionsEnded,
    mail: deps.mail,
    google: deps.google,
  };
  // Auth asks its own table directly: a session it ended is refused here at once.
  const sessions = createSessionVerifier(deps.secret, {
    liveness: ({ sessionId, userId }) => sessionIsLive(domain, sessionId, userId),
  });
  const routeDeps = { ...domain, sessions, publicUrl: deps.publicUrl };

  // Answers carry who is signed in and set session cookies: never stored by any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // The throwaway hash of a sign-in without an account (passwords.ts) is made now, on libuv's
  // thread pool, while the service starts: waiting for it held `npm start` ~0.4 s (issue 25,
  // "ready ≤ 3 s"). A sign-in that comes before it is done waits for the same hash.
  void domain.passwords.warmUp().catch((error: unknown) => deps.logger.error({ err: error }, 'bcrypt warm-up failed'));

  app.register(accountRoutes, routeDeps);
  app.register(passwordResetRoutes, routeDeps);
  app.register(googleRoutes, routeDeps);
  return app;
}

import {
  createService,
  type Database,
  type KeyValueStore,
  type Logger,
  type Outbox,
  RateLimiter,
  type Service,
  type SessionVerifier,
} from '@seqgen/kit';
import { DEFAULT_LIBRARY_LIMITS, type LibraryDeps, type LibraryLimits } from './domain/library.ts';
import { libraryRoutes } from './routes/library.ts';

/**
 * The schema's largest sequence (20 emails of 300 + 10 000 characters) is about 206 KB of plain
 * ASCII; JSON escapes and multi-byte characters can double that.
 */
export const LIBRARY_BODY_LIMIT = 512 * 1024;

export interface LibraryAppDeps {
  logger: Logger;
  readiness: () => Promise<void>;
  db: Database;
  /** Rate-limit counters: Redis when REDIS_URL is set. */
  store: KeyValueStore;
  sessions: SessionVerifier;
  publicUrl?: string | undefined;
  /** Peers whose X-Forwarded-* headers are believed (the gateway). */
  trustedProxies: string | string[];
  limits?: Partial<LibraryLimits>;
  now?: () => Date;
  /** Publishes sequence.saved and feedback.recorded (analytics); main.ts always passes one. */
  outbox?: Outbox | undefined;
}

/** The library service without a listener: main.ts listens, tests inject. */
export function createApp(deps: LibraryAppDeps): Service {
  const app = createService({
    name: 'library',
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimit: LIBRARY_BODY_LIMIT,
    trustProxy: deps.trustedProxies,
    publicUrl: deps.publicUrl,
  });
  const domain: LibraryDeps = {
    db: deps.db,
    limiter: new RateLimiter(deps.store, deps.logger),
    limits: { ...DEFAULT_LIBRARY_LIMITS, ...deps.limits },
    now: deps.now ?? (() => new Date()),
    outbox: deps.outbox,
  };

  // A user's own sequences: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.register(libraryRoutes, { ...domain, sessions: deps.sessions });
  return app;
}

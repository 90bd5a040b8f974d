import { createService, type KeyValueStore, type Logger, RateLimiter, type Service } from '@seqgen/kit';
import { DEFAULT_WAITLIST_LIMITS, type WaitlistLimits } from './domain/waitlist.ts';
import { type WaitlistRouteDeps, waitlistRoutes } from './routes/waitlist.ts';

/** What main.ts (or a test) hands over; the limiter is built here, on `store`. */
export interface WaitlistAppDeps extends Omit<WaitlistRouteDeps, 'limiter' | 'limits'> {
  logger: Logger;
  readiness: () => Promise<void>;
  /** Rate-limit counters: Redis when REDIS_URL is set; absent (an app built alone), this process. */
  store?: KeyValueStore | undefined;
  /** The public origin writes may come from besides the addressed host (CSRF, kit csrf.ts). */
  publicUrl?: string | undefined;
  /** Peers whose X-Forwarded-* headers are believed (the gateway); none when absent. */
  trustedProxies?: string | string[] | undefined;
  limits?: Partial<WaitlistLimits>;
}

/** The waitlist service without a listener: main.ts listens, tests inject. */
export function createApp(deps: WaitlistAppDeps): Service {
  const app = createService({
    name: 'waitlist',
    logger: deps.logger,
    readiness: deps.readiness,
    trustProxy: deps.trustedProxies ?? false,
    publicUrl: deps.publicUrl,
  });
  const routeDeps = {
    ...deps,
    limiter: new RateLimiter(deps.store, deps.logger),
    limits: { ...DEFAULT_WAITLIST_LIMITS, ...deps.limits },
  };
  app.register(waitlistRoutes, routeDeps);
  return app;
}

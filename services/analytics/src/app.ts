import {
  createService,
  type Database,
  type KeyValueStore,
  type Logger,
  RateLimiter,
  type Service,
  type SessionVerifier,
} from '@seqgen/kit';
import { type AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS } from './domain/events.ts';
import { eventRoutes } from './routes/events.ts';

/**
 * A batch is at most 50 events of a few short properties: about 15 KB of JSON at its largest, so
 * 32 KiB leaves room for escapes and refuses anything else early (the gateway holds the route to
 * the same limit).
 */
export const ANALYTICS_BODY_LIMIT = 32 * 1024;

export interface AnalyticsAppDeps {
  logger: Logger;
  readiness: () => Promise<void>;
  db: Database;
  sessions: SessionVerifier;
  /** Rate-limit counters: Redis when REDIS_URL is set; absent (an app built alone), this process. */
  store?: KeyValueStore | undefined;
  publicUrl?: string | undefined;
  /** Peers whose X-Forwarded-* headers are believed (the gateway); none when absent. */
  trustedProxies?: string | string[] | undefined;
  limits?: Partial<AnalyticsLimits>;
  /** Told after events were stored (the sink relay's poke). */
  onStored?: () => void;
}

/** The analytics service without a listener: main.ts listens, tests inject. */
export function createApp(deps: AnalyticsAppDeps): Service {
  const app = createService({
    name: 'analytics',
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimit: ANALYTICS_BODY_LIMIT,
    trustProxy: deps.trustedProxies ?? false,
    // sendBeacon sends the page's Origin: a batch posted from another site is refused.
    publicUrl: deps.publicUrl,
  });
  const routeDeps = {
    db: deps.db,
    sessions: deps.sessions,
    limiter: new RateLimiter(deps.store, deps.logger),
    limits: { ...DEFAULT_ANALYTICS_LIMITS, ...deps.limits },
    onStored: deps.onStored,
  };
  app.register(eventRoutes, routeDeps);
  return app;
}

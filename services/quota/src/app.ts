import { createService, type Logger, type Service, scrapeGauge } from '@seqgen/kit';
import { countPendingReservations } from './domain/quota.ts';
import { type UsageRouteDeps, usageRoutes } from './routes/usage.ts';

export interface QuotaAppDeps extends UsageRouteDeps {
  logger: Logger;
  readiness: () => Promise<void>;
}

/** The quota service without a listener: main.ts listens, tests inject. */
export function createApp(deps: QuotaAppDeps): Service {
  const app = createService({
    name: 'quota',
    logger: deps.logger,
    readiness: deps.readiness,
    quietPolls: ['/api/usage'],
  });
  // Usage is polled every 5 s and must never be answered from a browser's or proxy's cache
  // (docs/product.md §7): each poll asks, and gets 304 when nothing changed (routes/usage.ts).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.register(usageRoutes, deps);
  scrapeGauge('quota', {
    name: 'quota_reservations_pending',
    help: 'Reservations holding a generation slot (pending, not yet expired).',
    read: () => countPendingReservations(deps),
  });
  return app;
}

import { fileURLToPath } from 'node:url';
import { defineService, runAlone, runAsLeader } from '@seqgen/kit';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { createApp } from './app.ts';
import { quotaConfigShape } from './config.ts';
import { purgeReservations, type QuotaDeps } from './domain/quota.ts';
import { UsageCache } from './domain/usage-cache.ts';
import { UsageFeed } from './domain/usage-feed.ts';
import { startQuotaConsumers, stopConsumers } from './events/consumers.ts';
import { answerQuotaReserve } from './events/reserve.ts';

const HOUR = 60 * 60 * 1000;

export const quotaService = defineService({
  name: 'quota',
  settings: quotaConfigShape,
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  sessionLiveness: askSessionStatus,
  async build({ config, logger, infra, lifecycle, sessions }) {
    const deps: QuotaDeps = {
      db: infra.database.db,
      logger,
      reservationTtlMs: config.RESERVATION_TTL_SECONDS * 1000,
      now: () => new Date(),
      usageCache: new UsageCache(infra.store, logger),
      usageFeed: new UsageFeed(infra.bus),
    };
    await deps.usageFeed?.start();
    lifecycle.add('usage feed', async () => deps.usageFeed?.stop());
    const consumers = await startQuotaConsumers(infra.bus, deps);
    lifecycle.add('event consumers', () => stopConsumers(consumers));
    const responder = await answerQuotaReserve(infra.bus, deps);
    lifecycle.add('quota.reserve responder', () => responder.stop());

    // Housekeeping only: expired reservations already stopped counting when they expired. One
    // replica does it (leader election on the database, kit/leader.ts; issue 11, item 5).
    const purge = runAsLeader({
      name: 'quota:purge',
      intervalMs: HOUR,
      databaseUrl: config.DATABASE_URL,
      logger,
      run: () => purgeReservations(deps, 24 * HOUR).then(() => {}),
    });
    lifecycle.add('purge', () => purge.stop());

    const app = createApp({ ...deps, sessions: sessions(), readiness: infra.readiness });
    return { app, details: { reservationTtlSeconds: config.RESERVATION_TTL_SECONDS } };
  },
});

/** `npm start` calls this with a shared lifecycle. */
export const start = quotaService.start;

if (import.meta.main) await runAlone('quota', start);

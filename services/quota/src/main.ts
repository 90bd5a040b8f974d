import { fileURLToPath } from 'node:url';
import {
  busSessionVerifier,
  createLogger,
  type Lifecycle,
  listen,
  loadConfig,
  openInfrastructure,
  runAlone,
  runAsLeader,
} from '@seqgen/kit';
import { createApp } from './app.ts';
import { quotaConfigShape } from './config.ts';
import { purgeReservations, type QuotaDeps } from './domain/quota.ts';
import { UsageCache } from './domain/usage-cache.ts';
import { startQuotaConsumers, stopConsumers } from './events/consumers.ts';
import { answerQuotaReserve } from './events/reserve.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));
const HOUR = 60 * 60 * 1000;

/** Starts the quota service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(quotaConfigShape, env);
  const logger = createLogger({ service: 'quota', level: config.LOG_LEVEL });
  const infra = await openInfrastructure({ service: 'quota', config, logger, migrationsFolder, lifecycle });
  const deps: QuotaDeps = {
    db: infra.database.db,
    logger,
    reservationTtlMs: config.RESERVATION_TTL_SECONDS * 1000,
    now: () => new Date(),
    usageCache: new UsageCache(infra.store, logger),
  };

  const consumers = await startQuotaConsumers(infra.bus, deps);
  infra.lifecycle.add('event consumers', () => stopConsumers(consumers));
  const responder = await answerQuotaReserve(infra.bus, deps);
  infra.lifecycle.add('quota.reserve responder', () => responder.stop());

  // Housekeeping only: expired reservations already stopped counting when they expired. One
  // replica does it (leader election on the database, kit/leader.ts; issue 11, item 5).
  const purge = runAsLeader({
    name: 'quota:purge',
    intervalMs: HOUR,
    databaseUrl: config.DATABASE_URL,
    logger,
    run: () => purgeReservations(deps, 24 * HOUR).then(() => {}),
  });
  infra.lifecycle.add('purge', () => purge.stop());

  const app = createApp({
    ...deps,
    sessions: busSessionVerifier(config, infra.bus, logger),
    readiness: infra.readiness,
  });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle, {
    reservationTtlSeconds: config.RESERVATION_TTL_SECONDS,
  });
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('quota', start);

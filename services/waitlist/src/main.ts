import { fileURLToPath } from 'node:url';
import {
  busSessionVerifier,
  createLogger,
  type Lifecycle,
  listen,
  loadConfig,
  Outbox,
  openInfrastructure,
  runAlone,
} from '@seqgen/kit';
import { createApp } from './app.ts';
import { waitlistConfigShape } from './config.ts';
import { outbox as outboxTable, processedEvents } from './data/schema.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));

/** Starts the waitlist service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(waitlistConfigShape, env);
  const logger = createLogger({ service: 'waitlist', level: config.LOG_LEVEL });
  const infra = await openInfrastructure({ service: 'waitlist', config, logger, migrationsFolder, lifecycle });
  const outbox = new Outbox({
    db: infra.database.db,
    tables: { outbox: outboxTable, processedEvents },
    bus: infra.bus,
    logger,
  });
  outbox.start();
  infra.lifecycle.add('outbox relay', () => outbox.stop());
  const app = createApp({
    logger,
    db: infra.database.db,
    outbox,
    sessions: busSessionVerifier(config, infra.bus, logger),
    readiness: infra.readiness,
    store: infra.store,
    trustedProxies: config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
  });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle);
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('waitlist', start);

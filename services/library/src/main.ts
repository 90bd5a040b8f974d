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
import { libraryConfigShape } from './config.ts';
import { outbox as outboxTable, processedEvents } from './data/schema.ts';
import { DEFAULT_LIBRARY_LIMITS } from './domain/library.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));

/** Starts the library service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(libraryConfigShape, env);
  const logger = createLogger({ service: 'library', level: config.LOG_LEVEL });
  const infra = await openInfrastructure({ service: 'library', config, logger, migrationsFolder, lifecycle });
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
    outbox,
    readiness: infra.readiness,
    db: infra.database.db,
    store: infra.store,
    sessions: busSessionVerifier(config, infra.bus, logger),
    publicUrl: config.PUBLIC_URL,
    trustedProxies: config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
    limits: {
      savedPerUser: config.SAVED_SEQUENCES_PER_USER,
      savesPerUser: { ...DEFAULT_LIBRARY_LIMITS.savesPerUser, limit: config.SAVES_PER_HOUR },
      feedbackPerUser: { ...DEFAULT_LIBRARY_LIMITS.feedbackPerUser, limit: config.FEEDBACK_PER_HOUR },
    },
  });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle, {
    savedPerUser: config.SAVED_SEQUENCES_PER_USER,
  });
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('library', start);

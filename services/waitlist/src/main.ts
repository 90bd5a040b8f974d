import { fileURLToPath } from 'node:url';
import { defineService, runAlone } from '@seqgen/kit';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { createApp } from './app.ts';
import { waitlistConfigShape } from './config.ts';
import { outbox, processedEvents } from './data/schema.ts';

export const waitlistService = defineService({
  name: 'waitlist',
  settings: waitlistConfigShape,
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  sessionLiveness: askSessionStatus,
  outbox: { outbox, processedEvents },
  build: ({ config, logger, infra, outbox, sessions, trustedProxies }) => ({
    app: createApp({
      logger,
      db: infra.database.db,
      outbox: outbox(),
      sessions: sessions(),
      readiness: infra.readiness,
      store: infra.store,
      publicUrl: config.PUBLIC_URL,
      trustedProxies,
    }),
  }),
});

/** `npm start` calls this with a shared lifecycle. */
export const start = waitlistService.start;

if (import.meta.main) await runAlone('waitlist', start);

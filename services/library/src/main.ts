import { fileURLToPath } from 'node:url';
import { defineService, runAlone } from '@seqgen/kit';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { createApp } from './app.ts';
import { libraryConfigShape } from './config.ts';
import { outbox, processedEvents } from './data/schema.ts';
import { DEFAULT_LIBRARY_LIMITS } from './domain/library.ts';

export const libraryService = defineService({
  name: 'library',
  settings: libraryConfigShape,
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  sessionLiveness: askSessionStatus,
  outbox: { outbox, processedEvents },
  build: ({ config, logger, infra, outbox, sessions, trustedProxies }) => ({
    app: createApp({
      logger,
      outbox: outbox(),
      readiness: infra.readiness,
      db: infra.database.db,
      store: infra.store,
      sessions: sessions(),
      publicUrl: config.PUBLIC_URL,
      trustedProxies,
      limits: {
        savedPerUser: config.SAVED_SEQUENCES_PER_USER,
        savesPerUser: { ...DEFAULT_LIBRARY_LIMITS.savesPerUser, limit: config.SAVES_PER_HOUR },
        feedbackPerUser: { ...DEFAULT_LIBRARY_LIMITS.feedbackPerUser, limit: config.FEEDBACK_PER_HOUR },
      },
    }),
    details: { savedPerUser: config.SAVED_SEQUENCES_PER_USER },
  }),
});

/** `npm start` calls this with a shared lifecycle. */
export const start = libraryService.start;

if (import.meta.main) await runAlone('library', start);

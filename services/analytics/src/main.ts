import { fileURLToPath } from 'node:url';
import { defineService, runAlone } from '@seqgen/kit';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { createApp } from './app.ts';
import { analyticsConfigShape } from './config.ts';
import { startFunnelConsumers } from './domain/consumers.ts';
import { DEFAULT_ANALYTICS_LIMITS } from './domain/events.ts';
import { SinkRelay } from './domain/sink.ts';

export const analyticsService = defineService({
  name: 'analytics',
  settings: analyticsConfigShape,
  secretSettings: ['ANALYTICS_SINK_KEY'],
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  sessionLiveness: askSessionStatus,
  async build({ config, logger, infra, lifecycle, sessions, trustedProxies }) {
    const db = infra.database.db;
    // With a sink every stored event is also forwarded; without one the table is the record.
    const relay = config.ANALYTICS_SINK_URL
      ? new SinkRelay({ db, url: config.ANALYTICS_SINK_URL, apiKey: config.ANALYTICS_SINK_KEY, logger })
      : undefined;
    if (relay) {
      relay.start();
      lifecycle.add('analytics sink relay', () => relay.stop());
      logger.info(
        { sink: new URL(config.ANALYTICS_SINK_URL as string).origin },
        'forwarding analytics events to the sink',
      );
    }
    const onStored = () => relay?.poke();
    const consumers = await startFunnelConsumers({ bus: infra.bus, db, onStored });
    lifecycle.add('analytics consumers', async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    });
    const app = createApp({
      logger,
      db,
      sessions: sessions(),
      readiness: infra.readiness,
      store: infra.store,
      publicUrl: config.PUBLIC_URL,
      trustedProxies,
      limits: {
        batchesPerIp: { ...DEFAULT_ANALYTICS_LIMITS.batchesPerIp, limit: config.ANALYTICS_BATCHES_PER_MINUTE },
      },
      onStored,
    });
    return { app };
  },
});

/** `npm start` calls this with a shared lifecycle. */
export const start = analyticsService.start;

if (import.meta.main) await runAlone('analytics', start);

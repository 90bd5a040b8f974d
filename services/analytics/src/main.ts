import { fileURLToPath } from 'node:url';
import {
  busSessionVerifier,
  createLogger,
  type Lifecycle,
  listen,
  loadConfig,
  openInfrastructure,
  runAlone,
} from '@seqgen/kit';
import { createApp } from './app.ts';
import { analyticsConfigShape } from './config.ts';
import { startFunnelConsumers } from './domain/consumers.ts';
import { DEFAULT_ANALYTICS_LIMITS } from './domain/events.ts';
import { SinkRelay } from './domain/sink.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));

/** Starts the analytics service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(analyticsConfigShape, env);
  const logger = createLogger({ service: 'analytics', level: config.LOG_LEVEL });
  const infra = await openInfrastructure({ service: 'analytics', config, logger, migrationsFolder, lifecycle });
  const db = infra.database.db;
  // With a sink every stored event is also forwarded; without one the table is the record.
  const relay = config.ANALYTICS_SINK_URL
    ? new SinkRelay({ db, url: config.ANALYTICS_SINK_URL, apiKey: config.ANALYTICS_SINK_KEY, logger })
    : undefined;
  if (relay) {
    relay.start();
    infra.lifecycle.add('analytics sink relay', () => relay.stop());
    logger.info(
      { sink: new URL(config.ANALYTICS_SINK_URL as string).origin },
      'forwarding analytics events to the sink',
    );
  }
  const onStored = () => relay?.poke();
  const consumers = await startFunnelConsumers({ bus: infra.bus, db, onStored });
  infra.lifecycle.add('analytics consumers', async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
  });
  const app = createApp({
    logger,
    db,
    sessions: busSessionVerifier(config, infra.bus, logger),
    readiness: infra.readiness,
    store: infra.store,
    publicUrl: config.PUBLIC_URL,
    trustedProxies: config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
    limits: {
      batchesPerIp: { ...DEFAULT_ANALYTICS_LIMITS.batchesPerIp, limit: config.ANALYTICS_BATCHES_PER_MINUTE },
    },
    onStored,
  });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle);
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('analytics', start);

import {
  createLogger,
  Lifecycle,
  listen,
  loadConfig,
  openStore,
  runAlone,
  type StartOptions,
  serveMetrics,
} from '@seqgen/kit';
import { createGateway } from './app.ts';
import { gatewaySessionSecret } from './client-identity.ts';
import { gatewayConfigShape } from './config.ts';

export async function start(
  env: Record<string, string | undefined> = process.env,
  lifecycle?: Lifecycle,
  { logDestination }: StartOptions = {},
) {
  const config = loadConfig(gatewayConfigShape, env);
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL, destination: logDestination });
  const shutdown = lifecycle ?? new Lifecycle(logger);
  const store = await openStore({
    url: config.REDIS_URL,
    // Under the deployment's prefix like every service's keys, so two deployments (or a test run
    // beside the app) sharing a Redis never count each other's requests.
    namespace: `${config.REDIS_KEY_PREFIX}:gateway`,
    logger,
  });
  shutdown.add('store', () => store.close());
  // Metrics on their own port, never on the public one (issue 11, item 2).
  if (config.METRICS_PORT !== undefined) {
    await serveMetrics({
      service: 'gateway',
      host: config.HOST,
      port: config.METRICS_PORT,
      lifecycle: shutdown,
      logger,
    });
  }
  const app = createGateway({ config, logger, store, sessionSecret: gatewaySessionSecret(config) });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, shutdown);
  return { app, url, lifecycle: shutdown };
}

if (import.meta.main) await runAlone('gateway', start);

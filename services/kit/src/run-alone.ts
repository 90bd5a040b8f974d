import { Lifecycle } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { startTelemetry } from './telemetry-start.ts';

type Start = (env: Record<string, string | undefined>, lifecycle: Lifecycle) => Promise<unknown>;

/**
 * A service as its own process (a container, `node services/<name>/src/main.ts`): tracing first
 * when it is configured (so the service's Fastify instance and clients are instrumented), then
 * the service, then a graceful close on SIGTERM/SIGINT. `npm start` does the same for all of them
 * in one process (scripts/start.ts).
 */
export async function runAlone(service: string, start: Start): Promise<void> {
  const logger = createLogger({ service, level: process.env.LOG_LEVEL ?? 'info' });
  const lifecycle = new Lifecycle(logger);
  await startTelemetry(process.env, { services: [service], lifecycle, logger });
  await start(process.env, lifecycle);
  lifecycle.exitOnSignals();
}

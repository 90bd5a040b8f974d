/**
 * `npm start`: every service and the gateway in one Node process, each on its own loopback port,
 * on the embedded defaults unless settings say otherwise (DESIGN.md §2). The gateway still
 * proxies over HTTP, so the code paths are the ones that run in production.
 */
import { createLogger, Lifecycle } from '@seqgen/kit';
import { SERVICE_PORTS } from '../services/gateway/src/config.ts';
import { start as startGateway } from '../services/gateway/src/main.ts';
import { start as startWaitlist } from '../services/waitlist/src/main.ts';

type Starter = (env: Record<string, string | undefined>, lifecycle: Lifecycle) => Promise<{ url: string }>;

const services: [name: keyof typeof SERVICE_PORTS, start: Starter][] = [['waitlist', startWaitlist]];

const logger = createLogger({ service: 'seqgen', level: process.env.LOG_LEVEL ?? 'info' });
const lifecycle = new Lifecycle(logger);
lifecycle.exitOnSignals();

const started = performance.now();
try {
  // PORT and HOST belong to the gateway; each service gets its fixed loopback port.
  const { PORT, HOST, ...shared } = process.env;
  for (const [name, start] of services) {
    await start({ ...shared, HOST: '127.0.0.1', PORT: String(SERVICE_PORTS[name]) }, lifecycle);
  }
  const { url } = await startGateway({ ...shared, HOST: HOST ?? '127.0.0.1', PORT: PORT ?? '8080' }, lifecycle);
  const shown = url.replace('127.0.0.1', 'localhost');
  logger.info({ ms: Math.round(performance.now() - started) }, `seqgen is running at ${shown}`);
  process.stdout.write(`\n  seqgen is running at ${shown}\n\n`);
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  await lifecycle.close();
  process.exit(1);
}

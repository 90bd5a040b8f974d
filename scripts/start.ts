/**
 * `npm start`: every service and the gateway in one Node process, each on its own loopback port, on the embedded defaults unless settings say otherwise
 * (docs/architecture.md §2); the services on the main thread, the gateway on a thread of its own
 * (./gateway-thread.ts). The gateway still proxies over HTTP, so the code paths are the ones
 * that run in production. Services take ephemeral ports, so a second checkout or a test run never
 * collides with a running one.
 *
 * At a terminal it prints one summary and then one line per request (issue 11, item 6); piped
 * or in production, JSON lines only, so nothing that reads them has to skip a banner.
 *
 * package.json's `start` runs this file with settings that hold `npm start` to its footprint
 * (issue 12; docs/architecture.md §2; figures in bench-report.md): NODE_COMPILE_CACHE keeps compiled,
 * type-stripped modules on disk, so a second start neither parses them again nor loads the type
 * stripper; --max-semi-space-size=4 keeps V8's young generation at 8 MB instead of growing to
 * ~130 MB; --max-old-space-size=256 has V8 collect before its old generation grows far past the
 * ~60 MB the services keep live (under the polling load it grew by ~190 MB otherwise);
 * MALLOC_ARENA_MAX=2 stops glibc giving each compiler and I/O thread its own arena; and
 * --import ./scripts/fast-resolve.ts saves each thread ~400 ms of module resolution (its header).
 */
import { createLogger, Lifecycle, prettyLogStream, startTelemetry, wantsPrettyLogs } from '@seqgen/kit';
import { start as startAnalytics } from '../services/analytics/src/main.ts';
import { start as startAuth } from '../services/auth/src/main.ts';
import { start as startBilling } from '../services/billing/src/main.ts';
import { start as startGeneration } from '../services/generation/src/main.ts';
import { start as startLibrary } from '../services/library/src/main.ts';
import { start as startQuota } from '../services/quota/src/main.ts';
import { start as startWaitlist } from '../services/waitlist/src/main.ts';
import { openGatewayThread } from './gateway-thread.ts';
import { describeSetup, formatSummary } from './start-summary.ts';

type Starter = (env: Record<string, string | undefined>, lifecycle: Lifecycle) => Promise<{ url: string }>;

/** Each service, with the gateway setting that points at it. */
const services: [name: string, upstreamSetting: string, start: Starter][] = [
  ['auth', 'AUTH_URL', startAuth],
  ['waitlist', 'WAITLIST_URL', startWaitlist],
  ['generation', 'GENERATION_URL', startGeneration],
  ['quota', 'QUOTA_URL', startQuota],
  ['library', 'LIBRARY_URL', startLibrary],
  ['billing', 'BILLING_URL', startBilling],
  ['analytics', 'ANALYTICS_URL', startAnalytics],
];

const logger = createLogger({ service: 'seqgen', level: process.env.LOG_LEVEL ?? 'info' });
const lifecycle = new Lifecycle(logger);
lifecycle.exitOnSignals();

const pretty = wantsPrettyLogs() ? prettyLogStream() : undefined;
// Every service's start-up lines are replaced by the summary below (warnings still show).
pretty?.hold();
// The gateway's lines come from its own thread, sometimes after the service's for the same request.
pretty?.enterThrough('gateway');
const started = performance.now();
const gateway = openGatewayThread({ lifecycle, logger, pretty });
try {
  // PORT and HOST belong to the gateway.
  const { PORT, HOST, ...shared } = process.env;
  const upstreams: Record<string, string> = {};
  // Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT asks for it), so every service is built
  // instrumented; each span still names its own service (kit telemetry-sdk.ts).
  // The gateway, on its own thread, starts its own.
  await startTelemetry(process.env, { services: services.map(([name]) => name), lifecycle, logger });
  for (const [, setting, start] of services) {
    // Six services in one process: each its own ephemeral loopback metrics port (logged).
    const { url } = await start({ ...shared, HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0' }, lifecycle);
    upstreams[setting] = url;
  }
  const { url } = await gateway.start({
    ...shared,
    ...upstreams,
    HOST: HOST ?? '127.0.0.1',
    PORT: PORT ?? '8080',
    METRICS_PORT: '0',
  });
  const shown = url.replace('127.0.0.1', 'localhost');
  const ms = Math.round(performance.now() - started);
  if (pretty) {
    pretty.release(false);
    process.stdout.write(formatSummary(shown, process.env, ms));
  } else {
    logger.info(
      { url: shown, ms, setup: Object.fromEntries(describeSetup(process.env)), upstreams },
      'all services started',
    );
    // On stderr, so stdout stays JSON lines for whatever reads them, and printed whatever
    // LOG_LEVEL is: scripts waiting for the app (web/e2e/support.ts) look for this line.
    process.stderr.write(`seqgen is running at ${shown}\n`);
  }
} catch (error) {
  pretty?.release(true);
  logger.fatal({ err: error }, 'start-up failed');
  await lifecycle.close();
  process.exit(1);
}

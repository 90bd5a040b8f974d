import { connectBus } from './bus/index.ts';
import type { Bus, NoRequests, RequestCatalogue } from './bus/types.ts';
import { type KeyValueStore, openStore } from './cache.ts';
import { type DatabaseHandle, openDatabase } from './db.ts';
import { Lifecycle } from './lifecycle.ts';
import type { Logger } from './logger.ts';
import { scrapeLabelledGauge, serveMetrics } from './metrics.ts';
import type { Service } from './service.ts';

export interface InfrastructureConfig {
  DATABASE_URL?: string | undefined;
  /** PostgreSQL connections this process may hold (baseConfigShape's default: 10). */
  DATABASE_POOL_MAX?: number | undefined;
  DATA_DIR: string;
  NATS_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  /** Defaults as in baseConfigShape; tests pass `isolation` instead. */
  NATS_STREAM?: string | undefined;
  NATS_SUBJECT_PREFIX?: string | undefined;
  REDIS_KEY_PREFIX?: string | undefined;
  /** The metrics server (GET /metrics) listens on HOST:METRICS_PORT when METRICS_PORT is set. */
  HOST?: string | undefined;
  METRICS_PORT?: number | undefined;
}

export interface Infrastructure<C extends RequestCatalogue = NoRequests> {
  database: DatabaseHandle;
  bus: Bus<C>;
  store: KeyValueStore;
  lifecycle: Lifecycle;
  /**
   * /readyz: the database and the bus answer (docs/architecture.md §5). Not the store: Redis is a cache
   * with an in-process fallback, and a Redis outage must not take every pod out of its Service.
   */
  readiness(): Promise<void>;
}

/**
 * Opens what a service runs on, each real or embedded by the presence of its setting
 * (docs/architecture.md §2), and registers each for an orderly close.
 */
export async function openInfrastructure<C extends RequestCatalogue = NoRequests>(options: {
  service: string;
  config: InfrastructureConfig;
  logger: Logger;
  migrationsFolder: string;
  /** The request/reply subjects the service's bus carries (proto's requestCatalogue). */
  requests?: C;
  lifecycle?: Lifecycle;
  /** Tests isolate runs on shared servers: their own stream, subjects and key namespace. */
  isolation?: { streamName: string; subjectPrefix: string; storeNamespace: string };
}): Promise<Infrastructure<C>> {
  const { service, config, logger, migrationsFolder } = options;
  const lifecycle = options.lifecycle ?? new Lifecycle(logger);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    schema: service,
    migrationsFolder,
    logger,
    poolMax: config.DATABASE_POOL_MAX,
  });
  lifecycle.add('database', () => database.close());
  const bus = await connectBus({
    natsUrl: config.NATS_URL,
    logger,
    requests: options.requests,
    name: service,
    streamName: options.isolation?.streamName ?? config.NATS_STREAM,
    subjectPrefix: options.isolation?.subjectPrefix ?? config.NATS_SUBJECT_PREFIX,
  });
  lifecycle.add('bus', () => bus.close());
  // Consumer lag (issue 11, item 2): read from the transport when Prometheus scrapes.
  scrapeLabelledGauge(service, {
    name: 'bus_consumer_lag',
    help: 'Events a durable consumer has not processed yet: state="pending" (not delivered) or "unacknowledged" (delivered, not yet acknowledged).',
    labelNames: ['durable', 'type', 'state'],
    read: async () =>
      (await bus.consumerLag()).flatMap(({ durable, type, pending, unacknowledged }) => [
        { labels: { durable, type, state: 'pending' }, value: pending },
        { labels: { durable, type, state: 'unacknowledged' }, value: unacknowledged },
      ]),
  });
  const store = await openStore({
    url: config.REDIS_URL,
    namespace: options.isolation?.storeNamespace ?? `${config.REDIS_KEY_PREFIX ?? 'seqgen'}:${service}`,
    logger,
  });
  lifecycle.add('store', () => store.close());
  if (config.METRICS_PORT !== undefined) {
    await serveMetrics({ service, host: config.HOST ?? '127.0.0.1', port: config.METRICS_PORT, lifecycle, logger });
  }
  logger.info({ database: database.kind, bus: bus.kind, store: store.kind }, `${service} infrastructure ready`);
  return {
    database,
    bus,
    store,
    lifecycle,
    readiness: async () => {
      await Promise.all([
        database.ping().catch(() => Promise.reject(new Error('database unreachable'))),
        bus.ping().catch(() => Promise.reject(new Error('event bus unreachable'))),
      ]);
    },
  };
}

/**
 * Listens, logs one "listening" line (with `details`: which mailer, provider or model the service
 * runs with) and registers the HTTP server to close first on shutdown. Returns the base URL.
 */
export async function listen(
  app: Service,
  address: { host: string; port: number },
  lifecycle: Lifecycle,
  details: Record<string, unknown> = {},
) {
  // Fastify logs "Server listening at …" itself, once per interface on 0.0.0.0: muted here so
  // each service prints a single line (issue 11 found a duplicate pair per service).
  const log = app.log;
  app.log = log.child({}, { level: 'silent' });
  try {
    await app.listen({ host: address.host, port: address.port });
  } finally {
    app.log = log;
  }
  lifecycle.add('http', () => app.close());
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : address.port;
  const url = `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${port}`;
  log.info({ url, ...details }, 'listening');
  return url;
}

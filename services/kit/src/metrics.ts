import { createServer, type Server } from 'node:http';
import type { ErrorBody } from '@seqgen/proto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Lifecycle } from './lifecycle.ts';
import type { Logger } from './logger.ts';

/**
 * Prometheus metrics (issue 11, item 2). One Registry per service, never prom-client's global
 * one: under `npm start` six services share a process, and each must expose only its own series
 * (labelled `service`) on its own metrics port. Process metrics (CPU, memory, event-loop lag) are
 * collected once per process into a registry of their own and appended to every service's page.
 */
export interface ServiceMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  busPublished: Counter<'type'>;
  busConsumed: Counter<'type' | 'outcome'>;
  busRedeliveries: Counter<'type'>;
}

const byService = new Map<string, ServiceMetrics>();
/** Callbacks of gauges read at scrape time, by service and metric name: the latest registration wins. */
const gaugeReaders = new Map<string, () => Promise<number>>();
let processRegistry: Registry | undefined;

/** The metrics of one service, created on first use. */
export function metricsFor(service: string): ServiceMetrics {
  let metrics = byService.get(service);
  if (metrics) return metrics;
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const registers = [registry];
  metrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (not path: ids would explode cardinality).',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    busPublished: new Counter({
      name: 'bus_published_total',
      help: 'Events published on the bus.',
      labelNames: ['type'],
      registers,
    }),
    busConsumed: new Counter({
      name: 'bus_consumed_total',
      help: 'Event deliveries handled, by how they were settled (ack, nak = retried later, term = dropped as invalid).',
      labelNames: ['type', 'outcome'],
      registers,
    }),
    busRedeliveries: new Counter({
      name: 'bus_redeliveries_total',
      help: 'Deliveries of an event that had been delivered before (a failed or timed-out handler).',
      labelNames: ['type'],
      registers,
    }),
  };
  byService.set(service, metrics);
  return metrics;
}

/** A service-specific counter (login failures, generations by outcome), created once per service. */
export function serviceCounter<L extends string>(
  service: string,
  options: { name: string; help: string; labelNames?: readonly L[] },
): Counter<L> {
  const { registry } = metricsFor(service);
  const existing = registry.getSingleMetric(options.name);
  if (existing) return existing as Counter<L>;
  return new Counter<L>({ ...options, labelNames: options.labelNames ?? [], registers: [registry] });
}

/** A service-specific histogram (LLM call latency), created once per service. */
export function serviceHistogram<L extends string>(
  service: string,
  options: { name: string; help: string; labelNames?: readonly L[]; buckets?: number[] },
): Histogram<L> {
  const { registry } = metricsFor(service);
  const existing = registry.getSingleMetric(options.name);
  if (existing) return existing as Histogram<L>;
  return new Histogram<L>({ ...options, labelNames: options.labelNames ?? [], registers: [registry] });
}

/**
 * A gauge whose value is read when Prometheus scrapes (a cheap count query), so it is never
 * stale and costs nothing between scrapes. Registering again for the same service replaces the
 * reader (tests build several apps in one process). A failing read (database away) keeps the
 * last value rather than failing the whole page; the outage shows in the logs and on /readyz.
 */
export function scrapeGauge(service: string, options: { name: string; help: string; read: () => Promise<number> }) {
  const { registry } = metricsFor(service);
  const key = `${service}\u0000${options.name}`;
  gaugeReaders.set(key, options.read);
  if (registry.getSingleMetric(options.name)) return;
  new Gauge({
    name: options.name,
    help: options.help,
    registers: [registry],
    async collect() {
      const read = gaugeReaders.get(key);
      if (!read) return;
      const value = await read().catch(() => undefined);
      if (value !== undefined) this.set(value);
    },
  });
}

/**
 * scrapeGauge for a labelled family (one series per consumer, say): every series is read afresh
 * at each scrape, so one that disappeared does not linger.
 */
export function scrapeLabelledGauge<L extends string>(
  service: string,
  options: {
    name: string;
    help: string;
    labelNames: readonly L[];
    read: () => Promise<{ labels: Record<L, string>; value: number }[]>;
  },
) {
  const { registry } = metricsFor(service);
  const key = `${service}\u0000${options.name}`;
  labelledReaders.set(key, options.read as LabelledReader);
  if (registry.getSingleMetric(options.name)) return;
  new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [registry],
    async collect() {
      const read = labelledReaders.get(key);
      const series = read ? await read().catch(() => undefined) : undefined;
      if (!series) return;
      this.reset();
      for (const { labels, value } of series) this.set(labels as Record<L, string>, value);
    },
  });
}
type LabelledReader = () => Promise<{ labels: Record<string, string>; value: number }[]>;
const labelledReaders = new Map<string, LabelledReader>();

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The text exposition of one service: its own series, then the process's. */
export async function metricsText(service: string): Promise<string> {
  const own = await metricsFor(service).registry.metrics();
  return `${own}\n${await processMetrics().metrics()}`;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * Serves GET /metrics for one service on its own port (METRICS_PORT), apart from the public HTTP
 * port: the gateway's public port must never expose metrics (issue 11, item 2), and a
 * NetworkPolicy can open the metrics port to the scraper alone. Logs one "metrics served" line (not
 * "listening": that word marks each service's one public listener, tests/system/dev-output.test.ts)
 * with the URL. Returns the URL.
 */
export async function serveMetrics(options: {
  service: string;
  host: string;
  port: number;
  lifecycle: Lifecycle;
  logger: Logger;
}): Promise<string> {
  const { service, host, port, lifecycle, logger } = options;
  processMetrics();
  metricsFor(service);
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: 'not_found', message: 'Only GET /metrics is served here.' } satisfies ErrorBody),
      );
      return;
    }
    metricsText(service).then(
      (text) => {
        response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
        response.end(text);
      },
      (err: unknown) => {
        logger.error({ err }, 'metrics: collection failed');
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: 'internal', message: 'Metrics could not be collected.' } satisfies ErrorBody),
        );
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  lifecycle.add(
    'metrics',
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes; it must not hold up shutdown.
        server.closeAllConnections();
      }),
  );
  const bound = server.address();
  const actual = typeof bound === 'object' && bound ? bound.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}/metrics`;
  logger.info({ url }, 'metrics served');
  return url;
}

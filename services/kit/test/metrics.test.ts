import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createEnvelope } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Lifecycle } from '../src/lifecycle.ts';
import { createLogger } from '../src/logger.ts';
import { metricsFor, metricsText, scrapeGauge, serveMetrics } from '../src/metrics.ts';
import { Outbox } from '../src/outbox.ts';
import { createService } from '../src/service.ts';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '../src/testing/index.ts';
import { ScrapedMetrics } from '../src/testing/prometheus.ts';
import { outbox as outboxTable, processedEvents } from './fixtures/schema.ts';

// Issue 11, item 2: what the kit records, read back the way Prometheus would read it.
const scrape = async (service: string) => new ScrapedMetrics(await metricsText(service));
const unique = (prefix: string) => `${prefix}_${randomBytes(3).toString('hex')}`;

describe('HTTP metrics of createService', () => {
  it('counts and times each answer by route pattern, method and status', async () => {
    const service = unique('http_test');
    const app = createService({ name: service, logger: quietLogger() });
    app.get('/items/:id', { schema: { params: z.object({ id: z.string().regex(/^\d+$/) }) } }, async () => ({}));
    await app.ready();
    for (const url of ['/items/1', '/items/2', '/items/abc', '/nowhere/42', '/nowhere/43']) {
      await app.inject({ method: 'GET', url });
    }
    await app.close();

    const metrics = await scrape(service);
    const route = { service, method: 'GET', route: '/items/:id' };
    expect(metrics.value('http_requests_total', { ...route, status: '200' })).toBe(2);
    expect(metrics.value('http_requests_total', { ...route, status: '400' })).toBe(1);
    // Unknown paths share one series: a scanner cannot create a series per path it tries.
    expect(metrics.value('http_requests_total', { service, route: 'unmatched', status: '404' })).toBe(2);
    expect(metrics.labelValues('http_requests_total', 'route').sort()).toEqual(['/items/:id', 'unmatched']);
    expect(metrics.family('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const count = (await metricsFor(service).httpDuration.get()).values.find(
      (v) =>
        v.metricName === 'http_request_duration_seconds_count' &&
        v.labels.route === '/items/:id' &&
        v.labels.status === '200',
    );
    expect(count?.value).toBe(2);
  });

  it('keeps each service to its own series (six services share a process under npm start)', async () => {
    const [one, two] = [unique('svc_one'), unique('svc_two')];
    for (const name of [one, two]) {
      const app = createService({ name, logger: quietLogger() });
      await app.inject({ method: 'GET', url: '/healthz' });
      if (name === one) await app.inject({ method: 'GET', url: '/healthz' });
      await app.close();
    }
    const first = await scrape(one);
    expect(first.value('http_requests_total', { route: '/healthz' })).toBe(2);
    expect(first.labelValues('http_requests_total', 'service')).toEqual([one]);
    expect((await scrape(two)).value('http_requests_total', { route: '/healthz' })).toBe(1);
    // Process metrics are there once, not once per service.
    expect(first.value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('the metrics server', () => {
  let lifecycle: Lifecycle;
  let url: string;
  const service = unique('served');

  beforeAll(async () => {
    lifecycle = new Lifecycle(quietLogger());
    url = await serveMetrics({ service, host: '127.0.0.1', port: 0, lifecycle, logger: quietLogger() });
    let reads = 0;
    scrapeGauge(service, { name: 'test_reads', help: 'Reads so far.', read: async () => ++reads });
    scrapeGauge(service, {
      name: 'test_broken',
      help: 'A gauge whose read fails.',
      read: () => Promise.reject(new Error('database away')),
    });
  });
  afterAll(() => lifecycle.close());

  it('serves the Prometheus text format on GET /metrics, gauges read at scrape time', async () => {
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(new ScrapedMetrics(await first.text()).value('test_reads', { service })).toBe(1);
    // A failing gauge does not take the page down with it.
    const second = new ScrapedMetrics(await (await fetch(url)).text());
    expect(second.value('test_reads')).toBe(2);
  });

  it('answers anything else with a JSON 404', async () => {
    const response = await fetch(new URL('/healthz', url));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

// The schema of the kit's fixtures is named after the service: "kit_test".
const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

describe.each(await variantsToRun())('bus and outbox metrics on $name infrastructure', (variant) => {
  let infra: TestInfrastructure;
  let outbox: Outbox;
  const service = 'kit_test';

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, service, migrationsFolder);
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    // The outbox names its gauge after its logger's service, as every service's logger is.
    const logger = createLogger({ service, level: 'silent' });
    outbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
  });
  afterAll(async () => {
    if (variant.skip) return;
    await outbox?.stop();
    await infra?.cleanup();
  });

  it.skipIf(variant.skip)('counts publishes, outcomes, redeliveries and pending outbox rows', async () => {
    const before = await scrape(service);
    const type = 'waitlist.joined';
    let calls = 0;
    const consumer = await infra.bus.consume({
      durable: unique('metrics'),
      type,
      retryDelayMs: 50,
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
      },
    });
    await infra.bus.publish(createEnvelope(type, { entryId: 'e-1', email: 'e1@example.test' }));
    await expect.poll(() => calls, { timeout: 15_000 }).toBe(2);

    const delta = async (name: string, labels: Record<string, string>) =>
      (await scrape(service)).value(name, labels) - before.value(name, labels);
    await expect.poll(() => delta('bus_consumed_total', { type, outcome: 'ack' }), { timeout: 15_000 }).toBe(1);
    expect(await delta('bus_published_total', { type })).toBe(1);
    expect(await delta('bus_consumed_total', { type, outcome: 'nak' })).toBe(1);
    expect(await delta('bus_redeliveries_total', { type })).toBe(1);
    await consumer.stop();

    // Two rows written while the relay is not running stay pending; once it runs they are gone.
    outbox.start();
    await outbox.stop();
    for (const n of [1, 2]) {
      await infra.database.db.transaction((tx) =>
        outbox.enqueue(tx, type, { entryId: `o-${n}`, email: `o${n}@example.test` }),
      );
    }
    expect((await scrape(service)).value('outbox_pending', { service })).toBe(2);
    outbox.start();
    await outbox.flush();
    expect((await scrape(service)).value('outbox_pending', { service })).toBe(0);
    await outbox.stop();
  });

  it.skipIf(variant.skip)(
    'reports each consumer’s lag: events not yet delivered and not yet acknowledged',
    async () => {
      // A type no other test here publishes: a new durable starts from the stream's first event.
      const type = 'contact.received';
      const durable = unique('lag');
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let handled = 0;
      const consumer = await infra.bus.consume({
        durable,
        type,
        handler: async () => {
          await released;
          handled += 1;
        },
      });
      for (const n of [1, 2, 3]) {
        await infra.bus.publish(createEnvelope(type, { messageId: `lag-${n}`, email: `lag${n}@example.test` }));
      }
      const lag = async (state: string) => (await scrape(service)).value('bus_consumer_lag', { durable, type, state });
      // One event in the (blocked) handler, two waiting behind it.
      await expect.poll(() => lag('unacknowledged'), { timeout: 15_000 }).toBe(1);
      expect(await lag('pending')).toBe(2);
      release();
      await expect.poll(() => handled, { timeout: 15_000 }).toBe(3);
      await expect.poll(() => lag('pending'), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => lag('unacknowledged'), { timeout: 15_000 }).toBe(0);
      await consumer.stop();
    },
  );
});

/**
 * Issue 11, item 1: one generate request, followed across every process it touches, arrives at
 * an OpenTelemetry collector (a local OTLP/HTTP JSON receiver) as one trace: the gateway's
 * request, generation's, quota's reservation (NATS request/reply), the sequence.generated
 * publish (through the outbox) and quota's consumer, each span under its own service.name, under
 * `npm start` (one process, embedded parts) and with each service in its own process on the real
 * servers (pg and Redis spans too). Log lines of the request carry its trace id.
 */
import { type ReceivedSpan, startOtlpReceiver, variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  genericCustomization,
  type RunningSystem,
  startCompanySite,
  startSystem,
  waitFor,
} from '../faults/support.ts';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

const customization = genericCustomization();

const variants = await variantsToRun();

describe.each([
  { infra: 'embedded' as const, layout: 'one-process' as const, skip: false },
  { infra: 'real' as const, layout: 'per-service' as const, skip: variants.some((v) => v.name === 'real' && v.skip) },
])('a generate request traced end to end ($infra, $layout)', ({ infra, layout, skip }) => {
  let system: RunningSystem;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let site: Awaited<ReturnType<typeof startCompanySite>>;

  beforeAll(async () => {
    if (skip) return;
    receiver = await startOtlpReceiver();
    site = await startCompanySite();
    system = await startSystem({
      infra,
      layout,
      env: {
        FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Export every 200 ms instead of every 5 s, so the test does not wait.
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
    await site?.close();
    await receiver?.close();
  }, 60_000);

  it.skipIf(skip)(
    'gateway, generation, quota.reserve and the sequence.generated consumer share one trace',
    async () => {
      const call = client(system.url);
      const registered = await call('POST', '/api/register', {
        email: `traced-${Date.now()}@example.com`,
        password: 'a long enough password',
      });
      expect(registered.status).toBe(201);
      const generated = await call('POST', '/api/generate-emails', { companyUrl: `${site.origin}/`, customization });
      expect(generated.status, JSON.stringify(generated.body)).toBe(200);

      const inTrace = (traceId: string) => receiver.spans().filter((span) => span.traceId === traceId);
      const find = (spans: ReceivedSpan[], service: string, name: string, kind: number) =>
        spans.find((span) => span.service === service && span.name === name && span.kind === kind);
      let gateway: ReceivedSpan | undefined;
      await waitFor(
        () => {
          gateway = receiver
            .spans()
            .find(
              (span) =>
                span.service === 'gateway' && span.kind === SERVER && span.name.includes('/api/generate-emails'),
            );
          return (
            gateway !== undefined &&
            find(inTrace(gateway.traceId), 'quota', 'process sequence.generated', CONSUMER) !== undefined
          );
        },
        {
          timeoutMs: 20_000,
          what: 'the generate trace to reach the receiver, through to quota consuming sequence.generated',
        },
      );
      const traceId = gateway?.traceId ?? '';
      const spans = inTrace(traceId);
      const byId = new Map(spans.map((span) => [span.spanId, span]));

      // The gateway is the root: a browser's own traceparent is never continued.
      expect(gateway?.parentSpanId).toBeUndefined();
      const proxied = spans.find(
        (span) =>
          span.service === 'gateway' && span.kind === CLIENT && span.attributes['http.request.method'] === 'POST',
      );
      const generation = find(spans, 'generation', 'POST /api/generate-emails', SERVER);
      expect(generation?.parentSpanId).toBe(proxied?.spanId);
      expect(proxied?.parentSpanId).toBe(gateway?.spanId);

      const reserve = find(spans, 'generation', 'request quota.reserve', CLIENT);
      const reserved = find(spans, 'quota', 'respond quota.reserve', SERVER);
      expect(reserve?.parentSpanId).toBe(generation?.spanId);
      expect(reserved?.parentSpanId).toBe(reserve?.spanId);

      const publish = find(spans, 'generation', 'publish sequence.generated', PRODUCER);
      const consumed = find(spans, 'quota', 'process sequence.generated', CONSUMER);
      expect(publish).toBeDefined();
      expect(consumed?.parentSpanId).toBe(publish?.spanId);
      expect(consumed?.attributes['messaging.consumer.group.name']).toBeTypeOf('string');

      // Every span in the trace hangs off another one in it: nothing was cut loose on the way.
      for (const span of spans) if (span !== gateway) expect(byId.has(span.parentSpanId ?? ''), span.name).toBe(true);

      if (infra === 'real') {
        // The clients under the services: PostgreSQL queries and Redis commands, in the same trace.
        expect(spans.some((span) => span.service === 'quota' && span.name.startsWith('pg.query'))).toBe(true);
        // (ioredis's instrumentation names the system under the old or the new attribute key.)
        const isRedis = (span: ReceivedSpan) =>
          span.attributes['db.system'] === 'redis' || span.attributes['db.system.name'] === 'redis';
        expect(spans.some((span) => span.service === 'generation' && isRedis(span))).toBe(true);
      }

      const logged = system.logs().filter((line) => line.trace_id === traceId);
      expect(new Set(logged.map((line) => line.service))).toEqual(new Set(['gateway', 'generation']));
      expect(logged.every((line) => typeof line.span_id === 'string')).toBe(true);
      expect(receiver.refused()).toEqual([]);
    },
  );
});

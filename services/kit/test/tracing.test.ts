import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { createEnvelope, parseEnvelope } from '@seqgen/proto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, connectBus } from '../src/bus/index.ts';
import { createLogger } from '../src/logger.ts';
import { createService } from '../src/service.ts';
import { currentTraceContext, inSpan, SpanKind } from '../src/telemetry.ts';
import { startTelemetry, TelemetryConfigError, type TelemetryHandle, tracesEndpoint } from '../src/telemetry-start.ts';
import { REAL_INFRA, variantsToRun } from '../src/testing/infra.ts';
import { startOtlpReceiver } from '../src/testing/otlp-receiver.ts';
import { testRequests } from './fixtures/requests.ts';

const run = promisify(execFile);
const footprint = fileURLToPath(new URL('./fixtures/telemetry-footprint.ts', import.meta.url));

/** Spans by name; the test fails loudly when one is missing. */
function spanNamed(spans: ReadableSpan[], name: string): ReadableSpan {
  const found = spans.find((s) => s.name === name);
  if (!found) throw new Error(`no span "${name}" among ${spans.map((s) => s.name).join(', ')}`);
  return found;
}
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('tracing is off unless an OTLP endpoint is set', () => {
  it('loads no SDK module and traces nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const { stdout } = await run(process.execPath, [footprint], { env: { PATH: process.env.PATH ?? '' } });
    expect(JSON.parse(stdout)).toEqual({ started: false, fastifyTraced: false, loaded: 0 });
  });

  it('loads the SDK and traces requests when it is set (the same fixture, one setting apart)', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const { stdout } = await run(process.execPath, [footprint], {
        env: { PATH: process.env.PATH ?? '', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
      });
      const result = JSON.parse(stdout);
      expect(result).toMatchObject({ started: true, fastifyTraced: true });
      expect(result.loaded).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });

  it('also stays off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, and refuses grpc clearly', async () => {
    const endpoint = 'http://127.0.0.1:4318';
    expect(
      await startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'true' }, { services: ['x'] }),
    ).toBe(undefined);
    expect(
      await startTelemetry(
        { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_EXPORTER: 'none' },
        { services: ['x'] },
      ),
    ).toBe(undefined);
    await expect(
      startTelemetry(
        { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
        { services: ['x'] },
      ),
    ).rejects.toThrow(TelemetryConfigError);
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/custom' })).toBe('http://c/custom');
  });

  it('a malformed trace context in an envelope is dropped, never a reason to refuse the event', () => {
    const envelope = createEnvelope('billing.canceled', { userId: 'u' });
    const parsed = parseEnvelope({ ...envelope, trace: { traceparent: 'not a traceparent' } });
    expect(parsed.trace).toBeUndefined();
    expect(parsed.id).toBe(envelope.id);
  });
});

const realSkipped = (await variantsToRun()).some((variant) => variant.name === 'real' && variant.skip);

describe.each([
  { transport: 'memory' as const, skip: false },
  { transport: 'nats' as const, skip: realSkipped },
])('trace context across the bus ($transport)', ({ transport, skip }) => {
  const exporter = new InMemorySpanExporter();
  let telemetry: TelemetryHandle | undefined;
  const streams: string[] = [];
  const open: Bus[] = [];

  beforeAll(async () => {
    telemetry = await startTelemetry(
      {},
      { services: ['publisher', 'consumer'], exporter, processor: (e) => new SimpleSpanProcessor(e) },
    );
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
    exporter.reset();
  });
  afterAll(async () => {
    await telemetry?.shutdown();
    if (streams.length === 0) return;
    const nc = await connect({ servers: REAL_INFRA.NATS_URL });
    const jsm = await jetstreamManager(nc);
    for (const name of streams) await jsm.streams.delete(name).catch(() => undefined);
    await nc.close();
  });

  async function buses() {
    const id = randomBytes(4).toString('hex');
    const settings = {
      streamName: `TEST_TRACE_${id}`,
      subjectPrefix: `test-trace-${id}`,
      rpcPrefix: `test-trace-rpc-${id}`,
    };
    const natsUrl = transport === 'nats' ? REAL_INFRA.NATS_URL : undefined;
    if (natsUrl) streams.push(settings.streamName);
    const logger = createLogger({ service: 'trace-test', level: 'silent' });
    const publisher = await connectBus({ natsUrl, logger, name: 'publisher', requests: testRequests, ...settings });
    const consumer = await connectBus({ natsUrl, logger, name: 'consumer', requests: testRequests, ...settings });
    open.push(publisher, consumer);
    return { publisher, consumer };
  }

  it.skipIf(skip)(
    'an event written in a request is consumed in the same trace, redelivery included, however late it is relayed',
    async () => {
      const { publisher, consumer } = await buses();
      const deliveries: number[] = [];
      let resolveDone!: () => void;
      const done = new Promise<void>((resolve) => {
        resolveDone = resolve;
      });
      await consumer.consume({
        durable: 'trace-consumer',
        type: 'billing.canceled',
        retryDelayMs: 20,
        handler: async (_envelope, delivery) => {
          deliveries.push(delivery.deliveryCount);
          if (delivery.deliveryCount === 1) throw new Error('first delivery fails');
          resolveDone();
        },
      });
      // The outbox keeps the writer's context in the envelope; the relay publishes later, from a
      // timer with no context of its own: here, outside any span.
      const envelope = await inSpan(
        { service: 'publisher', name: 'POST /api/cancel', kind: SpanKind.SERVER },
        async () => ({ ...createEnvelope('billing.canceled', { userId: 'u-1' }), trace: currentTraceContext() }),
      );
      expect(envelope.trace?.traceparent).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
      await publisher.publish(envelope);
      await done;
      // The second delivery's span ends when its handler has returned, just after `done`.
      await waitFor(
        () => exporter.getFinishedSpans().filter((s) => s.name === 'process billing.canceled').length === 2,
      );

      const spans = exporter.getFinishedSpans();
      const request = spanNamed(spans, 'POST /api/cancel');
      const publish = spanNamed(spans, 'publish billing.canceled');
      const processed = spans.filter((s) => s.name === 'process billing.canceled');
      expect(deliveries).toEqual([1, 2]);
      expect(processed).toHaveLength(2);
      expect(traceOf(publish)).toBe(traceOf(request));
      expect(publish.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(publish.kind).toBe(SpanKind.PRODUCER);
      for (const span of processed) {
        expect(traceOf(span)).toBe(traceOf(request));
        expect(span.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
        expect(span.kind).toBe(SpanKind.CONSUMER);
        expect(span.resource.attributes['service.name']).toBeDefined();
      }
      expect(processed.map((s) => s.attributes['seqgen.delivery_count']).sort()).toEqual([1, 2]);
      // The failed delivery says so; the redelivery succeeded.
      expect(processed.map((s) => s.status.code).sort()).toEqual([0, 2]);
    },
  );

  it.skipIf(skip)('a request continues the caller’s trace in the responder', async () => {
    const { publisher, consumer } = await buses();
    await consumer.respond('test.echo', async ({ text }) => ({ text }));
    const reply = await inSpan({ service: 'publisher', name: 'GET /api/usage', kind: SpanKind.SERVER }, () =>
      publisher.request('test.echo', { text: 'hello' }),
    );
    expect(reply).toEqual({ text: 'hello' });
    const spans = exporter.getFinishedSpans();
    const caller = spanNamed(spans, 'GET /api/usage');
    const request = spanNamed(spans, 'request test.echo');
    const respond = spanNamed(spans, 'respond test.echo');
    expect(traceOf(request)).toBe(traceOf(caller));
    expect(traceOf(respond)).toBe(traceOf(caller));
    expect(respond.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  });
});

describe('HTTP: a service continues the gateway’s trace; the gateway starts its own', () => {
  it('continues a traceparent where accepted, drops it at the edge, and stamps log lines with the ids', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = await startTelemetry(
      {},
      { services: ['svc', 'edge'], exporter, processor: (e) => new SimpleSpanProcessor(e) },
    );
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      service: 'svc',
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    try {
      const service = createService({ name: 'svc', logger });
      service.get('/work', async (request) => {
        request.log.info('working');
        return { ok: true };
      });
      const edge = createService({ name: 'edge', logger, acceptTraceContext: false });
      edge.get('/work', async (request) => ({ sawTraceparent: request.headers.traceparent ?? null }));
      const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await service.inject({ method: 'GET', url: '/work', headers: { traceparent: incoming } });
      const atEdge = await edge.inject({ method: 'GET', url: '/work', headers: { traceparent: incoming } });

      const spans = exporter.getFinishedSpans();
      const served = spans.filter((s) => s.name === 'GET /work');
      expect(served).toHaveLength(2);
      const [continued, fresh] = served;
      expect(traceOf(continued as ReadableSpan)).toBe('0af7651916cd43dd8448eb211c80319c');
      expect(continued?.kind).toBe(SpanKind.SERVER);
      expect(traceOf(fresh as ReadableSpan)).not.toBe('0af7651916cd43dd8448eb211c80319c');
      expect(atEdge.json()).toEqual({ sawTraceparent: null });
      expect(continued?.resource.attributes['service.name']).toBe('svc');
      expect(fresh?.resource.attributes['service.name']).toBe('edge');
      const working = lines.find((l) => l.msg === 'working');
      expect(working).toMatchObject({
        trace_id: '0af7651916cd43dd8448eb211c80319c',
        span_id: continued?.spanContext().spanId,
      });
    } finally {
      await telemetry?.shutdown();
    }
  });
});

describe('resource settings', () => {
  it('names a one-service process by OTEL_SERVICE_NAME and adds OTEL_RESOURCE_ATTRIBUTES; several services keep their own names', async () => {
    for (const [services, expected] of [
      [['svc'], 'checkout-api'],
      [['svc', 'other'], 'svc'],
    ] as const) {
      const exporter = new InMemorySpanExporter();
      const telemetry = await startTelemetry(
        {
          OTEL_SERVICE_NAME: 'checkout-api',
          OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=staging,team=growth%20ops',
        },
        { services: [...services], exporter, processor: (e) => new SimpleSpanProcessor(e) },
      );
      try {
        await inSpan({ service: 'svc', name: 'work', kind: SpanKind.INTERNAL }, async () => undefined);
        const [span] = exporter.getFinishedSpans();
        expect(span?.resource.attributes).toMatchObject({
          'service.name': expected,
          'deployment.environment': 'staging',
          team: 'growth ops',
        });
      } finally {
        await telemetry?.shutdown();
      }
    }
  });
});

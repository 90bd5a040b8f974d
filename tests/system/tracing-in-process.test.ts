/**
 * Issue 11, item 1, with an in-memory exporter: the services started in this test's own process
 * (as `npm start` starts them), tracing on, one generate request through the gateway. Its spans
 * come from gateway, generation and quota (the reserve request and the sequence.generated
 * consumer) under one trace id, each exported under its own service.name; on the embedded parts
 * and on real PostgreSQL/NATS/Redis. tests/system/tracing.test.ts does the same over OTLP/HTTP.
 */
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { createLogger, Lifecycle, SpanKind, startTelemetry, type TelemetryHandle } from '@seqgen/kit';
import { createTestDatabase, REAL_INFRA, variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startAuth } from '../../services/auth/src/main.ts';
import { start as startGateway } from '../../services/gateway/src/main.ts';
import { start as startGeneration } from '../../services/generation/src/main.ts';
import { start as startQuota } from '../../services/quota/src/main.ts';
import { client, genericCustomization, SESSION_SECRET, startCompanySite, waitFor } from '../faults/support.ts';

const variants = await variantsToRun();
const customization = genericCustomization();

describe.each([
  { infra: 'embedded' as const, skip: false },
  { infra: 'real' as const, skip: variants.some((v) => v.name === 'real' && v.skip) },
])('a generate request traced in one process, in-memory exporter ($infra)', ({ infra, skip }) => {
  const exporter = new InMemorySpanExporter();
  const cleanups: (() => Promise<void>)[] = [];
  let telemetry: TelemetryHandle | undefined;
  let gatewayUrl: string;
  let site: Awaited<ReturnType<typeof startCompanySite>>;

  beforeAll(async () => {
    if (skip) return;
    const runId = randomBytes(4).toString('hex');
    const lifecycle = new Lifecycle(createLogger({ service: 'test', level: 'silent' }));
    cleanups.push(() => lifecycle.close());
    telemetry = await startTelemetry(
      {},
      {
        services: ['auth', 'generation', 'quota', 'gateway'],
        exporter,
        processor: (inner) => new SimpleSpanProcessor(inner),
      },
    );
    site = await startCompanySite();
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin,
      NATS_STREAM: `TRACE_${runId}`,
      NATS_SUBJECT_PREFIX: `trace-${runId}`,
      REDIS_KEY_PREFIX: `trace:${runId}`,
      DATA_DIR: `memory://trace-${runId}`,
    };
    if (infra === 'real') {
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      cleanups.push(async () => {
        const nc = await connect({ servers: REAL_INFRA.NATS_URL });
        await (await jetstreamManager(nc)).streams.delete(env.NATS_STREAM as string).catch(() => {});
        await nc.close();
      });
      Object.assign(env, {
        DATABASE_URL: database.url,
        NATS_URL: REAL_INFRA.NATS_URL,
        REDIS_URL: REAL_INFRA.REDIS_URL,
      });
    }
    const upstreams = {
      AUTH_URL: (await startAuth(env, lifecycle)).url,
      GENERATION_URL: (await startGeneration(env, lifecycle)).url,
      QUOTA_URL: (await startQuota(env, lifecycle)).url,
    };
    // The services this request does not touch: the gateway needs an address for each.
    const unused = 'http://127.0.0.1:9';
    gatewayUrl = (
      await startGateway(
        { ...env, ...upstreams, LIBRARY_URL: unused, BILLING_URL: unused, WAITLIST_URL: unused, ANALYTICS_URL: unused },
        lifecycle,
      )
    ).url;
  }, 180_000);
  afterAll(async () => {
    await telemetry?.shutdown();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await site?.close();
  }, 60_000);

  it.skipIf(skip)(
    'gateway → generation → quota.reserve, and quota consuming sequence.generated: one trace',
    async () => {
      const call = client(gatewayUrl);
      const registered = await call('POST', '/api/register', {
        email: `traced-${Date.now()}@example.com`,
        password: 'a long enough password',
      });
      expect(registered.status).toBe(201);
      const generated = await call('POST', '/api/generate-emails', { companyUrl: `${site.origin}/`, customization });
      expect(generated.status, JSON.stringify(generated.body)).toBe(200);

      const serviceOf = (span: ReadableSpan) => span.resource.attributes['service.name'];
      const find = (spans: ReadableSpan[], service: string, name: string) =>
        spans.find((span) => serviceOf(span) === service && span.name === name);
      let trace: ReadableSpan[] = [];
      await waitFor(
        () => {
          const spans = exporter.getFinishedSpans();
          const root = spans.find(
            (span) =>
              serviceOf(span) === 'gateway' && span.kind === SpanKind.SERVER && span.name.includes('generate-emails'),
          );
          trace = root ? spans.filter((span) => span.spanContext().traceId === root.spanContext().traceId) : [];
          return find(trace, 'quota', 'process sequence.generated') !== undefined;
        },
        { timeoutMs: 20_000, what: 'the sequence.generated consumer span in the generate trace' },
      );
      const generation = find(trace, 'generation', 'POST /api/generate-emails');
      const reserve = find(trace, 'generation', 'request quota.reserve');
      const reserved = find(trace, 'quota', 'respond quota.reserve');
      const publish = find(trace, 'generation', 'publish sequence.generated');
      const consumed = find(trace, 'quota', 'process sequence.generated');
      expect(generation?.kind).toBe(SpanKind.SERVER);
      expect(reserved?.parentSpanContext?.spanId).toBe(reserve?.spanContext().spanId);
      expect(consumed?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
      // auth is in it too: generation asks it whether the session is still live.
      expect([...new Set(trace.map(serviceOf))].sort()).toEqual(['auth', 'gateway', 'generation', 'quota']);
      if (infra === 'real') expect(trace.some((span) => span.name.startsWith('pg.query'))).toBe(true);
    },
  );
});

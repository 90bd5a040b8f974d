/**
 * The OpenTelemetry SDK, loaded only when traces are exported (startTelemetry in
 * telemetry-start.ts imports this module on demand, so a process without
 * OTEL_EXPORTER_OTLP_ENDPOINT never loads it).
 *
 * Instrumented: Fastify (one @fastify/otel instance per service, registered by createService),
 * outbound HTTP through node:http (got, in the SSRF-safe fetch), undici (fetch: the gateway's
 * proxy, the OpenAI client), pg and ioredis; plus the kit's own bus spans (telemetry.ts).
 *
 * The packages are imported as ES modules by the services before this runs, so the usual
 * require-hook patching would never see them load. The patches these instrumentations make are to
 * shared objects (a prototype, the node:http module object), so requiring each module once more
 * after enabling them applies the patch to the copy the services already hold; undici and Fastify
 * are traced through diagnostics channels and need no patch at all.
 */
import { createRequire } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { type Context, context, DiagLogLevel, diag, propagation, type Span, trace } from '@opentelemetry/api';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { Logger } from './logger.ts';
import { markService, serviceOf, setActiveTelemetry } from './telemetry.ts';

export interface SdkOptions {
  /** The services this process runs: one (a container) or all of them (`npm start`). */
  services: string[];
  exporter: SpanExporter;
  /** Resource attributes from OTEL_RESOURCE_ATTRIBUTES (service.name there is a default). */
  resourceAttributes: Record<string, string>;
  /** OTEL_SERVICE_NAME: names the service of a process that runs exactly one. */
  serviceName?: string | undefined;
  /** Tests export each span as it ends instead of in batches. */
  processor?: (exporter: SpanExporter) => SpanProcessor;
  /** Where the SDK's own warnings go (a failed export, a dropped span). */
  logger?: Logger | undefined;
}

export interface TelemetryHandle {
  /** Exports what is buffered and stops; registered with the lifecycle. */
  shutdown(): Promise<void>;
}

/** Paths whose spans would only be noise: probes every few seconds. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz']);

export function startSdk(options: SdkOptions): TelemetryHandle {
  const { logger } = options;
  if (logger) {
    const warn = (message: string, ...args: unknown[]) =>
      logger.warn({ details: args.map(String) }, `tracing: ${message}`);
    const ignore = () => {};
    diag.setLogger({ error: warn, warn, info: ignore, debug: ignore, verbose: ignore }, DiagLogLevel.WARN);
  }
  const single = options.services.length === 1 ? options.services[0] : undefined;
  const processName = (single && options.serviceName) || options.resourceAttributes[ATTR_SERVICE_NAME] || 'seqgen';
  const exporter = new PerServiceResourceExporter(options.exporter, options.resourceAttributes, (service) =>
    single && options.serviceName ? options.serviceName : service,
  );
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ ...options.resourceAttributes, [ATTR_SERVICE_NAME]: processName }),
    spanProcessors: [new ServiceAttribution(single), options.processor?.(exporter) ?? new BatchSpanProcessor(exporter)],
  });
  // The global provider, AsyncLocalStorage context and W3C trace-context propagator.
  provider.register();
  const instrumentations = clientInstrumentations();
  const deregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  // registerInstrumentations enables only instances created disabled; one a previous shutdown
  // disabled is enabled here (enable() is a no-op for one that is on).
  for (const instrumentation of instrumentations) instrumentation.enable();
  applyToLoadedModules();

  const fastify = new Map<string, FastifyOtelInstrumentation>();
  setActiveTelemetry({
    fastifyPlugin(service) {
      let instrumentation = fastify.get(service);
      if (!instrumentation) {
        instrumentation = new FastifyOtelInstrumentation({
          // One span per request: a span per hook or handler is noise here, and the request's
          // context reaches every hook and the handler through the binding below.
          instrumentHooks: false,
          instrumentHandler: false,
          ignorePaths: ({ url }: { url: string }) => UNTRACED_PATHS.has(url.split('?')[0] ?? url),
          requestHook: (span: Span, request: FastifyRequest) => {
            markService(span, service);
            span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
          },
        });
        instrumentation.setTracerProvider(provider);
        fastify.set(service, instrumentation);
      }
      return withRequestContext(instrumentation.plugin() as unknown as FastifyPluginCallback);
    },
  });

  return {
    async shutdown() {
      setActiveTelemetry(undefined);
      deregister();
      for (const instrumentation of fastify.values()) instrumentation.disable();
      await provider.shutdown();
      // Back to the API's no-ops, so a process (a test worker) can start tracing again.
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}

/**
 * @fastify/otel runs the request's first hooks inside its span's context, but a request body
 * arrives on socket events, which run in the socket's context: everything after parsing (the
 * session check, the handler and what they call: quota.reserve, pg, the bus) would fall out of
 * the trace. Binding the request's event emitter to the span's context, as the http
 * instrumentation does for its own spans, keeps them in it. Added right after the plugin's own
 * onRequest hook, so it binds the context that hook made active.
 */
function withRequestContext(plugin: FastifyPluginCallback): FastifyPluginCallback {
  const wrapped: FastifyPluginCallback = (instance, options, done) => {
    plugin(instance, options, (error) => {
      if (error) return done(error);
      instance.addHook('onRequest', (request, _reply, next) => {
        context.bind(context.active(), request.raw);
        next();
      });
      done();
    });
  };
  // Like the plugin itself: its hooks apply to the service's whole instance (fastify-plugin's flag).
  (wrapped as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
  return wrapped;
}

/**
 * Created once per process: an instrumentation patches a module when it first sees it load, so a
 * second start (tests start and stop tracing several times) must enable the same instances again,
 * which re-applies their patches, rather than new ones that would never see the module load.
 */
let clients: Instrumentation[] | undefined;
function clientInstrumentations(): Instrumentation[] {
  clients ??= [
    // Incoming requests are traced by Fastify's instrumentation, which knows the service and the
    // route; the http one would open a second server span that knows neither.
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    new UndiciInstrumentation(),
    new PgInstrumentation({ enhancedDatabaseReporting: false }),
    new IORedisInstrumentation(),
  ];
  return clients;
}

/** See the module comment: one more require of each patched module, after the hooks exist. */
function applyToLoadedModules(): void {
  const require = createRequire(import.meta.url);
  for (const id of ['node:http', 'node:https', 'pg', 'ioredis']) require(id);
  // pg's Pool comes from pg-pool, patched on its own: required as pg itself requires it.
  createRequire(require.resolve('pg'))('pg-pool');
}

/** Gives every span the service of its parent when it was not marked itself. */
class ServiceAttribution implements SpanProcessor {
  readonly #only: string | undefined;
  constructor(only: string | undefined) {
    this.#only = only;
  }
  onStart(span: Span, parent: Context): void {
    const service = serviceOf(span, parent) ?? this.#only;
    if (service) markService(span, service);
  }
  onEnd(): void {}
  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}

/**
 * Exports each span under a resource naming its own service. One process may run every service
 * (`npm start`); OTLP groups spans by resource, so one cached resource per service gives each
 * its own `service.name` in any backend.
 */
class PerServiceResourceExporter implements SpanExporter {
  readonly #inner: SpanExporter;
  readonly #attributes: Record<string, string>;
  readonly #nameOf: (service: string) => string;
  readonly #resources = new Map<string, Resource>();

  constructor(inner: SpanExporter, attributes: Record<string, string>, nameOf: (service: string) => string) {
    this.#inner = inner;
    this.#attributes = attributes;
    this.#nameOf = nameOf;
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    try {
      this.#inner.export(
        spans.map((span) => this.#withResource(span)),
        done,
      );
    } catch (error) {
      done({ code: ExportResultCode.FAILED, error: error as Error });
    }
  }

  #withResource(span: ReadableSpan): ReadableSpan {
    const service = serviceOf(span as unknown as Span);
    if (!service) return span;
    const name = this.#nameOf(service);
    let resource = this.#resources.get(name);
    if (!resource) {
      resource = resourceFromAttributes({ ...this.#attributes, [ATTR_SERVICE_NAME]: name });
      this.#resources.set(name, resource);
    }
    return {
      name: span.name,
      kind: span.kind,
      spanContext: () => span.spanContext(),
      parentSpanContext: span.parentSpanContext,
      startTime: span.startTime,
      endTime: span.endTime,
      status: span.status,
      attributes: span.attributes,
      links: span.links,
      events: span.events,
      duration: span.duration,
      ended: span.ended,
      resource,
      instrumentationScope: span.instrumentationScope,
      droppedAttributesCount: span.droppedAttributesCount,
      droppedEventsCount: span.droppedEventsCount,
      droppedLinksCount: span.droppedLinksCount,
    };
  }

  shutdown(): Promise<void> {
    return this.#inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush?.() ?? Promise.resolve();
  }
}

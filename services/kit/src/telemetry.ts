/**
 * Tracing at the seams the kit owns (issue 11, item 1), written against @opentelemetry/api only.
 * Without a started SDK (OTEL_EXPORTER_OTLP_ENDPOINT unset) every call here is the API's no-op:
 * no span is recorded, no header is written, nothing from the SDK is loaded (telemetry-sdk.ts is
 * imported on demand by startTelemetry).
 *
 * Trace context travels
 * - gateway → service: the `traceparent` header the undici instrumentation writes on the proxied
 *   request, read by the service's Fastify instrumentation;
 * - through the outbox: `enqueue` keeps the writer's context in the envelope (`trace`), so a row
 *   relayed seconds later by a timer still belongs to the request that wrote it;
 * - through NATS: `traceparent`/`tracestate` message headers (stored with the message in the
 *   stream, so a redelivery continues the same trace), and on request/reply.
 */

import {
  type Context,
  context,
  createContextKey,
  INVALID_SPAN_CONTEXT,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { TraceContext } from '@seqgen/proto';
import type { FastifyPluginCallback } from 'fastify';

/** W3C trace context as it travels in headers and envelopes. */
export type TraceCarrier = Record<string, string>;

const TRACER = '@seqgen/kit';

/**
 * Which service a span belongs to. Under `npm start` every service shares one process and one
 * tracer provider, so the resource cannot say it; the SDK's exporter reads this to give each span
 * its own `service.name` (telemetry-sdk.ts). Children inherit it from their parent span.
 */
const serviceOfSpan = new WeakMap<Span, string>();
const SERVICE_KEY = createContextKey('seqgen.service');

export function markService(span: Span, service: string): void {
  serviceOfSpan.set(span, service);
}

/** The service a span (or, failing that, its parent span or context) was marked with. */
export function serviceOf(span: Span, parent?: Context): string | undefined {
  const own = serviceOfSpan.get(span);
  if (own || !parent) return own;
  const parentSpan = trace.getSpan(parent);
  return (parentSpan && serviceOfSpan.get(parentSpan)) ?? (parent.getValue(SERVICE_KEY) as string | undefined);
}

/** What the SDK adds when it runs: the Fastify instrumentation per service. */
interface ActiveTelemetry {
  fastifyPlugin(service: string): FastifyPluginCallback;
}
let active: ActiveTelemetry | undefined;

export function setActiveTelemetry(next: ActiveTelemetry | undefined): void {
  active = next;
}

export function telemetryActive(): boolean {
  return active !== undefined;
}

/** The Fastify plugin that traces a service's requests; none while telemetry is off. */
export function fastifyTracing(service: string): FastifyPluginCallback | undefined {
  return active?.fastifyPlugin(service);
}

/** The active context as headers (empty without an SDK: the API's propagator writes nothing). */
export function currentTraceCarrier(from: Context = context.active()): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** The active trace context as an envelope keeps it (undefined when nothing is being traced). */
export function currentTraceContext(): TraceContext | undefined {
  if (!active) return undefined;
  const { traceparent, tracestate } = currentTraceCarrier();
  if (!traceparent) return undefined;
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** A context continuing the trace a carrier names, or a fresh root if it names none. */
export function contextFrom(carrier: TraceCarrier | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

export interface SpanOptions {
  service: string | undefined;
  name: string;
  kind: SpanKind;
  /** The parent; default: the active context. */
  parent?: Context;
  attributes?: Record<string, string | number | boolean | undefined>;
}

/**
 * Runs `work` inside a new span marked with its service; the span records a thrown error and
 * ends when `work` settles. `work` gets the span (to add what it learns) and its context (to
 * inject into what it sends).
 */
export async function inSpan<T>(options: SpanOptions, work: (span: Span, ctx: Context) => Promise<T>): Promise<T> {
  // Tracing off: not even the API's no-op span objects.
  if (!active) return work(NOT_RECORDING, context.active());
  const parent = options.parent ?? context.active();
  const span = trace
    .getTracer(TRACER)
    .startSpan(options.name, { kind: options.kind, attributes: definedOnly(options.attributes) }, parent);
  if (options.service) markService(span, options.service);
  const ctx = trace.setSpan(options.service ? parent.setValue(SERVICE_KEY, options.service) : parent, span);
  try {
    return await context.with(ctx, () => work(span, ctx));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

const NOT_RECORDING = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

export function failSpan(span: Span, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  if (error instanceof Error) span.recordException(error);
}

function definedOnly(attributes: SpanOptions['attributes']): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes ?? {})) if (value !== undefined) out[key] = value;
  return out;
}

/**
 * The fields a log line carries so it can be found from its trace and back (pino's `mixin`):
 * nothing when no span is recording, which is always the case without an SDK.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!span.isRecording() && traceFlags === 0) return {};
  return { trace_id: traceId, span_id: spanId };
}

export { SpanKind };

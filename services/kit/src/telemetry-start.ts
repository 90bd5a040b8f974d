import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Lifecycle } from './lifecycle.ts';
import type { Logger } from './logger.ts';
import type { TelemetryHandle } from './telemetry-sdk.ts';

export type { TelemetryHandle };

/** The OTLP protocols this build can speak; grpc would pull in a gRPC stack for no gain here. */
const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

export class TelemetryConfigError extends Error {
  override name = 'TelemetryConfigError';
}

export interface StartTelemetryOptions {
  /** The services this process runs. */
  services: string[];
  lifecycle?: Lifecycle;
  logger?: Logger;
  /** Tests: spans go here (and to no OTLP endpoint). */
  exporter?: SpanExporter;
  processor?: (exporter: SpanExporter) => SpanProcessor;
}

/**
 * Starts tracing when the process is asked to export traces (the standard OpenTelemetry
 * settings: OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, and
 * OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_SDK_DISABLED,
 * OTEL_TRACES_EXPORTER=none). Otherwise it returns undefined having loaded nothing: the kit's
 * spans stay the API's no-ops. Call it before the services are built (createService registers
 * the Fastify instrumentation only when tracing is on).
 */
export async function startTelemetry(
  env: Record<string, string | undefined>,
  options: StartTelemetryOptions,
): Promise<TelemetryHandle | undefined> {
  const tracesUrl = tracesEndpoint(env);
  const off = env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none';
  if (!options.exporter && (off || !tracesUrl)) return undefined;
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  if (!options.exporter && !PROTOCOLS.includes(protocol as (typeof PROTOCOLS)[number])) {
    throw new TelemetryConfigError(
      `OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not supported: use ${PROTOCOLS.join(' or ')}.`,
    );
  }
  const { startSdk } = await import('./telemetry-sdk.ts');
  const exporter = options.exporter ?? (await otlpExporter(protocol, tracesUrl as string));
  const handle = startSdk({
    services: options.services,
    exporter,
    processor: options.processor,
    resourceAttributes: parseResourceAttributes(env.OTEL_RESOURCE_ATTRIBUTES),
    serviceName: env.OTEL_SERVICE_NAME?.trim() || undefined,
    logger: options.logger,
  });
  // Started before anything else registers, so closed last (steps run in reverse): the spans
  // of the shutdown itself still get out.
  options.lifecycle?.add('telemetry', () => handle.shutdown());
  options.logger?.info({ endpoint: tracesUrl, protocol }, 'tracing: exporting spans over OTLP');
  return handle;
}

/** The signal-specific setting as given; the general one with the OTLP path appended (OTLP spec). */
export function tracesEndpoint(env: Record<string, string | undefined>): string | undefined {
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (specific) return specific;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

async function otlpExporter(protocol: string, url: string): Promise<SpanExporter> {
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter({ url });
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter({ url });
}

/** "key1=value1,key2=value2", values percent-encoded (OpenTelemetry resource SDK spec). */
export function parseResourceAttributes(raw: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    try {
      attributes[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      attributes[key] = pair.slice(at + 1).trim();
    }
  }
  return attributes;
}

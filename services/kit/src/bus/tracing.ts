/**
 * The bus's spans (issue 11, item 1), one place for both transports: a PRODUCER span per publish
 * continuing the trace of the work that wrote the event, a CONSUMER span per delivery continuing
 * the publisher's (from the message's headers, which the stream keeps, so a redelivery joins the
 * same trace), and CLIENT/SERVER spans around request/reply. Without tracing these only run the
 * work (telemetry.ts).
 */

import { type Context, context, SpanStatusCode } from '@opentelemetry/api';
import type { Envelope } from '@seqgen/proto';
import { contextFrom, currentTraceCarrier, inSpan, SpanKind, type TraceCarrier } from '../telemetry.ts';
import type { Outcome } from './consume-loop.ts';
import type { RpcResult } from './rpc.ts';

export const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

export function publishTraced(
  transport: { service: string | undefined; system: string },
  envelope: Envelope,
  subject: string,
  send: (headers: TraceCarrier) => Promise<void>,
): Promise<void> {
  // The outbox kept the writer's context in the envelope; a direct publish runs inside it.
  const parent: Context = envelope.trace ? contextFrom({ ...envelope.trace }) : context.active();
  return inSpan(
    {
      service: transport.service,
      name: `publish ${envelope.type}`,
      kind: SpanKind.PRODUCER,
      parent,
      attributes: {
        'messaging.system': transport.system,
        'messaging.operation.type': 'send',
        'messaging.destination.name': subject,
        'messaging.message.id': envelope.id,
      },
    },
    (_span, ctx) => send(currentTraceCarrier(ctx)),
  );
}

export function consumeTraced(
  transport: { service: string | undefined; system: string },
  delivery: { type: string; subject: string; durable: string; deliveryCount: number; headers?: TraceCarrier },
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  return inSpan(
    {
      service: transport.service,
      name: `process ${delivery.type}`,
      kind: SpanKind.CONSUMER,
      parent: contextFrom(delivery.headers),
      attributes: {
        'messaging.system': transport.system,
        'messaging.operation.type': 'process',
        'messaging.destination.name': delivery.subject,
        'messaging.consumer.group.name': delivery.durable,
        'seqgen.delivery_count': delivery.deliveryCount,
      },
    },
    async (span) => {
      const outcome = await run();
      if (outcome.kind !== 'ack') {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: outcome.kind === 'term' ? outcome.reason : 'handler failed; redelivered',
        });
      }
      return outcome;
    },
  );
}

export function requestTraced<T>(
  transport: { service: string | undefined; system: string },
  subject: string,
  send: (headers: TraceCarrier) => Promise<T>,
): Promise<T> {
  return inSpan(
    {
      service: transport.service,
      name: `request ${subject}`,
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': transport.system, 'messaging.destination.name': subject },
    },
    (_span, ctx) => send(currentTraceCarrier(ctx)),
  );
}

export function respondTraced(
  transport: { service: string | undefined; system: string },
  subject: string,
  headers: TraceCarrier | undefined,
  run: () => Promise<RpcResult>,
): Promise<RpcResult> {
  return inSpan(
    {
      service: transport.service,
      name: `respond ${subject}`,
      kind: SpanKind.SERVER,
      parent: contextFrom(headers),
      attributes: { 'messaging.system': transport.system, 'messaging.destination.name': subject },
    },
    async (span) => {
      const result = await run();
      if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: `${result.reason}: ${result.message}` });
      return result;
    },
  );
}

/** Trace headers of a NATS message (or none). */
export function traceHeadersOf(headers: { get(name: string): string } | undefined): TraceCarrier | undefined {
  if (!headers) return undefined;
  const carrier: TraceCarrier = {};
  for (const name of TRACE_HEADERS) {
    const value = headers.get(name);
    if (value) carrier[name] = value;
  }
  return carrier.traceparent ? carrier : undefined;
}

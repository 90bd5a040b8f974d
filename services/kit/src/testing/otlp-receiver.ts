import { createServer } from 'node:http';

/** One span as an OTLP/HTTP JSON export carries it, with the service its resource names. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind number: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
}

export interface OtlpReceiver {
  /** What to set OTEL_EXPORTER_OTLP_ENDPOINT to. */
  endpoint: string;
  spans(): ReceivedSpan[];
  /** Requests that were not OTLP/HTTP JSON trace exports (content type, path). */
  refused(): string[];
  close(): Promise<void>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };

/**
 * A local stand-in for an OpenTelemetry collector: answers OTLP/HTTP with the JSON encoding on
 * POST /v1/traces (the protocol as the OTLP specification defines it) and keeps every span.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.startsWith('application/json')) {
        refused.push(`${request.method} ${request.url} ${type}`);
        response.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: {
          resource?: { attributes?: OtlpAttribute[] };
          scopeSpans?: { spans?: Record<string, unknown>[] }[];
        }[];
      };
      for (const resourceSpans of body.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            received.push({
              service: String(resource['service.name']),
              traceId: String(span.traceId),
              spanId: String(span.spanId),
              parentSpanId: (span.parentSpanId as string | undefined) || undefined,
              name: String(span.name),
              kind: Number(span.kind),
              attributes: attributesOf(span.attributes as OtlpAttribute[] | undefined),
              status: (span.status as ReceivedSpan['status']) ?? {},
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    refused: () => [...refused],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    out[key] = value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
  }
  return out;
}

import type { FastifyReply, FastifyRequest } from 'fastify';

/** How often a comment line keeps an idle stream (and every proxy on its way) from timing out. */
export const SSE_HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** One event: `event: <type>` and its JSON `data`. Ignored once the stream is closed. */
  send(type: string, data: unknown): void;
  /** Ends the stream (idempotent). */
  close(): void;
  /** Aborted when the reader goes away before close(): stop the work and release what it holds. */
  readonly signal: AbortSignal;
}

/**
 * A Server-Sent Events answer (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * the reply is taken over from Fastify, headers go out at once, each event is flushed as it is
 * written, and a heartbeat comment keeps proxies from closing a quiet stream. Errors after this
 * point are events, not status codes: the status line has already been sent.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  { heartbeatMs = SSE_HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.flushHeaders();
  const controller = new AbortController();
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed && !raw.destroyed) raw.write(': keep-alive\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  const gone = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    controller.abort();
  };
  // The socket closing before close() means the reader left (a closed tab, Start Over, a dropped connection).
  raw.on('close', gone);
  return {
    signal: controller.signal,
    send(type, data) {
      if (closed || raw.destroyed) return;
      // JSON has no raw line breaks, so one data line per event is enough.
      raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      raw.off('close', gone);
      raw.end();
    },
  };
}

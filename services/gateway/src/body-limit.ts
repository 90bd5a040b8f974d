import { Readable } from 'node:stream';
import type { ErrorBody } from '@seqgen/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const PAYLOAD_TOO_LARGE = {
  error: 'payload_too_large',
  message: 'Request body is too large.',
} as const satisfies ErrorBody;

/**
 * Up to this many bytes of a refused body are read (and dropped) before the 413 goes out; past
 * it the connection is closed instead. See bodyLimitHooks.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
/** A client that stops sending mid-body gets its 413 after this long anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * 413 at the gateway for any body over the limit of the service behind the route (issue 10,
 * finding 7). Left to the service, an oversized body was refused there with `Connection: close`
 * while the proxy was still streaming it upstream; the proxy saw a dropped connection and the
 * user got 503 "temporarily unavailable" instead of 413.
 *
 * - A declared length (Content-Length) over the limit is refused without forwarding a byte.
 * - A chunked body (no length up front) is read here, at most `limit` bytes, and forwarded with
 *   its length once complete, so the service never sees more than it accepts.
 *
 * A client is still sending when the answer is ready. Answering and closing at once makes its
 * next write fail (EPIPE / reset) before it reads the 413, so, like nginx's lingering close, the
 * rest of the body is read and dropped first; only an absurd body (over DRAIN_LIMIT_BYTES) gets
 * the answer with the connection closed straight away.
 */
export function bodyLimitHooks(limitOf: (request: FastifyRequest) => number) {
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const declared = Number(request.headers['content-length']);
      if (!(declared > limitOf(request))) return;
      const drained = declared <= DRAIN_LIMIT_BYTES && (await drain(request.raw));
      if (!drained) reply.header('connection', 'close');
      return reply.code(413).send(PAYLOAD_TOO_LARGE);
    },
    preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
      // Without Transfer-Encoding, HTTP/1.1 framing is the Content-Length checked above (or no body).
      if (request.headers['transfer-encoding'] === undefined) return payload;
      const read = await readAtMost(payload, limitOf(request));
      if (read.tooLarge) {
        if (!read.drained) reply.header('connection', 'close');
        await reply.code(413).send(PAYLOAD_TOO_LARGE);
        return payload;
      }
      delete request.headers['transfer-encoding'];
      request.headers['content-length'] = String(read.body.length);
      return Readable.from([read.body]);
    },
  };
}

/** Reads the stream to its end, keeping nothing; false when the sender stalled past the timeout. */
function drain(stream: NodeJS.ReadableStream): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      clearTimeout(timer);
      stream.removeListener('end', ended);
      stream.removeListener('error', failed);
      resolve(completed);
    };
    const ended = () => done(true);
    const failed = () => done(false);
    const timer = setTimeout(failed, DRAIN_TIMEOUT_MS);
    stream.on('end', ended);
    stream.on('error', failed);
    stream.resume();
  });
}

type Read = { tooLarge: false; body: Buffer } | { tooLarge: true; drained: boolean };

/**
 * The whole body when it is at most `limit` bytes. Past the limit nothing more is kept, and the
 * rest is read and dropped until its end, DRAIN_LIMIT_BYTES or DRAIN_TIMEOUT_MS.
 */
function readAtMost(stream: NodeJS.ReadableStream, limit: number): Promise<Read> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size <= limit) {
        chunks.push(bytes);
        return;
      }
      if (!timer) {
        chunks.length = 0;
        timer = setTimeout(() => finish({ tooLarge: true, drained: false }), DRAIN_TIMEOUT_MS);
      }
      if (size > DRAIN_LIMIT_BYTES) finish({ tooLarge: true, drained: false });
    };
    const onEnd = () =>
      finish(size > limit ? { tooLarge: true, drained: true } : { tooLarge: false, body: Buffer.concat(chunks, size) });
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
    };
    const finish = (read: Read) => {
      stop();
      // Anything still coming is dropped (never destroyed: that would lose the answer too).
      stream.resume();
      resolve(read);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

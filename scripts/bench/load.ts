/**
 * A closed-loop HTTP/1.1 load generator for the benches (the k6 scenarios are for a deployed
 * system; scripts/k6/README.md): `connections` keep-alive sockets, each sending the next request
 * as soon as the previous answer is complete, for `durationMs`, recording every latency. It
 * writes prepared bytes and reads only the status line and the body's framing, so on a 2-core
 * machine it costs the server under test as little CPU as a load tool can.
 */
import net from 'node:net';

export interface LoadOptions {
  /** http://127.0.0.1:port: loopback only (docs/architecture.md §8, the network rule). */
  base: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** Requests before this are not recorded (JIT, caches, connection set-up). */
  warmupMs?: number;
  /**
   * Called with each answer's headers; what it returns replaces the request headers from then on
   * (an ETag-following client sends If-None-Match with the last tag it saw).
   */
  follow?: (status: number, head: string) => Record<string, string> | undefined;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How many answers had each status. */
  statuses: Record<string, number>;
}

const CRLF2 = Buffer.from('\r\n\r\n');

function requestBytes(url: URL, options: LoadOptions, headers: Record<string, string>): Buffer {
  const lines = [`${options.method ?? 'GET'} ${options.path} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
}

/** Where the answer that starts at `start` ends, or -1 while it is incomplete. */
function answerEnd(buffer: Buffer, headEnd: number, head: string): number {
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = headEnd + 4 + Number(length[1]);
    return buffer.length >= end ? end : -1;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = buffer.indexOf('0\r\n\r\n', headEnd + 4);
    return last === -1 ? -1 : last + 5;
  }
  return headEnd + 4; // 204/304: no body
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.base);
  if (!['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) {
    throw new Error(`load is only ever sent to loopback, not ${url.hostname}`);
  }
  const warmupMs = options.warmupMs ?? 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const recordFrom = started + warmupMs;
  const stopAt = recordFrom + options.durationMs;
  let recordedUntil = recordFrom;

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      let headers = { ...options.headers };
      let bytes = requestBytes(url, options, headers);
      const socket = net.connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(bytes);
      };
      socket.once('connect', send);
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        const headEnd = buffer.indexOf(CRLF2);
        if (headEnd === -1) return;
        const head = buffer.subarray(0, headEnd).toString('latin1');
        const end = answerEnd(buffer, headEnd, head);
        if (end === -1) return;
        const now = performance.now();
        const status = head.slice(9, 12);
        if (sentAt >= recordFrom && now <= stopAt) {
          latencies.push(now - sentAt);
          statuses[status] = (statuses[status] ?? 0) + 1;
          recordedUntil = now;
        }
        buffer = buffer.subarray(end);
        const next = options.follow?.(Number(status), head);
        if (next) {
          headers = { ...options.headers, ...next };
          bytes = requestBytes(url, options, headers);
        }
        if (now >= stopAt) socket.end();
        else send();
      });
    });

  await Promise.all(Array.from({ length: options.connections }, connection));
  const sorted = Float64Array.from(latencies).sort();
  const seconds = (recordedUntil - recordFrom) / 1000;
  return {
    requests: sorted.length,
    requestsPerSecond: seconds > 0 ? sorted.length / seconds : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    statuses,
  };
}

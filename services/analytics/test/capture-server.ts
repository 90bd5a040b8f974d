import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedBatch {
  api_key?: string;
  batch: { event: string; distinct_id: string; uuid: string; timestamp: string; properties: Record<string, unknown> }[];
}

/**
 * A PostHog-compatible batch endpoint on 127.0.0.1 for tests: keeps every body it is sent, and
 * answers 503 while `down` is set (the body is still recorded as an attempt, not as a batch).
 */
export async function startCaptureServer() {
  const batches: CapturedBatch[] = [];
  let attempts = 0;
  const state = { down: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      attempts += 1;
      if (request.method !== 'POST' || request.url !== '/batch/' || state.down) {
        response.writeHead(state.down ? 503 : 404).end();
        return;
      }
      batches.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CapturedBatch);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/batch/`,
    batches,
    state,
    attempts: () => attempts,
    events: () => batches.flatMap((body) => body.batch),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

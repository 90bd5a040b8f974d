import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** The body of a chat completion whose message is `content`. */
export const completion = (content: string, model = 'gpt-4o-mini') => ({
  id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [
    { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
  ],
  usage: { prompt_tokens: 900, completion_tokens: 250, total_tokens: 1150 },
});

export const rateLimited = (): ScriptedReply => ({
  status: 429,
  headers: { 'retry-after-ms': '10', 'x-ratelimit-remaining-requests': '0' },
  body: {
    error: {
      message: 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.',
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    },
  },
});

/**
 * An OpenAI-compatible server on 127.0.0.1 speaking POST /v1/chat/completions. Each test scripts
 * the replies in order; every request is recorded for inspection. Unscripted calls get a 500.
 */
export async function startOpenAiStandIn() {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: request.url ?? '', headers: request.headers, body: text ? JSON.parse(text) : undefined });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Unknown route', type: 'invalid_request_error' } }));
        return;
      }
      const reply = queue.shift() ?? {
        status: 500,
        body: { error: { message: 'stand-in: no reply scripted', type: 'server_error' } },
      };
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        response.end(JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies: ScriptedReply[]) => {
      queue.push(...replies);
    },
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

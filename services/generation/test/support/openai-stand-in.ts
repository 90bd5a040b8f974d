import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /**
   * Answer as a streamed chat completion (the API's `stream: true`): the content in tokens of
   * about four characters, at `tokensPerSecond` (default: as fast as possible).
   */
  stream?: { content: string; tokensPerSecond?: number; firstTokenMs?: number };
}

/**
 * How the stand-in streams by default (issue 25, item 3): the time from the request to the first
 * token, then tokens at a steady rate, so an answer takes as long as its tokens, as a model's does.
 */
export interface StreamPace {
  firstTokenMs?: number;
  tokensPerSecond?: number;
}

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** For a streamed reply: whether the caller went away before the last token. */
  abandoned?: boolean;
}

/** Tokens of about four characters, as a model's tokenizer cuts English on average. */
export const tokensOf = (content: string): string[] => content.match(/[\s\S]{1,4}/g) ?? [];

/** One event of a streamed chat completion, as the API writes it. */
export const chunk = (id: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  })}\n\n`;

/** The last event of a stream asked with stream_options.include_usage: no choices, only the tokens used. */
export const usageChunk = (id: string, completionTokens: number) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    choices: [],
    usage: { prompt_tokens: 900, completion_tokens: completionTokens, total_tokens: 900 + completionTokens },
  })}\n\n`;

/** Writes `content` as the API streams it (https://platform.openai.com/docs/api-reference/chat-streaming). */
function streamReply(
  response: http.ServerResponse,
  recorded: RecordedRequest,
  content: string,
  { tokensPerSecond, firstTokenMs }: StreamPace = {},
) {
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  // Headers and the role chunk at once, as OpenAI sends them; the first token after firstTokenMs.
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(chunk(id, { role: 'assistant', content: '' }));
  const tokens = tokensOf(content);
  let next = 0;
  recorded.abandoned = false;
  response.on('close', () => {
    if (next < tokens.length) recorded.abandoned = true;
  });
  const tick = () => {
    if (response.destroyed) return;
    if (next >= tokens.length) {
      response.write(chunk(id, {}, 'stop'));
      // Asked with stream_options.include_usage, the API's last chunk has no choices, only usage.
      const body = recorded.body as { stream_options?: { include_usage?: boolean } } | undefined;
      if (body?.stream_options?.include_usage) {
        response.write(usageChunk(id, tokens.length));
      }
      response.end('data: [DONE]\n\n');
      return;
    }
    response.write(chunk(id, { content: tokens[next] }));
    next += 1;
    if (tokensPerSecond) setTimeout(tick, 1000 / tokensPerSecond).unref();
    else setImmediate(tick);
  };
  if (firstTokenMs) setTimeout(tick, firstTokenMs).unref();
  else tick();
}

/** The message text of a scripted 200 chat completion, which a streaming caller gets streamed. */
function contentOf(reply: ScriptedReply): string | undefined {
  if ((reply.status ?? 200) !== 200) return undefined;
  const body = reply.body as { object?: string; choices?: { message?: { content?: unknown } }[] } | undefined;
  const content = body?.object === 'chat.completion' ? body.choices?.[0]?.message?.content : undefined;
  return typeof content === 'string' ? content : undefined;
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
 * A scripted chat completion asked for with `stream: true` is streamed, at `pace` unless the
 * reply sets its own.
 */
export async function startOpenAiStandIn(pace: StreamPace = {}) {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        path: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(recorded);
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
        if (reply.stream) return streamReply(response, recorded, reply.stream.content, { ...pace, ...reply.stream });
        const content = contentOf(reply);
        if (recorded.body?.stream === true && content !== undefined) {
          return streamReply(response, recorded, content, pace);
        }
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

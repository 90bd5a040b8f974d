/**
 * An OpenAI-compatible model for the pipeline bench (scripts/bench/pipeline.ts) on 127.0.0.1 that
 * takes as long as a model does (issue 25, item 6): its first token `firstTokenMs` after the
 * request, then `tokensPerSecond` tokens a second (tokens of about four characters, as
 * services/generation/test/support/openai-stand-in.ts cuts them), whatever the load. A streamed call
 * (`stream: true`, every call seqgen makes) gets its headers at once and its tokens as they are
 * due, flushed every TICK_MS; a plain call gets its whole answer when the last token would have
 * been written. `modelMs(content)` is that time, so the bench can tell seqgen's time from the
 * model's.
 *
 * Each call is recorded with the bench's own clock (performance.now(), the same one its client
 * uses): when it arrived and when its answer was complete, so the bench can tell seqgen's time
 * before the model from its time after it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunk, completion, tokensOf, usageChunk } from '../../services/generation/test/support/openai-stand-in.ts';

/** How often a streamed answer's due tokens are written (one socket write per tick and stream). */
const TICK_MS = 20;

export interface ModelCall {
  /** The JSON schema's name the caller asked for: `company_review`, `email_sequence`, `email`. */
  schema: string;
  streamed: boolean;
  /** `senderFirstName` in the writer's data (the bench gives every user its own first name). */
  sender: string | undefined;
  receivedAt: number;
  /** When the last byte of the answer was written; undefined while the call is open. */
  answeredAt: number | undefined;
}

export interface ModelStandIn {
  baseUrl: string;
  calls: ModelCall[];
  /** How long the model takes to write `content`: first token, then the rest at the rate. */
  modelMs(content: string): number;
  /** How long until the first `chars` characters of `content` are written. */
  msUntil(content: string, chars: number): number;
  close(): Promise<void>;
}

export interface ModelPace {
  firstTokenMs: number;
  tokensPerSecond: number;
}

/** The pace from BENCH_LLM_FIRST_TOKEN_MS and BENCH_LLM_TOKENS_PER_SECOND (default 800 ms, 60 tokens/s). */
export function paceFromEnvironment(env: Record<string, string | undefined> = process.env): ModelPace {
  const firstTokenMs = Number(env.BENCH_LLM_FIRST_TOKEN_MS ?? 800);
  const tokensPerSecond = Number(env.BENCH_LLM_TOKENS_PER_SECOND ?? 60);
  if (!(firstTokenMs >= 0) || !(tokensPerSecond > 0)) {
    throw new Error('BENCH_LLM_FIRST_TOKEN_MS must be ≥ 0 and BENCH_LLM_TOKENS_PER_SECOND > 0');
  }
  return { firstTokenMs, tokensPerSecond };
}

/** The sender's first name as the writer's user message gives it (`"senderFirstName": "…"`). */
function senderOf(body: { messages?: { content?: unknown }[] }): string | undefined {
  for (const message of body.messages ?? []) {
    if (typeof message.content !== 'string') continue;
    const found = /\\?"senderFirstName\\?":\s*\\?"([^"\\]+)/.exec(message.content);
    if (found) return found[1];
  }
  return undefined;
}

/** `answers` gives the content for each schema name; an unknown schema is answered 500 (and counts as a call). */
export async function startModelStandIn(
  options: ModelPace & { answers: Record<string, string> },
): Promise<ModelStandIn> {
  const calls: ModelCall[] = [];
  const { firstTokenMs, tokensPerSecond } = options;
  /** When token `index` (0-based) is due, after the request. */
  const dueAt = (index: number) => firstTokenMs + (index * 1000) / tokensPerSecond;
  const modelMs = (content: string) => dueAt(Math.max(0, tokensOf(content).length - 1));
  const msUntil = (content: string, chars: number) => dueAt(Math.max(0, tokensOf(content.slice(0, chars)).length - 1));

  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const receivedAt = performance.now();
      let body: {
        stream?: boolean;
        stream_options?: { include_usage?: boolean };
        response_format?: { json_schema?: { name?: string } };
        messages?: { content?: unknown }[];
      } = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8'));
      } catch {
        // Answered below as an unknown request.
      }
      const call: ModelCall = {
        schema: body.response_format?.json_schema?.name ?? '',
        streamed: body.stream === true,
        sender: senderOf(body),
        receivedAt,
        answeredAt: undefined,
      };
      calls.push(call);
      const done = () => {
        call.answeredAt = performance.now();
      };
      const content = options.answers[call.schema];
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions' || content === undefined) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'stand-in: unknown request', type: 'server_error' } }), done);
        return;
      }
      const total = modelMs(content);
      if (!call.streamed) {
        setTimeout(() => {
          const text = JSON.stringify(completion(content));
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
          response.end(text, done);
        }, total);
        return;
      }
      // Streamed: the headers at once (as the API sends them), each token when it is due.
      const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
      const tokens = tokensOf(content);
      let sent = 0;
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write(chunk(id, { role: 'assistant', content: '' }));
      const flush = (upTo: number) => {
        let out = '';
        for (; sent < upTo; sent += 1) out += chunk(id, { content: tokens[sent] });
        if (out) response.write(out);
      };
      const dueBy = (elapsed: number) =>
        elapsed < firstTokenMs ? 0 : 1 + Math.floor(((elapsed - firstTokenMs) * tokensPerSecond) / 1000);
      const ticker = setInterval(() => {
        if (response.destroyed) return clearInterval(ticker);
        flush(Math.min(dueBy(performance.now() - receivedAt), tokens.length - 1));
      }, TICK_MS);
      setTimeout(() => {
        clearInterval(ticker);
        if (response.destroyed) return;
        flush(tokens.length);
        let end = chunk(id, {}, 'stop');
        if (body.stream_options?.include_usage) end += usageChunk(id, tokens.length);
        response.end(`${end}data: [DONE]\n\n`, done);
      }, total);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    modelMs,
    msUntil,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

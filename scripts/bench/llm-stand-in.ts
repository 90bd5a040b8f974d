/**
 * An OpenAI-compatible model for the pipeline bench (scripts/bench/pipeline.ts) on 127.0.0.1: every
 * chat completion is answered in exactly `latencyMs`, whatever the load, so what the bench measures
 * beyond it is seqgen's own time. A plain call gets its whole answer at `latencyMs`; a streamed call
 * (`stream: true`, what the dashboard's generation makes) gets its tokens (about four characters each,
 * as services/generation/test/support/openai-stand-in.ts cuts them) spread evenly over `latencyMs`,
 * flushed every TICK_MS, the last one exactly at `latencyMs`.
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
  /** The JSON schema's name the caller asked for: `company_analysis`, `email_sequence`, `email`. */
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
  close(): Promise<void>;
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
export async function startModelStandIn(options: {
  latencyMs: number;
  answers: Record<string, string>;
}): Promise<ModelStandIn> {
  const calls: ModelCall[] = [];
  const { latencyMs } = options;

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
      if (!call.streamed) {
        setTimeout(() => {
          const text = JSON.stringify(completion(content));
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
          response.end(text, done);
        }, latencyMs);
        return;
      }
      // Streamed: the headers at once (as the API sends them), the tokens spread over latencyMs.
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
      const ticker = setInterval(() => {
        if (response.destroyed) return clearInterval(ticker);
        const due = Math.floor((tokens.length * (performance.now() - receivedAt)) / latencyMs);
        flush(Math.min(due, tokens.length - 1));
      }, TICK_MS);
      setTimeout(() => {
        clearInterval(ticker);
        if (response.destroyed) return;
        flush(tokens.length);
        let end = chunk(id, {}, 'stop');
        if (body.stream_options?.include_usage) end += usageChunk(id, tokens.length);
        response.end(`${end}data: [DONE]\n\n`, done);
      }, latencyMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

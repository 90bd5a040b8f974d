/**
 * A streamed chat completion is read off the wire here (src/llm/client.ts readChunks and
 * sse.ts), not by the SDK's stream: the same events, text, errors and refusals as the SDK gives,
 * however the bytes are cut, with one piece of text per network read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmClient, LlmError } from '../../src/llm/client.ts';
import { ServerSentEvents } from '../../src/llm/sse.ts';

describe('ServerSentEvents', () => {
  it('dispatches at blank lines, joins data lines, skips comments and reads \\n, \\r\\n and \\r line ends', () => {
    const events = new ServerSentEvents();
    expect(events.push(': comment\ndata: {"a":1}\n\nevent: x\ndata: one\r\ndata:two\r\n\r\ndata: last\r\r\n')).toEqual([
      { event: null, data: '{"a":1}' },
      { event: 'x', data: 'one\ntwo' },
      { event: null, data: 'last' },
    ]);
  });

  it('keeps an unfinished line or event for the next piece, a "\\r" at the end included', () => {
    const events = new ServerSentEvents();
    expect(events.push('data: hel')).toEqual([]);
    expect(events.push('lo\r')).toEqual([]);
    expect(events.push('\n')).toEqual([]);
    expect(events.push('\r\n')).toEqual([{ event: null, data: 'hello' }]);
    // An event the body ends without a blank line after is never dispatched.
    expect(events.push('data: unfinished\n')).toEqual([]);
  });
});

const chunk = (delta: Record<string, unknown>) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;

describe('streamJson', () => {
  /** Each request gets the next script: the pieces written, one write per piece with a pause between. */
  const scripts: (string | Buffer)[][] = [];
  let server: http.Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', async () => {
        const pieces = scripts.shift() ?? [];
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of pieces) {
          response.write(piece);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        response.end();
      });
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const client = () =>
    createLlmClient({ baseUrl, apiKey: 'sk-test', model: 'gpt-4o-mini', timeoutMs: 5_000, maxRetries: 0 });
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], schemaName: 'x', schema: { type: 'object' } };

  it('hands on the text a network read at a time, however events and characters are cut, and stops at [DONE]', async () => {
    const wire =
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })}\n\n` +
      chunk({ content: '{"emails":' }) +
      chunk({ content: '"Grüße' }) +
      chunk({ content: ' – ok"}' }) +
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 3 } })}\n\n` +
      'data: [DONE]\n\n' +
      chunk({ content: 'after done' });
    const bytes = Buffer.from(wire);
    // Cut inside an event and inside the two bytes of "ü".
    const cut = bytes.indexOf(Buffer.from('ü')) + 1;
    scripts.push([bytes.subarray(0, 40), bytes.subarray(40, cut), bytes.subarray(cut)]);
    const pieces: string[] = [];
    const text = await client().streamJson(request, (piece) => pieces.push(piece));
    expect(text).toBe('{"emails":"Grüße – ok"}');
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeLessThanOrEqual(3);
  });

  it('throws a refusal and a provider error in a chunk as LlmErrors, after the text before them', async () => {
    scripts.push([chunk({ content: 'partial' }) + chunk({ refusal: 'no' })]);
    const pieces: string[] = [];
    const refused = await client()
      .streamJson(request, (piece) => pieces.push(piece))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LlmError);
    expect(refused).toMatchObject({ kind: 'failed', code: 'refusal' });
    expect(pieces).toEqual(['partial']);

    scripts.push([
      chunk({ content: 'a' }),
      `data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error', code: 'overloaded_x' } })}\n\n`,
    ]);
    const failed = await client()
      .streamJson(request, () => {})
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(LlmError);
    expect(failed).toMatchObject({ kind: 'failed', code: 'overloaded_x' });
  });

  it('ends quietly with the text so far when the caller aborts', async () => {
    scripts.push([
      chunk({ content: 'one' }),
      chunk({ content: 'two' }),
      chunk({ content: 'three' }),
      chunk({ content: 'four' }),
    ]);
    const controller = new AbortController();
    const pieces: string[] = [];
    const text = await client().streamJson({ ...request, signal: controller.signal }, (piece) => {
      pieces.push(piece);
      controller.abort();
    });
    expect(text).toBe(pieces.join(''));
    expect(text.startsWith('one')).toBe(true);
    expect(text).not.toContain('four');
  });
});

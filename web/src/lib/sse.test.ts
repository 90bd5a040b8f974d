import { describe, expect, it } from 'vitest';
import { readSse, type SseMessage, SseParser } from './sse';

/** Feeds the chunks one by one and returns every event, as a network would deliver them. */
function parse(chunks: readonly string[]): SseMessage[] {
  const parser = new SseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

/** Every way of cutting `text` in two. */
const splits = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);

const STREAM =
  ': connected\n\n' +
  'event: progress\ndata: {"type":"progress","step":"writing","message":"Writing email 1 of 7…"}\n\n' +
  ':heartbeat\n\n' +
  'event: email\r\ndata: {"type":"email","index":0,\r\ndata: "email":{"subject":"Hi","body":"Line 1\\nLine 2"}}\r\n\r\n' +
  'event: done\rdata: {"type":"done"}\r\r';

const EXPECTED: SseMessage[] = [
  { event: 'progress', data: '{"type":"progress","step":"writing","message":"Writing email 1 of 7…"}' },
  { event: 'email', data: '{"type":"email","index":0,\n"email":{"subject":"Hi","body":"Line 1\\nLine 2"}}' },
  { event: 'done', data: '{"type":"done"}' },
];

describe('SseParser', () => {
  it('reads events, joins multi-line data with "\\n" and skips comments and heartbeats', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events wherever a chunk boundary falls (mid-event, mid-line, between \\r and \\n)', () => {
    for (const [a, b] of splits(STREAM)) expect(parse([a as string, b as string])).toEqual(EXPECTED);
    expect(parse([...STREAM])).toEqual(EXPECTED);
    // Empty chunks (a decoder holding half a character) change nothing, even between \r and \n.
    expect(parse(['data: a\r', '', '\ndata: b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('holds an event back until its blank line, and drops an unterminated one at the end', () => {
    const parser = new SseParser();
    expect(parser.push('event: email\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'email', data: '{"a":1}' }]);
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  it('follows the field rules: one leading space dropped, no colon, unknown fields, id, default event name', () => {
    expect(parse(['data:no space\ndata:  two spaces\n\n'])).toEqual([
      { event: 'message', data: 'no space\n two spaces' },
    ]);
    expect(parse(['data\n\n'])).toEqual([{ event: 'message', data: '' }]);
    expect(parse(['retry: 1000\nfoo: bar\nid: 7\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x', id: '7' }]);
    // An event with no data line is not dispatched, and its name does not leak into the next one.
    expect(parse(['event: ping\n\ndata: y\n\n'])).toEqual([{ event: 'message', data: 'y' }]);
  });

  it('ignores a byte-order mark at the start of the stream only', () => {
    expect(parse(['\uFEFFdata: a\n\n'])).toEqual([{ event: 'message', data: 'a' }]);
    expect(parse(['\uFEFF', 'data: a\n\n'])).toEqual([{ event: 'message', data: 'a' }]);
  });
});

describe('readSse', () => {
  it('decodes a byte stream whose chunks split multi-byte characters', async () => {
    const bytes = new TextEncoder().encode('data: Grüße – “quoted” 🙂\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const events: SseMessage[] = [];
    for await (const event of readSse(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'Grüße – “quoted” 🙂' }]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSse(body)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

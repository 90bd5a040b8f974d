/**
 * Server-Sent Events read from a fetch body (EventSource cannot POST or send a JSON body).
 *
 * The parser follows the WHATWG event-stream rules: lines end with CRLF, LF or CR; a blank line
 * dispatches the event; `data:` lines join with "\n"; a line starting with ":" is a comment (the
 * server's heartbeat); one space after the colon is dropped; a leading BOM is ignored; an event
 * with no data is not dispatched. Chunks may split an event, a line, or a CRLF anywhere.
 */

export interface SseMessage {
  /** `event:` field; "message" when the server named none. */
  event: string;
  data: string;
  /** `id:` field, when given. */
  id?: string;
}

export class SseParser {
  private buffer = '';
  private started = false;
  /** A chunk ended in "\r": a "\n" opening the next chunk belongs to the same line break. */
  private pendingCr = false;
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  /** Feeds decoded text; returns the events it completed. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text === '') return [];
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone "\r" at the very end may be the first half of "\r\n": take the line, skip the "\n" later.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  /** The stream ended: an event without its closing blank line is incomplete and dropped (per spec). */
  end(): SseMessage[] {
    this.buffer = '';
    this.reset();
    return [];
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      default:
        // "retry" and unknown fields: nothing a fetch-based reader needs.
        break;
    }
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    if (this.data.length === 0) {
      this.event = '';
      return undefined;
    }
    const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n') };
    if (this.id !== undefined) message.id = this.id;
    this.reset();
    return message;
  }

  private reset(): void {
    this.event = '';
    this.data = [];
  }
}

/** The events of a response body, as they arrive. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    // A reader that stops early (an error event, an abort) closes the connection rather than leaving it open.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

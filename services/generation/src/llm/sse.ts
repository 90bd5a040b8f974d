import { createParser } from 'eventsource-parser';

/** One Server-Sent Event: its `event` field (null when absent) and its data lines joined by "\n". */
export interface ServerSentEvent {
  event: string | null;
  data: string;
}

/**
 * The events of a Server-Sent Events body, fed as text as it arrives, read by eventsource-parser
 * (the WHATWG event-stream rules: "\n", "\r\n" or "\r" line ends, dispatch at a blank line,
 * comments skipped). One synchronous pass per network read, where the `openai` SDK's own stream
 * runs several async generators per event (a streamed answer has about a thousand; issue 12).
 */
export class ServerSentEvents {
  #found: ServerSentEvent[] = [];
  readonly #parser = createParser({
    onEvent: (message) => {
      this.#found.push({ event: message.event ?? null, data: message.data });
    },
  });

  /** The events that `text` completes. */
  push(text: string): ServerSentEvent[] {
    this.#parser.feed(text);
    const found = this.#found;
    this.#found = [];
    return found;
  }
}

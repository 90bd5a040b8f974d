import type { Email } from '@seqgen/proto';

/**
 * The emails of a streamed answer (`{"emails":[{"subject":…,"body":…},…]}`) as each one's object
 * closes: a scan of the JSON text so far that tracks strings, escapes and nesting, so an email is
 * handed on once, whole, without waiting for the rest of the answer.
 */
export class EmailStream {
  #text = '';
  #at = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #start = -1;
  count = 0;

  /** The email being written, as far as it goes: its subject and body so far (each may be empty). */
  draft(): { subject: string; body: string } | undefined {
    if (this.#start === -1) return undefined;
    const open = this.#text.slice(this.#start);
    return { subject: partialString(open, 'subject'), body: partialString(open, 'body') };
  }

  push(piece: string): Email[] {
    this.#text += piece;
    const found: Email[] = [];
    for (; this.#at < this.#text.length; this.#at += 1) {
      const char = this.#text[this.#at];
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (char === '\\') this.#escaped = true;
        else if (char === '"') this.#inString = false;
        continue;
      }
      if (char === '"') this.#inString = true;
      else if (char === '{' || char === '[') {
        this.#depth += 1;
        // {"emails": [ {email} ]}: an email object opens at depth 3.
        if (char === '{' && this.#depth === 3) this.#start = this.#at;
      } else if (char === '}' || char === ']') {
        if (char === '}' && this.#depth === 3 && this.#start !== -1) {
          const email = emailOf(this.#text.slice(this.#start, this.#at + 1));
          this.#start = -1;
          if (email) {
            this.count += 1;
            found.push(email);
          }
        }
        this.#depth -= 1;
      }
    }
    return found;
  }
}

/** The value of `"key": "…` in unfinished JSON, decoded as far as it is written. */
function partialString(json: string, key: string): string {
  const opening = new RegExp(`"${key}"\\s*:\\s*"`).exec(json);
  if (!opening) return '';
  let end = opening.index + opening[0].length;
  let escaped = false;
  for (; end < json.length; end += 1) {
    const char = json[end];
    if (escaped) escaped = false;
    else if (char === '\\') escaped = true;
    else if (char === '"') break;
  }
  // An escape cut in half (a lone "\\" or "\\u00" at the end) waits for the next piece.
  let raw = json.slice(opening.index + opening[0].length, end).replace(/(?<!\\)((?:\\\\)*)\\u[0-9a-fA-F]{0,3}$/, '$1');
  if ((/\\*$/.exec(raw)?.[0].length ?? 0) % 2 === 1) raw = raw.slice(0, -1);
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return '';
  }
}

function emailOf(json: string): Email | undefined {
  try {
    const value = JSON.parse(json) as { subject?: unknown; body?: unknown };
    if (typeof value.subject !== 'string' || typeof value.body !== 'string') return undefined;
    const subject = value.subject.trim();
    const body = value.body.trim();
    return subject && body ? { subject, body } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Human-readable log output for a developer at a terminal (issue 11, item 6). pino still
 * produces its JSON line, redaction and serializers applied (logger.ts); this only re-renders
 * that line, so nothing reaches the terminal that the JSON would not have carried. Production,
 * pipes, files and containers keep the JSON lines (docs/architecture.md §5): see wantsPrettyLogs.
 */

type Env = Record<string, string | undefined>;

/**
 * SEQGEN_PRETTY_LOGS=1 forces readable lines, =0 forces JSON. Otherwise readable only when stdout
 * is a terminal and NODE_ENV is neither production nor test, so anything that reads the output
 * with a program (log shippers, CI, the test suites) gets JSON.
 */
export function wantsPrettyLogs(env: Env = process.env, isTTY = process.stdout.isTTY === true): boolean {
  const forced = env.SEQGEN_PRETTY_LOGS?.trim().toLowerCase();
  if (forced === '1' || forced === 'true') return true;
  if (forced === '0' || forced === 'false') return false;
  return isTTY && env.NODE_ENV !== 'production' && env.NODE_ENV !== 'test';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '35' };

/** Fields every line has, shown in the line's frame rather than after the message. */
const FRAME_FIELDS = new Set(['level', 'time', 'service', 'name', 'msg', 'pid', 'hostname', 'reqId']);

/** @fastify/reply-from's two lines per proxied request: the request line says it all. */
/** Requests whose "request completed" line has not arrived yet (aborted ones never do): bounded. */
const MAX_PENDING = 1_000;

interface PendingRequest {
  method: string;
  url: string;
  /** The service that took the request first (the gateway under npm start); unknown until its line arrives. */
  outer?: string;
  /** The service the gateway passed it to, which answered it. */
  inner?: string;
  /** Why it was refused: the error handler's line for a 4xx ("Incorrect email or password."). */
  note?: string;
}

interface LogRecord {
  level?: number;
  time?: string;
  service?: string;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

export interface PrettyLogOptions {
  /** Where the readable lines go. Defaults to stdout. */
  write?: (text: string) => void;
  colour?: boolean;
}

/**
 * A pino destination that renders each JSON line as one readable line. A request through the
 * gateway is logged by the gateway and again by the service behind it (same request id, as the
 * gateway forwards x-request-id), each with "incoming request" and "request completed": the
 * formatter pairs them up and prints one line per request, when the outermost one completes:
 *
 *   20:31:02 GET /api/me 200 4 ms auth
 *   20:31:05 POST /api/login 401 9 ms auth Incorrect email or password. (invalid_credentials)
 *
 * Every other line prints as "time LEVEL service message key=value…", an error's stack below it.
 */
export class PrettyLogStream {
  readonly #write: (text: string) => void;
  readonly #colour: boolean;
  readonly #pending = new Map<string, PendingRequest>();
  #holding: string[] | undefined;
  #entry: string | undefined;

  constructor({ write = (text) => process.stdout.write(text), colour = false }: PrettyLogOptions = {}) {
    this.#write = write;
    this.#colour = colour;
  }

  /** pino calls this with one serialized line. */
  write(line: string): void {
    const { text, level } = this.#render(line);
    if (text === undefined) return;
    // Start-up is summarised by its caller (scripts/start.ts); warnings and errors show at once.
    if (this.#holding && level < 40) this.#holding.push(text);
    else this.#write(text);
  }

  /**
   * Every request enters through `service` (`npm start`'s gateway), whose lines come from another
   * thread and can arrive after those of the service behind it: a request's line is then printed
   * when the entry's "request completed" arrives, whatever order the rest came in.
   */
  enterThrough(service: string): void {
    this.#entry = service;
  }

  /**
   * Holds informational lines back until release(): `npm start` replaces the forty-odd start-up
   * lines with one summary. release(true) prints what was held (start-up failed: the context
   * matters), release(false) drops it.
   */
  hold(): void {
    this.#holding ??= [];
  }

  release(print: boolean): void {
    const held = this.#holding ?? [];
    this.#holding = undefined;
    if (print) for (const text of held) this.#write(text);
  }

  /** The readable text for one JSON line (newline included), or undefined to print nothing. */
  format(line: string): string | undefined {
    return this.#render(line).text;
  }

  #render(line: string): { text: string | undefined; level: number } {
    let record: LogRecord | undefined;
    try {
      record = JSON.parse(line);
    } catch {
      // Not a log record (a library writing to the stream itself): printed as it is.
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      return { text: `${line.trimEnd()}\n`, level: 30 };
    }
    const level = typeof record.level === 'number' ? record.level : 30;
    const service = String(record.service ?? record.name ?? '');
    if (level < 40 && record.reqId !== undefined) {
      if (record.msg === 'incoming request') return { text: this.#incoming(record, service), level };
      if (record.msg === 'request completed') return { text: this.#completed(record, service), level };
      const id = String(record.reqId);
      const pending = this.#pending.get(id) ?? (this.#entry ? this.#track(id, {}) : undefined);
      // createService's error handler logs a refused request at info with its status: that
      // message joins the request's line instead of making a second one.
      if (pending && typeof record.statusCode === 'number') {
        pending.note = `${record.msg ?? ''}${record.code ? ` (${record.code})` : ''}`;
        return { text: undefined, level };
      }
    }
    return { text: this.#line(record, level, service), level };
  }

  #incoming(record: LogRecord, service: string): undefined {
    const id = String(record.reqId);
    const request = { method: record.req?.method ?? '?', url: record.req?.url ?? '?' };
    const pending = this.#pending.get(id);
    if (this.#entry) {
      const known = pending ?? this.#track(id, request);
      if (service === this.#entry) Object.assign(known, request);
      else known.inner = service;
      return undefined;
    }
    if (pending?.outer && pending.outer !== service) {
      pending.inner = service;
      return undefined;
    }
    this.#track(id, { ...request, outer: service });
    return undefined;
  }

  #track(id: string, request: Partial<PendingRequest>): PendingRequest {
    if (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value as string);
    const pending = { method: '?', url: '?', ...request };
    this.#pending.set(id, pending);
    return pending;
  }

  #completed(record: LogRecord, service: string): string | undefined {
    const id = String(record.reqId);
    const pending = this.#pending.get(id);
    // The service behind the entry answered: the entry's own line follows (or came first and
    // is already waiting, below).
    if (this.#entry ? service !== this.#entry : pending && pending.outer !== service) {
      if (this.#entry && !pending) this.#track(id, { inner: service });
      return undefined;
    }
    this.#pending.delete(id);
    const status = record.res?.statusCode ?? 0;
    const ms = typeof record.responseTime === 'number' ? Math.round(record.responseTime) : '?';
    const request = pending ? `${pending.method} ${pending.url}` : 'request';
    const statusText = this.#paint(String(status), status >= 500 ? '31' : status >= 400 ? '33' : '32');
    const answeredBy = pending?.inner ?? service;
    const note = pending?.note ? ` ${pending.note}` : '';
    return `${this.#time(record)} ${request} ${statusText} ${ms} ms ${this.#paint(answeredBy, '90')}${note}\n`;
  }

  #line(record: LogRecord, level: number, service: string): string {
    const label = this.#paint(LEVELS[level] ?? String(level), COLOURS[level] ?? '0');
    const fields = Object.entries(record)
      .filter(([key]) => !FRAME_FIELDS.has(key) && key !== 'err')
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    let text = `${this.#time(record)} ${label} ${service} ${record.msg ?? ''}`;
    if (fields.length > 0) text += ` ${this.#paint(fields.join(' '), '90')}`;
    const err = record.err;
    if (err && typeof err === 'object') {
      const stack = typeof err.stack === 'string' && err.stack ? err.stack : `${err.type}: ${err.message}`;
      text += `\n${stack.replace(/^/gm, '    ')}`;
    }
    return `${text}\n`;
  }

  #time(record: LogRecord): string {
    const time = typeof record.time === 'string' ? record.time.slice(11, 19) : '--:--:--';
    return this.#paint(time, '90');
  }

  #paint(text: string, colour: string): string {
    return this.#colour ? `\u001b[${colour}m${text}\u001b[0m` : text;
  }
}

let shared: PrettyLogStream | undefined;

/**
 * The one readable stream of this process: every service's logger under `npm start` writes
 * through it, so a request's gateway and service lines can be paired.
 */
export function prettyLogStream(): PrettyLogStream {
  shared ??= new PrettyLogStream({ colour: process.stdout.isTTY === true && !process.env.NO_COLOR });
  return shared;
}

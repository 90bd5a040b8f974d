import { type Logger, pino } from 'pino';
import { prettyLogStream, wantsPrettyLogs } from './pretty-logs.ts';
import { traceLogFields } from './telemetry.ts';

export { PrettyLogStream, prettyLogStream, wantsPrettyLogs } from './pretty-logs.ts';
export type { Logger };
/** Where a logger's JSON lines go (a pino destination: anything with write(line)). */
export type LogDestination = pino.DestinationStream;

/**
 * Anything that could let someone act as a user or a service is redacted wherever it appears in
 * a log line: request bodies (password, token, newPassword), headers (cookie, authorization),
 * reply headers (set-cookie) and settings that hold secrets.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'token',
  'clientSecret',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.clientSecret',
  '*.apiKey',
  '*.secret',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  // The kit's own settings that hold secrets; a service names its own (secretSettings below).
  'config.SESSION_SECRET',
  'config.DATABASE_URL',
  'config.REDIS_URL',
];

export interface LoggerOptions {
  service: string;
  level?: string;
  /**
   * For tests: where lines go. Defaults to stdout: JSON lines, or readable lines at a developer's
   * terminal (wantsPrettyLogs), rendered from the same redacted JSON.
   */
  destination?: LogDestination;
  /** The service's own settings that hold secrets (API keys, credentials in URLs): redacted in `config`. */
  secretSettings?: readonly string[];
}

export function createLogger({ service, level = 'info', destination, secretSettings = [] }: LoggerOptions): Logger {
  return pino(
    {
      name: service,
      level,
      redact: { paths: [...REDACTED_PATHS, ...secretSettings.map((name) => `config.${name}`)], censor: '[redacted]' },
      serializers: { err: serializeError, req: serializeRequest },
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      // trace_id/span_id of the span the line was written in (issue 11, item 1); none without one.
      mixin: traceLogFields,
    },
    destination ?? (wantsPrettyLogs() ? prettyLogStream() : undefined),
  );
}

/**
 * Fields of an error that carry the values of a query rather than its shape: drizzle's
 * DrizzleQueryError and PGlite's errors keep the SQL parameters (`params`, `queryOptions`), and a
 * PostgreSQL error's `detail` and `where` quote the row ("Failing row contains (…, $2b$10$…)",
 * "Key (email)=(…) already exists"). Issue 10 found a bcrypt hash in the log this way; OWASP's
 * logging cheat sheet asks that such data be removed before logging.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'values', 'queryOptions', 'detail', 'where', 'internalQuery']);
/** Where clients hang what they sent, headers and credentials included (pg-pool, HTTP clients). */
const CONNECTION_FIELDS = new Set(['client', 'connection', 'config', 'request', 'response', 'options']);

/** drizzle writes the parameters into the message itself: "Failed query: <sql>\nparams: <values>". */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * pino's `err` serializer (type, message with its causes', stack, own fields) without the values
 * of SQL queries: what failed and why stays, which data it was about does not. The cause chain is
 * kept as nested `cause` objects, each cleaned the same way, so a pg error's `code` stays visible
 * under drizzle's wrapper.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) && !(error && typeof (error as Error).message === 'string')) return error;
  const err = error as Error & Record<string, unknown>;
  const message = scrubMessage(err);
  const serialized: SerializedError = {
    type: err.constructor?.name && err.constructor !== Object ? err.constructor.name : (err.name ?? 'Error'),
    message: message + causeMessages(err.cause, depth),
    // A function, so that "$&" or "$'" in a message are not read as replacement patterns.
    stack: typeof err.stack === 'string' ? err.stack.replace(err.message, () => message) : '',
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || VALUE_FIELDS.has(key) || CONNECTION_FIELDS.has(key) || key in serialized) continue;
    if (value instanceof Error) serialized[key] = serializeError(value, depth + 1);
    else if (isLoggable(value)) serialized[key] = value;
  }
  if (Array.isArray(err.errors)) serialized.errors = err.errors.map((inner) => serializeError(inner, depth + 1));
  if (err.cause !== undefined && depth < 8) serialized.cause = serializeError(err.cause, depth + 1);
  return serialized;
}

/**
 * Plain data only: an error can carry live objects (pg-pool puts the failed `client` on the
 * error, its connection parameters and password included; HTTP clients attach the request with
 * its headers). Primitives, and small arrays or plain objects, are kept.
 */
function isLoggable(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function';
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return false;
  try {
    return JSON.stringify(value).length <= 2_048;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value after a colon:
 * 'invalid input syntax for type uuid: "…"'. The kind of failure stays, the value goes.
 */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

function scrubMessage(err: Error & Record<string, unknown>): string {
  let message = String(err.message);
  if ('params' in err || 'query' in err) message = message.replace(DRIZZLE_PARAMS, '\nparams: [redacted]');
  if (typeof err.code === 'string' && DATA_EXCEPTION.test(err.code)) {
    const colon = message.indexOf(': ');
    if (colon !== -1) message = `${message.slice(0, colon)}: [redacted]`;
  }
  return message;
}

function causeMessages(cause: unknown, depth: number): string {
  if (depth >= 8 || !cause || typeof (cause as Error).message !== 'string') return '';
  const inner = cause as Error & Record<string, unknown>;
  return `: ${scrubMessage(inner)}${causeMessages(inner.cause, depth + 1)}`;
}

/**
 * Query parameters that carry a credential: a password-reset link's token (the gateway serves the
 * reset page, so the link arrives as a request) and an OAuth callback's code and state.
 */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'code', 'state', 'password', 'secret', 'key', 'apikey', 'api_key']);

/** The request as Fastify logs it (method, url, host, address), with credentials in the URL replaced. */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judged by its raw name.
      }
      return value.length > 0 && SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, queryAt)}?${query.join('&')}`;
}

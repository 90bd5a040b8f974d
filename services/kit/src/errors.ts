import type { ErrorCode } from '@seqgen/proto';

/**
 * An error a service means to show the caller, with its code from proto's list (the contract
 * callers decide on, docs/architecture.md §3). Anything else that escapes a handler is a 500
 * whose details stay in the log (docs/architecture.md §5).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new HttpError(400, code, message);
export const unauthorized = (message = 'You need to sign in first.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, 'rate_limited', message, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});
export const badGateway = (message: string) => new HttpError(502, 'bad_gateway', message);
export const serviceUnavailable = (message: string) => new HttpError(503, 'unavailable', message);

/** The message of a 500: never the exception text, which can hold SQL, paths or secrets. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The database could not be reached: no connection could be had from the pool (refused, timed
 * out, too many clients, shutting down). Raised by the kit's pool (db.ts) so that a failed connect
 * is recognised as the database's doing and not confused with any other refused connection.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super('database unreachable', { cause });
  }
}

/**
 * SQLSTATEs that mean "the database is not there for you right now" (PostgreSQL appendix A):
 * class 08 connection exceptions, 57P01–57P03 admin/crash shutdown and "cannot connect now",
 * 53300 too many connections, 57014 a statement cancelled by the kit's statement timeout.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014)$/;
/** Socket failures: only counted when they happened running a query (see `ranQuery`). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says when the connection went away mid-query (counted with `ranQuery`). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|Query read timeout/i;
/** Sentences only pg-pool and PGlite write: no other client could have thrown them. */
const DATABASE_ONLY_MESSAGE =
  /^(timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool|PGlite is closed)$/;

type ErrorLike = Error & { code?: unknown; errors?: unknown };

/** The error, its causes and the members of an AggregateError (a host with IPv4 and IPv6 addresses). */
function errorChain(thrown: unknown, depth = 0): ErrorLike[] {
  if (!thrown || typeof thrown !== 'object' || depth > 8) return [];
  const error = thrown as ErrorLike;
  const members = Array.isArray(error.errors) ? error.errors.flatMap((inner) => errorChain(inner, depth + 1)) : [];
  return [error, ...members, ...errorChain(error.cause, depth + 1)];
}

/** drizzle's DrizzleQueryError and PGlite's errors carry the query that failed. */
const ranQuery = (error: ErrorLike) => typeof (error as { query?: unknown }).query === 'string';

/**
 * True when a request failed because its service's database is unreachable, not because of the
 * request or a bug: the caller then gets 503 "try again in a moment" (issue 10, finding 6),
 * never a generic 500.
 */
export function isDatabaseUnavailable(thrown: unknown): boolean {
  const chain = errorChain(thrown);
  if (chain.some((error) => error instanceof DatabaseUnavailableError)) return true;
  if (chain.some((error) => typeof error.code === 'string' && UNAVAILABLE_SQLSTATE.test(error.code))) return true;
  if (chain.some((error) => DATABASE_ONLY_MESSAGE.test(String(error.message)))) return true;
  if (!chain.some(ranQuery)) return false;
  return chain.some(
    (error) =>
      (typeof error.code === 'string' && SOCKET_CODES.has(error.code)) ||
      UNAVAILABLE_MESSAGE.test(String(error.message)),
  );
}

export const DATABASE_UNAVAILABLE_RETRY_SECONDS = 5;

/** The sentence a caller reads while a service's database is away (spec'd by issue 10). */
export const databaseUnavailableMessage = (service?: string) =>
  `${service ? `The ${service} service` : 'This service'} cannot reach its database right now. Please try again in a moment.`;

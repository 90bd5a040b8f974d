/**
 * An error a service means to show the caller. Anything else that escapes a handler is a 500
 * whose details stay in the log (DESIGN.md §5).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new HttpError(400, code, message);
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

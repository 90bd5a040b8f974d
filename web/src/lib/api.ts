import { ErrorBody, ErrorCode, text } from '@seqgen/proto';
import type { z } from 'zod';

/**
 * The one HTTP client of the web app (docs/product.md §7, §8).
 *
 * - Paths not starting with /api/ get /api prefixed, so callers may write '/usage' or '/api/usage'.
 * - Cookies always travel (credentials: 'include'): the session lives in an httpOnly cookie.
 * - Any non-OK answer throws an ApiError whose message is "<status>: <text>", for people, and whose
 *   `code` is the body's error code, for feature code to decide on ('limit_reached', 'ai_timeout':
 *   docs/product.md §8). Nothing decides on the words of a message.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a read does with a 401: fail like any other error, or treat it as "no data" (no user). */
export type On401 = 'throw' | 'returnNull';

export interface ApiOptions {
  /**
   * Origin to send requests to. The browser app leaves it unset (same-origin relative URLs);
   * tests and non-browser callers pass an absolute origin such as http://127.0.0.1:1234.
   */
  baseUrl?: string;
  signal?: AbortSignal;
}

export interface ReadOptions<T> extends ApiOptions {
  /** Validates the JSON answer against a @seqgen/proto schema; a mismatch throws. */
  schema?: z.ZodType<T>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The raw response body as text (may be empty). */
  readonly body: string;
  /** The `error` of a `{ error, message }` body when it is a code this build knows, else undefined. */
  readonly code: ErrorCode | undefined;

  constructor(status: number, body: string, message: string) {
    super(message);
    this.status = status;
    this.body = body;
    this.code = readErrorBody(body)?.code;
  }
}

/** The code an error was answered with: undefined for anything but an ApiError with a known code. */
export const errorCodeOf = (error: unknown): ErrorCode | undefined =>
  error instanceof ApiError ? error.code : undefined;

const API_PREFIX = '/api';

/** '/usage' → '/api/usage', 'auth/user' → '/api/auth/user', '/api/usage' unchanged. */
export function resolveApiPath(path: string): string {
  if (path.startsWith(`${API_PREFIX}/`)) return path;
  return `${API_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

function buildUrl(path: string, baseUrl: string | undefined): string {
  const resolved = resolveApiPath(path);
  return baseUrl ? new URL(resolved, baseUrl).toString() : resolved;
}

/**
 * Proto's error body, read so that a code this build does not know (a newer service's) still has
 * its message shown: the code is then undefined and nothing decides on it.
 */
const ReceivedErrorBody = ErrorBody.extend({ error: text() });

function readErrorBody(body: string): { code: ErrorCode | undefined; message: string } | undefined {
  if (body.trim() === '') return undefined;
  const parsed = ReceivedErrorBody.safeParse(safeJsonParse(body));
  if (!parsed.success) return undefined;
  return { code: ErrorCode.safeParse(parsed.data.error).data, message: parsed.data.message };
}

/**
 * The human part of an error message: the `message` of a `{ error, message }` body (the shape
 * every service answers with), else the raw body text, else the status text.
 */
export function errorText(body: string, statusText: string): string {
  if (body.trim() !== '') return readErrorBody(body)?.message ?? body;
  // HTTP/2 has no reason phrases, so statusText can be empty too; never end a message on ": ".
  return statusText || 'Request failed';
}

function safeJsonParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  // Logged so a failure is diagnosable from the browser console even when a toast hides details.
  console.error(`API ${res.status} ${res.url}`, body);
  throw new ApiError(res.status, body, `${res.status}: ${errorText(body, res.statusText)}`);
}

function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: ApiOptions,
  accept = 'application/json',
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...extraHeaders };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;
  return fetch(buildUrl(path, options.baseUrl), init);
}

/**
 * Sends one request and returns the Response once it is known to be OK.
 * `body`, when given, is sent as JSON.
 */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<Response> {
  const res = await send(method, path, body, options);
  await throwIfNotOk(res);
  return res;
}

/**
 * Opens a Server-Sent Events answer (POST with a JSON body, cookies included, like every other
 * call). A non-OK answer before the stream starts throws the same ApiError as any request, so
 * callers decide on its code exactly as they do for the JSON endpoints.
 */
export async function apiOpenStream(path: string, body: unknown, options: ApiOptions = {}): Promise<Response> {
  const res = await send('POST', path, body, options, 'text/event-stream, application/json');
  await throwIfNotOk(res);
  return res;
}

/** Reads an OK response as JSON; an empty body (e.g. 204) reads as null. */
async function readJson<T>(res: Response, schema: z.ZodType<T> | undefined): Promise<T> {
  const text = await res.text();
  const data: unknown = text === '' ? null : JSON.parse(text);
  return schema ? schema.parse(data) : (data as T);
}

/** Sends a request and returns its JSON answer (validated when a schema is given). */
export async function apiSend<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ReadOptions<T> = {},
): Promise<T> {
  const res = await apiRequest(method, path, body, options);
  return readJson(res, options.schema);
}

/** GET a path and return its JSON; with `on401: 'returnNull'` a 401 answers null instead of throwing. */
export async function apiGet<T = unknown>(
  path: string,
  options: ReadOptions<T> & { on401: 'returnNull' },
): Promise<T | null>;
export async function apiGet<T = unknown>(path: string, options?: ReadOptions<T> & { on401?: 'throw' }): Promise<T>;
export async function apiGet<T = unknown>(
  path: string,
  options?: ReadOptions<T> & { on401?: On401 },
): Promise<T | null>;
export async function apiGet<T = unknown>(
  path: string,
  options: ReadOptions<T> & { on401?: On401 } = {},
): Promise<T | null> {
  const res = await send('GET', path, undefined, options);
  // Not signed in is an expected state, not a failure: no log, no throw.
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return readJson(res, options.schema);
}

/** A copy of a GET's answer with the ETag it came with. */
export interface Tagged<T> {
  etag: string;
  data: T;
}

/**
 * A conditional GET (RFC 9110 §13.1.2) for data polled often that rarely changes (usage, docs/product.md §7): sends the
 * ETag of the copy held, and a 304 means that copy is still current, so no body is sent or parsed. Never
 * answered from the browser's cache: the API says `no-store`, so every poll asks the server.
 */
export async function apiGetTagged<T>(
  path: string,
  held: Tagged<T> | undefined,
  options: ReadOptions<T> = {},
): Promise<Tagged<T> | { etag: null; data: T }> {
  const res = await send(
    'GET',
    path,
    undefined,
    options,
    'application/json',
    held ? { 'If-None-Match': held.etag } : {},
  );
  if (res.status === 304 && held) return held;
  await throwIfNotOk(res);
  const data = await readJson(res, options.schema);
  const etag = res.headers.get('etag');
  return etag ? { etag, data } : { etag: null, data };
}

/** An SWR key: a path, or a tuple whose first element is the path (docs/product.md §7). */
export type ApiKey = string | readonly [string, ...unknown[]];

export function keyPath(key: ApiKey): string {
  return typeof key === 'string' ? key : key[0];
}

/**
 * A fetcher for SWR: the key is the path to GET. Hooks that read "who am I" use
 * `createFetcher({ on401: 'returnNull' })` so a signed-out visitor is data, not an error.
 */
export function createFetcher(options: ApiOptions & { on401?: On401 } = {}) {
  return (key: ApiKey): Promise<unknown> => apiGet(keyPath(key), options);
}

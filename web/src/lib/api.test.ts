import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Usage } from '@seqgen/proto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiGet,
  apiGetTagged,
  apiRequest,
  apiSend,
  createFetcher,
  errorCodeOf,
  errorText,
  resolveApiPath,
} from './api';
import { getUsage } from './usage/get-usage';

/** What the server saw, so tests can assert on the request the client really sent. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  seen.length = 0;
  handler = (_req, res) => json(res, 200, { ok: true });
  // The client logs every failure; keep test output clean but let tests inspect the calls.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
});

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function reply(status: number, body: string, contentType = 'text/plain'): Handler {
  return (_req, res) => {
    res.writeHead(status, body === '' ? {} : { 'Content-Type': contentType });
    res.end(body);
  };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('resolveApiPath', () => {
  it('prefixes /api to paths that do not start with /api/', () => {
    expect(resolveApiPath('/usage')).toBe('/api/usage');
    expect(resolveApiPath('auth/user')).toBe('/api/auth/user');
    expect(resolveApiPath('/apiary')).toBe('/api/apiary');
  });

  it('leaves /api/ paths alone', () => {
    expect(resolveApiPath('/api/usage')).toBe('/api/usage');
    expect(resolveApiPath('/api/saved-sequences/42')).toBe('/api/saved-sequences/42');
  });
});

describe('errorText', () => {
  it('prefers the message of a { error, message } body, then raw text, then status text', () => {
    expect(errorText('{"error":"limit","message":"Email generation limit reached"}', 'Forbidden')).toBe(
      'Email generation limit reached',
    );
    expect(errorText('{"detail":"other shape"}', 'Bad Request')).toBe('{"detail":"other shape"}');
    expect(errorText('upstream exploded', 'Bad Gateway')).toBe('upstream exploded');
    expect(errorText('', 'Service Unavailable')).toBe('Service Unavailable');
    expect(errorText('', '')).toBe('Request failed');
  });
});

describe('requests against a real HTTP server', () => {
  it('sends unprefixed paths to /api/… and keeps /api/ paths as they are', async () => {
    await apiGet('/usage', { baseUrl });
    await apiGet('auth/user', { baseUrl });
    await apiGet('/api/saved-sequences', { baseUrl });
    expect(seen.map((s) => s.url)).toEqual(['/api/usage', '/api/auth/user', '/api/saved-sequences']);
  });

  it('sends a JSON body with a JSON content type on POST', async () => {
    handler = (_req, res, body) => json(res, 201, { echoed: JSON.parse(body) });
    const answer = await apiSend('POST', '/waitlist', { email: 'ada@example.com' }, { baseUrl });

    expect(answer).toEqual({ echoed: { email: 'ada@example.com' } });
    const request = seen[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/waitlist');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'ada@example.com' });
  });

  it('asks fetch to include cookies on every request', async () => {
    // Node's fetch has no cookie jar, so check what the client asked of fetch itself.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      await apiGet('/usage', { baseUrl });
      await apiSend('POST', '/contact', { email: 'a@b.c', message: 'hi' }, { baseUrl });
      expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('sends no content type when there is no body', async () => {
    await apiRequest('POST', '/subscription/cancel', undefined, { baseUrl });
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    expect(seen[0]?.body).toBe('');
  });

  it('uses the message of a JSON error body: "<status>: <message>"', async () => {
    handler = (_req, res) => json(res, 403, { error: 'quota_exceeded', message: 'Email generation limit reached' });
    const error = await caught(apiSend('POST', '/generate-emails', {}, { baseUrl }));

    expect(error.message).toBe('403: Email generation limit reached');
    expect(error.status).toBe(403);
    expect(error.body).toBe('{"error":"quota_exceeded","message":"Email generation limit reached"}');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('403'), error.body);
  });

  it('carries the code of the error body when it is one of proto’s codes, for callers to decide on', async () => {
    handler = (_req, res) => json(res, 403, { error: 'limit_reached', message: 'No sequences left.' });
    const known = await caught(apiSend('POST', '/generate-emails', {}, { baseUrl }));
    expect(known.code).toBe('limit_reached');
    expect(known.message).toBe('403: No sequences left.');

    // A code this build does not know (a newer service's): the message is still shown, the code is not guessed.
    handler = (_req, res) => json(res, 403, { error: 'quota_exceeded', message: 'Email generation limit reached' });
    const unknown = await caught(apiSend('POST', '/generate-emails', {}, { baseUrl }));
    expect(unknown.code).toBeUndefined();
    expect(unknown.message).toBe('403: Email generation limit reached');

    handler = reply(502, 'limit_reached');
    expect((await caught(apiGet('/emails', { baseUrl }))).code).toBeUndefined();
    expect(errorCodeOf(new Error('limit_reached'))).toBeUndefined();
    expect(errorCodeOf(known)).toBe('limit_reached');
  });

  it('uses the raw text of a non-JSON error body', async () => {
    handler = reply(502, 'Bad gateway: upstream generation is down');
    const error = await caught(apiGet('/emails', { baseUrl }));
    expect(error.message).toBe('502: Bad gateway: upstream generation is down');
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('uses the raw text of a JSON body that is not the error shape', async () => {
    handler = (_req, res) => json(res, 400, { reason: 'nope' });
    const error = await caught(apiGet('/emails', { baseUrl }));
    expect(error.message).toBe('400: {"reason":"nope"}');
  });

  it('uses the status text when the error body is empty', async () => {
    handler = reply(503, '');
    const error = await caught(apiGet('/usage', { baseUrl }));
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBe('');
  });

  it('answers null on 401 when asked to, without logging', async () => {
    handler = (_req, res) => json(res, 401, { error: 'unauthorized', message: 'Not signed in' });
    await expect(apiGet('/auth/user', { baseUrl, on401: 'returnNull' })).resolves.toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('throws on 401 by default', async () => {
    handler = (_req, res) => json(res, 401, { error: 'unauthorized', message: 'Not signed in' });
    const error = await caught(apiGet('/auth/user', { baseUrl }));
    expect(error.message).toBe('401: Not signed in');
  });

  it('still throws other errors when 401 → null is on', async () => {
    handler = (_req, res) => json(res, 500, { error: 'internal', message: 'Internal server error' });
    const error = await caught(apiGet('/auth/user', { baseUrl, on401: 'returnNull' }));
    expect(error.message).toBe('500: Internal server error');
  });

  it('validates the answer against a schema when one is given', async () => {
    handler = (_req, res) => json(res, 200, { used: 2, limit: 5 });
    await expect(apiGet('/usage', { baseUrl, schema: Usage })).resolves.toEqual({ used: 2, limit: 5 });

    handler = (_req, res) => json(res, 200, { used: 'two' });
    await expect(apiGet('/usage', { baseUrl, schema: Usage })).rejects.toThrow();
  });

  it('reads an empty OK body as null', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(apiSend('DELETE', '/saved-sequences/1', undefined, { baseUrl })).resolves.toBeNull();
  });

  it('provides an SWR fetcher that GETs the path (or the first element of a tuple key)', async () => {
    handler = (req, res) => json(res, 200, { path: req.url });
    const fetcher = createFetcher({ baseUrl });
    await expect(fetcher('/api/usage')).resolves.toEqual({ path: '/api/usage' });
    await expect(fetcher(['/saved-sequences', { page: 2 }])).resolves.toEqual({ path: '/api/saved-sequences' });
    expect(seen.every((s) => s.method === 'GET')).toBe(true);

    handler = reply(401, '');
    await expect(createFetcher({ baseUrl, on401: 'returnNull' })('/auth/user')).resolves.toBeNull();
  });
});

describe('conditional reads (issue 12: usage polls)', () => {
  /** A server like quota's: the usage's tag, and a bodiless 304 when the caller holds it. */
  let usage = { used: 0, limit: 5 };
  const usageServer: Handler = (req, res) => {
    const etag = `"${usage.used}-${usage.limit}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag, 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(usage));
  };

  it('sends the tag of the copy it holds and keeps that copy on 304', async () => {
    handler = usageServer;
    usage = { used: 0, limit: 5 };
    const first = await apiGetTagged('/usage', undefined, { baseUrl, schema: Usage });
    expect(first).toEqual({ etag: '"0-5"', data: { used: 0, limit: 5 } });
    expect(seen[0]?.headers['if-none-match']).toBeUndefined();
    const again = await apiGetTagged('/usage', first.etag === null ? undefined : first, { baseUrl, schema: Usage });
    expect(seen[1]?.headers['if-none-match']).toBe('"0-5"');
    expect(again).toBe(first);
  });

  it('polls usage with the last tag, sees a change at once, and never answers from a cache of its own', async () => {
    handler = usageServer;
    usage = { used: 1, limit: 5 };
    expect(await getUsage({ baseUrl })).toEqual({ used: 1, limit: 5 });
    expect(await getUsage({ baseUrl })).toEqual({ used: 1, limit: 5 });
    usage = { used: 2, limit: 100 };
    expect(await getUsage({ baseUrl })).toEqual({ used: 2, limit: 100 });
    // Every poll asked the server; each after the first named the usage it held.
    expect(seen.map((request) => request.headers['if-none-match'])).toEqual([undefined, '"1-5"', '"1-5"']);
  });
});

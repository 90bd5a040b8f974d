import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GenerationStreamEvent } from '@seqgen/proto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { generationErrorToast } from '../generation-errors';
import { STREAM_ENDED_EARLY, streamEventOf, streamGenerateEmails } from './generate-emails-stream';

const emails = Array.from({ length: 7 }, (_, i) => ({
  subject: `Subject ${i + 1}`,
  body: `Hi {{first_name|there}},\n\nBody ${i + 1}`,
}));
const input = {
  companyUrl: 'https://acme.test/',
  customization: { persona: 'generic', industry: 'agnostic', targetSpecificCompany: 'no' },
} as const;
const checkContext = { language: 'en', sources: ['Acme'], caseStudyCustomers: [] } as const;

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

let server: Server;
let baseUrl: string;
let handler: Handler;
const seen: { headers: IncomingMessage['headers']; url: string; body: string }[] = [];
let released: () => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ headers: req.headers, url: req.url ?? '', body });
      void handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  released();
  vi.restoreAllMocks();
});

const sse = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** Writes the events of a generation, holding `done` until the test releases it. */
function streaming(events: string[], hold?: Promise<void>): Handler {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.flushHeaders();
    for (const event of events) {
      // Split each event across two writes, mid-line, as a network may deliver it.
      const cut = Math.floor(event.length / 2);
      res.write(event.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.write(event.slice(cut));
    }
    res.write(': keep-alive\n\n');
    await hold;
    res.end(sse('done', { type: 'done', sequence: emails, language: 'en', checkContext }));
  };
}

describe('streamGenerateEmails', () => {
  it('posts the request as JSON asking for a stream, reports each event and resolves with the result', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    released = release;
    handler = streaming(
      [
        sse('progress', { type: 'progress', step: 'writing', message: 'Writing email 1 of 7…' }),
        ...emails.map((email, index) => sse('email', { type: 'email', index, email })),
      ],
      hold,
    );
    const events: GenerationStreamEvent[] = [];
    const done = streamGenerateEmails(input, {
      baseUrl,
      onEvent: (event) => {
        events.push(event);
        // Email 1 is in hand while `done` has not been sent yet.
        if (event.type === 'email' && event.index === 6) release();
      },
    });
    const result = await done;
    expect(result).toEqual({ sequence: emails, language: 'en', checkContext });
    expect(events.map((event) => event.type)).toEqual(['progress', ...emails.map(() => 'email'), 'done']);
    expect(events[1]).toEqual({ type: 'email', index: 0, email: emails[0] });
    const [request] = seen;
    expect(request?.url).toBe('/api/generate-emails/stream');
    expect(request?.headers.accept).toContain('text/event-stream');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      companyUrl: 'https://acme.test/',
      customization: { tone: 50 },
    });
  });

  it('turns an error event into the ApiError a JSON answer would give, so docs/product.md §8 toasts match', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        sse('progress', { type: 'progress', step: 'analysis', message: 'Reading the website…' }) +
          sse('error', {
            type: 'error',
            status: 402,
            error: 'limit_reached',
            message: 'Email generation limit reached',
          }),
      );
    };
    const error = await streamGenerateEmails(input, { baseUrl }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect((error as ApiError).message).toBe('402: Email generation limit reached');
    expect((error as ApiError).code).toBe('limit_reached');
    expect(generationErrorToast(error)).toMatchObject({
      title: 'Sequence Limit Reached',
      redirectToSubscribe: true,
    });
  });

  it('reads a refusal before the stream starts (a JSON error) like any request', async () => {
    handler = (_req, res) => {
      res.writeHead(504, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'upstream_timeout', message: 'The generation service timeout was reached' }));
    };
    const error = (await streamGenerateEmails(input, { baseUrl }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('504: The generation service timeout was reached');
    expect(error.code).toBe('upstream_timeout');
    expect(generationErrorToast(error).title).toBe('Generation Timeout');
  });

  it('refuses an invalid request with the proto message before sending anything', async () => {
    const error = await streamGenerateEmails({ companyUrl: '', customization: input.customization }, { baseUrl }).catch(
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toBe('Please enter a company URL');
    expect(seen).toHaveLength(0);
  });

  it('fails clearly when the stream ends without done', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse('email', { type: 'email', index: 0, email: emails[0] }));
    };
    await expect(streamGenerateEmails(input, { baseUrl })).rejects.toThrow(STREAM_ENDED_EARLY);
  });

  it('stops when aborted (Start Over) and the server sees the reader leave', async () => {
    let closed: () => void = () => {};
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse('progress', { type: 'progress', step: 'writing', message: 'Writing…' }));
      res.on('close', closed);
    };
    const controller = new AbortController();
    const run = streamGenerateEmails(input, {
      baseUrl,
      signal: controller.signal,
      onEvent: () => controller.abort(),
    });
    await expect(run).rejects.toThrow();
    await serverSawClose;
  });

  it('accepts the JSON answer from a server that does not stream', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sequence: emails }));
    };
    await expect(streamGenerateEmails(input, { baseUrl })).resolves.toEqual({ sequence: emails });
  });
});

describe('streamEventOf', () => {
  it('takes the type from the data or from the event line, and skips what is not an event', () => {
    expect(streamEventOf({ event: 'progress', data: '{"step":"brief","message":"Planning"}' })).toEqual({
      type: 'progress',
      step: 'brief',
      message: 'Planning',
    });
    expect(
      streamEventOf({ event: 'message', data: '{"type":"draft","index":1,"subject":"S","body":"B"}' }),
    ).toMatchObject({
      type: 'draft',
    });
    expect(streamEventOf({ event: 'progress', data: 'not json' })).toBeUndefined();
    expect(streamEventOf({ event: 'unknown', data: '{}' })).toBeUndefined();
  });
});

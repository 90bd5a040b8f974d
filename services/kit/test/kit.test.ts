import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleDelivery, MAX_RETRY_DELAY_MS, retryDelay } from '../src/bus/consume-loop.ts';
import { openStore } from '../src/cache.ts';
import { baseConfigShape, ConfigError, parseConfig, port } from '../src/config.ts';
import { badRequest } from '../src/errors.ts';
import { Lifecycle } from '../src/lifecycle.ts';
import { createLogger } from '../src/logger.ts';
import { createService } from '../src/service.ts';
import { resolveSessionSecret } from '../src/session.ts';
import { quietLogger, REAL_INFRA, variantsToRun } from '../src/testing/index.ts';

describe('config', () => {
  const shape = {
    ...baseConfigShape,
    PORT: port(8101),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  };

  it('applies the embedded defaults when nothing is set', () => {
    const config = parseConfig(shape, { SESSION_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({ PORT: 8101, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('names every missing or malformed setting', () => {
    const parse = () =>
      parseConfig(shape, { PORT: 'eighty', DATABASE_URL: 'mysql://x', NATS_URL: 'http://nats', LOG_LEVEL: 'loud' });
    expect(parse).toThrow(ConfigError);
    const message = (() => {
      try {
        parse();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'NATS_URL', 'LOG_LEVEL', 'SESSION_SECRET'])
      expect(message).toContain(name);
    expect(message).toContain('must be a postgres:// or postgresql:// URL');
  });

  it('treats blank settings as unset', () => {
    expect(parseConfig(shape, { SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });
});

describe('logger', () => {
  it('redacts passwords, tokens, cookies and keys wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A service names its own secret settings; the kit redacts its own (SESSION_SECRET, URLs).
    const logger = createLogger({
      service: 'test',
      destination: sink,
      secretSettings: ['OPENAI_API_KEY', 'STRIPE_SECRET_KEY'],
    });
    logger.info({ body: { email: 'a@b.c', password: 'hunter2-secret', token: 'reset-token-secret' } }, 'login');
    logger.info(
      { req: { headers: { cookie: 'seqgen_session=jwt-secret', authorization: 'Bearer api-secret' } } },
      'req',
    );
    logger.info(
      {
        config: {
          OPENAI_API_KEY: 'sk-secret',
          STRIPE_SECRET_KEY: 'sk_live_secret',
          SESSION_SECRET: 'session-secret-value',
          DATABASE_URL: 'postgres://u:db-password@h/db',
          PORT: 8080,
        },
      },
      'config',
    );
    const output = lines.join('');
    for (const secret of [
      'hunter2-secret',
      'reset-token-secret',
      'jwt-secret',
      'api-secret',
      'sk-secret',
      'sk_live_secret',
      'session-secret-value',
      'db-password',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('a@b.c');
    expect(output).toContain('"PORT":8080');
    expect(output).toContain('[redacted]');
  });
});

describe('createService', () => {
  const app = createService({ name: 'probe', logger: quietLogger() });
  app.get('/boom', async () => {
    throw new Error('duplicate key value violates constraint "users_pkey" at /srv/db.ts password=hunter2');
  });
  app.get('/refused', async () => {
    throw badRequest('That will not do.');
  });
  app.post('/echo', { schema: { body: z.object({ n: z.number().int() }) } }, async (request) => request.body);
  app.delete('/things/:id', async () => ({ ok: true }));
  afterAll(() => app.close());

  it('answers 500 without internals and 4xx with their message', async () => {
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    expect(boom.body).not.toMatch(/users_pkey|hunter2|srv/);
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.json()).toEqual({ error: 'bad_request', message: 'That will not do.' });
  });

  it("answers a path that does not decode in the JSON error format, not the router's own", async () => {
    const response = await app.inject({ method: 'DELETE', url: '/things/%ED%A0%80' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'bad_url',
      message: 'The address contains characters that cannot be read. Check the link and try again.',
    });
  });

  it('logs a client that went away mid-answer as information, not as a server error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger({
      service: 'gone',
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    const gone = createService({ name: 'gone', logger });
    let clientClosed!: () => void;
    const closed = new Promise<void>((resolve) => {
      clientClosed = resolve;
    });
    gone.get('/slow', async (request) => {
      request.raw.on('close', clientClosed);
      await closed;
      // What a proxied stream does when its client is cut off: the upstream read is aborted.
      throw Object.assign(new Error('Request aborted'), { code: 'UND_ERR_ABORTED' });
    });
    await gone.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = gone.server.address() as { port: number };
      const controller = new AbortController();
      const request = fetch(`http://127.0.0.1:${port}/slow`, { signal: controller.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      await request;
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.some((line) => line.msg === 'client closed the connection before the answer')).toBe(true);
    } finally {
      await gone.close();
    }
  });

  it('logs successful polls at debug only, failed ones and every other request as ever, each line with its request id (issue 12)', async () => {
    const lines: { level: number; msg: string; reqId?: string; res?: { statusCode: number } }[] = [];
    const logger = createLogger({
      service: 'polled',
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    const polled = createService({ name: 'polled', logger, quietPolls: ['/api/usage'] });
    let failing = false;
    polled.get('/api/usage', async () => {
      if (failing) throw badRequest('No usage for you.');
      return { used: 0, limit: 5 };
    });
    polled.get('/api/other', async (request) => {
      request.log.info({ detail: 1 }, 'handler line');
      return {};
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await polled.inject({ method: 'GET', url: '/api/usage?fresh=1' })).statusCode).toBe(200);
      }
      expect(lines).toEqual([]);
      failing = true;
      const refused = await polled.inject({ method: 'GET', url: '/api/usage', headers: { 'x-request-id': 'poll-1' } });
      expect(refused.statusCode).toBe(400);
      expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
        ['No usage for you.', 'poll-1'],
        ['incoming request', 'poll-1'],
        ['request completed', 'poll-1'],
      ]);
      lines.length = 0;
      await polled.inject({ method: 'GET', url: '/api/other', headers: { 'x-request-id': 'other-1' } });
      expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
        ['incoming request', 'other-1'],
        ['handler line', 'other-1'],
        ['request completed', 'other-1'],
      ]);
      // At debug, a successful poll's lines are there (at debug).
      lines.length = 0;
      failing = false;
      logger.level = 'debug';
      await polled.inject({ method: 'GET', url: '/api/usage', headers: { 'x-request-id': 'poll-2' } });
      expect(lines.map((line) => [line.msg, line.reqId, line.level])).toEqual([
        ['incoming request', 'poll-2', 20],
        ['request completed', 'poll-2', 20],
      ]);
    } finally {
      await polled.close();
    }
  });

  it('names the field in validation errors', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'seven' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_failed', message: expect.stringMatching(/^n: /) });
  });

  it('refuses cross-site writes in every service, from the addressed host or PUBLIC_URL alike', async () => {
    const post = (target: typeof app, headers: Record<string, string>) =>
      target.inject({ method: 'POST', url: '/echo', payload: { n: 1 }, headers: { host: 'svc.local', ...headers } });
    const refused = await post(app, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'cross_site_request',
      message: 'This request came from another site and was refused.',
    });
    expect((await post(app, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(app, { origin: 'http://svc.local' })).statusCode).toBe(200);
    // No browser headers at all (a server, a webhook): nothing ambient to forge, so it passes.
    expect((await post(app, {})).statusCode).toBe(200);

    const behindPublicUrl = createService({ name: 'probe', logger: quietLogger(), publicUrl: 'https://app.example' });
    behindPublicUrl.post('/echo', async () => ({ ok: true }));
    expect((await post(behindPublicUrl, { origin: 'https://app.example' })).statusCode).toBe(200);
    expect((await post(behindPublicUrl, { origin: 'https://evil.example' })).statusCode).toBe(403);
    await behindPublicUrl.close();
  });

  it('reports unready dependencies on /readyz with 503', async () => {
    const unready = createService({
      name: 'probe',
      logger: quietLogger(),
      readiness: async () => {
        throw new Error('database unreachable');
      },
    });
    const response = await unready.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'not_ready', message: 'Not ready: database unreachable' });
    await unready.close();
  });
});

describe('redelivery backoff', () => {
  it('doubles the delay per failed delivery up to a ceiling, and never gives up', () => {
    expect([1, 2, 3, 4].map((count) => retryDelay(1000, count))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(1000, 7)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(1000, 10_000)).toBe(MAX_RETRY_DELAY_MS);
    // A tiny base (tests use 50 ms) still grows; a base above the ceiling is kept as given.
    expect(retryDelay(50, 3)).toBe(200);
    expect(retryDelay(120_000, 1)).toBe(120_000);
  });

  it('naks a failing handler with the backoff of its delivery count, logging an error once it persists', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      service: 'test',
      level: 'warn',
      destination: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    const body = JSON.stringify({
      id: '00000000-0000-4000-8000-000000000001',
      type: 'billing.canceled',
      occurredAt: new Date().toISOString(),
      data: { userId: 'u1' },
    });
    const failing = async () => {
      throw new Error('database is down');
    };
    const input = { body, type: 'billing.canceled' as const, handler: failing, retryDelayMs: 1000, logger };
    expect(await handleDelivery({ ...input, deliveryCount: 1 })).toEqual({ kind: 'nak', delayMs: 1000 });
    expect(await handleDelivery({ ...input, deliveryCount: 3 })).toEqual({ kind: 'nak', delayMs: 4000 });
    expect(await handleDelivery({ ...input, deliveryCount: 5 })).toEqual({ kind: 'nak', delayMs: 16_000 });
    const levels = lines.map((line) => JSON.parse(line).level);
    expect(levels).toEqual([40, 40, 50]);
  });
});

describe('lifecycle', () => {
  it('closes in reverse order and survives a failing step', async () => {
    const order: string[] = [];
    const lifecycle = new Lifecycle(quietLogger());
    lifecycle.add('database', async () => void order.push('database'));
    lifecycle.add('bus', async () => {
      order.push('bus');
      throw new Error('already closed');
    });
    lifecycle.add('http', async () => void order.push('http'));
    await lifecycle.close();
    expect(order).toEqual(['http', 'bus', 'database']);
  });
});

describe('session secret', () => {
  it('generates one secret under DATA_DIR, private to the user, and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-secret-'));
    const first = resolveSessionSecret({ DATA_DIR: dir, NODE_ENV: 'development' });
    const second = resolveSessionSecret({ DATA_DIR: dir, NODE_ENV: 'development' });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it('refuses to invent a secret in production', () => {
    expect(() => resolveSessionSecret({ DATA_DIR: '/nonexistent', NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });
});

describe.each(await variantsToRun())('key-value store on $name infrastructure', (variant) => {
  it.skipIf(variant.skip)('stores with expiry, deletes, counts hits per window, isolates namespaces', async () => {
    const url = variant.name === 'real' ? REAL_INFRA.REDIS_URL : undefined;
    const namespace = `test:kit:${Math.random().toString(36).slice(2)}`;
    const store = await openStore({ url, namespace });
    const neighbour = await openStore({ url, namespace: `${namespace}:other` });
    expect(store.kind).toBe(variant.name === 'real' ? 'redis' : 'memory');

    await store.set('greeting', 'hello', 150);
    expect(await store.get('greeting')).toBe('hello');
    expect(await neighbour.get('greeting')).toBeNull();
    // Expiry is waited for, not slept through: a loaded machine may take longer than the TTL.
    await expect.poll(() => store.get('greeting'), { timeout: 10_000, interval: 50 }).toBeNull();

    await store.set('gone', 'x', 10_000);
    await store.delete('gone');
    expect(await store.get('gone')).toBeNull();

    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await store.hit('login:1.2.3.4', 200)).count);
    expect(counts).toEqual([1, 2, 3]);
    // The window does not slide (each hit in it counts, none extends it): once it has passed,
    // counting starts again at 1.
    await expect
      .poll(async () => (await store.hit('login:1.2.3.4', 200)).count, { timeout: 10_000, interval: 50 })
      .toBe(1);

    await store.close();
    await neighbour.close();
  });
});

/**
 * Issue 10, findings 2 and 6, in the kit:
 *
 * - a failed query's log line carried its SQL parameters (a bcrypt hash among them): errors are
 *   now logged without the values of a query — drizzle's `params`, PostgreSQL's `detail`, the
 *   value a data exception quotes — on PGlite and on PostgreSQL alike;
 * - a PostgreSQL outage answered 500 "Something went wrong": a request that cannot reach its
 *   database now answers 503 with a sentence saying so, within seconds, and the same service
 *   answers again once the database is back, without a restart; the outbox relay says "paused"
 *   once per outage and "resumed" once after it, and delivers what was committed before.
 *
 * Embedded PGlite runs inside the service's own process: there is no connection to lose, so the
 * outage half runs on the real server only, reached through a fault proxy (never touching the
 * machine's PostgreSQL, which other suites use at the same time).
 */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@seqgen/proto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../src/bus/types.ts';
import { type DatabaseHandle, openDatabase } from '../src/db.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../src/errors.ts';
import { createLogger, type Logger, redactUrl, serializeError } from '../src/logger.ts';
import { Outbox } from '../src/outbox.ts';
import { createService, type Service } from '../src/service.ts';
import {
  createTestDatabase,
  ensureRealInfra,
  type FaultProxy,
  openTestInfrastructure,
  REAL_INFRA,
  startFaultProxy,
  type TestInfrastructure,
  variantsToRun,
} from '../src/testing/index.ts';
import { effects, outbox as outboxTable, processedEvents } from './fixtures/schema.ts';

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

/** What issue 10 found in a log line: a bcrypt hash, here one no real password produced. */
const HASH = '$2b$10$Zk9QmS0ecretHashThatMustNeverBeLoggedXyzAbCdEfGhIjKl';

/** A logger whose JSON lines the test reads back. */
function capturingLogger(level = 'info'): { logger: Logger; lines: () => Record<string, any>[]; raw: () => string } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ service: 'probe', level, destination });
  const raw = () => chunks.join('');
  return {
    logger,
    raw,
    lines: () =>
      raw()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

describe('the error serializer', () => {
  it("drops a query's values: drizzle's params, PostgreSQL's detail and where, a data exception's value", () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: `Key (password_hash)=(${HASH}) already exists.`,
      where: `SQL statement with ${HASH}`,
      constraint: 'users_email_key',
      table: 'users',
    });
    const drizzleError = Object.assign(
      new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@b.c,${HASH}`),
      {
        query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
        params: ['a@b.c', HASH],
        cause: pgError,
      },
    );
    const dataError = Object.assign(new Error(`invalid input syntax for type integer: "${HASH}"`), { code: '22P02' });
    for (const error of [drizzleError, pgError, dataError, new Error('outer', { cause: drizzleError })]) {
      const serialized = JSON.stringify(serializeError(error));
      expect(serialized).not.toContain(HASH);
      expect(serialized).not.toContain('a@b.c');
    }
    const serialized = serializeError(drizzleError) as Record<string, any>;
    // What failed and why stays readable: the statement (placeholders only), the code, the constraint.
    expect(serialized.message).toContain('Failed query: insert into "users"');
    expect(serialized.message).toContain('params: [redacted]');
    expect(serialized.message).toContain('duplicate key value violates unique constraint');
    expect(serialized.cause).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    expect((serializeError(dataError) as { message: string }).message).toBe(
      'invalid input syntax for type integer: [redacted]',
    );
  });

  it('leaves out the live objects an error can carry (a pg client with its connection settings)', () => {
    class ConnectionParameters {
      user = 'seqgen';
      password = 'database-password-secret';
    }
    const error = Object.assign(new Error('read ECONNRESET'), {
      code: 'ECONNRESET',
      client: { connectionParameters: new ConnectionParameters() },
      settings: new ConnectionParameters(),
      config: { headers: { authorization: 'Bearer api-key-secret' } },
    });
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).not.toContain('database-password-secret');
    expect(serialized).not.toContain('api-key-secret');
    expect(serializeError(error)).toMatchObject({ message: 'read ECONNRESET', code: 'ECONNRESET' });
  });

  it('leaves other errors as pino would show them', () => {
    const error = Object.assign(new Error('upstream said no'), { statusCode: 502, code: 'bad_gateway' });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'upstream said no',
      statusCode: 502,
      code: 'bad_gateway',
      stack: expect.stringContaining('upstream said no'),
    });
    expect(serializeError('not an error')).toBe('not an error');
  });

  it('takes credentials out of logged URLs (a reset link, an OAuth callback)', () => {
    expect(redactUrl('/reset-password?token=abc123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/auth/google/callback?code=4%2Fsecret&state=s3cret&scope=email')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(redactUrl('/api/usage')).toBe('/api/usage');
    expect(redactUrl('/search?q=token')).toBe('/search?q=token');
  });
});

describe.each(await variantsToRun())('a failed query on $name infrastructure', (variant) => {
  let infra: TestInfrastructure;
  let app: Service;
  const log = capturingLogger();

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'kit_test', migrationsFolder);
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    const { db } = infra.database;
    app = createService({ name: 'probe', logger: log.logger });
    // Each route fails in the database with the secret among its parameters.
    app.post('/nul', async () => db.insert(effects).values({ key: `${HASH}\u0000`, applied: 1 }));
    app.post('/duplicate', async () => {
      await db.insert(effects).values({ key: HASH, applied: 1 }).onConflictDoNothing();
      return db.insert(effects).values({ key: HASH, applied: 1 });
    });
    app.post('/cast', async () => db.execute(sql`select ${HASH}::int`));
    await app.ready();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await infra?.cleanup();
  });

  it.skipIf(variant.skip).each(['/nul', '/duplicate', '/cast'])(
    '%s answers 500 and logs the failure without the parameters',
    async (url) => {
      const before = log.lines().length;
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'internal', message: expect.stringContaining('Something went wrong') });
      const lines = log.lines().slice(before);
      const failure = lines.find((line) => line.msg === 'request failed');
      expect(failure?.err?.message).toMatch(/Failed query/);
      // The reason (and PostgreSQL's code) stays in the line; the values do not.
      expect(JSON.stringify(failure?.err)).toMatch(/"code":"2[23]/);
      expect(log.raw()).not.toContain(HASH);
      expect(log.raw()).not.toContain(HASH.slice(7, 30));
    },
  );
});

const realSkipped = (await variantsToRun()).some((variant) => variant.name === 'real' && variant.skip);

describe.skipIf(realSkipped)('a PostgreSQL outage (real server behind a fault proxy)', () => {
  let proxy: FaultProxy;
  let dropDatabase: () => Promise<void>;
  let database: DatabaseHandle;
  let app: Service;
  let outbox: Outbox;
  const published: Envelope[] = [];
  const log = capturingLogger('debug');
  let closed = false;

  beforeAll(async () => {
    if (!(await ensureRealInfra())) throw new Error('real infrastructure unavailable');
    const created = await createTestDatabase(REAL_INFRA.DATABASE_URL);
    dropDatabase = created.drop;
    const url = new URL(created.url);
    proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
    database = await openDatabase({
      url: proxy.url(created.url),
      dataDir: './data',
      schema: 'kit_test',
      migrationsFolder,
      logger: log.logger,
      // A stalled query gives up sooner than in production, to keep the test short.
      timeouts: { queryMs: 2_500 },
    });
    const { db } = database;
    app = createService({ name: 'probe', logger: log.logger });
    app.get('/count', async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(effects);
      return { n: row?.n };
    });
    app.post('/write', async () => {
      await db.transaction(async (tx) => {
        await tx.insert(effects).values({ key: crypto.randomUUID(), applied: 1 });
      });
      return { ok: true };
    });
    await app.ready();
    const bus = { publish: async (envelope: Envelope) => void published.push(envelope) } as unknown as Bus;
    outbox = new Outbox({
      db,
      tables: { outbox: outboxTable, processedEvents },
      bus,
      logger: log.logger,
      pollIntervalMs: 50,
      maxBackoffMs: 200,
    });
  });

  afterAll(async () => {
    await outbox?.stop();
    await app?.close();
    if (!closed) await database?.close();
    await proxy?.close();
    await dropDatabase?.();
  });

  it('answers 503 with a clear message while the database is unreachable, and recovers by itself', async () => {
    // Connections in the pool first, so the cut also drops live ones.
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/count' })).statusCode).toBe(200);

    proxy.cut();
    const timings: number[] = [];
    for (const request of [
      { method: 'GET' as const, url: '/count' },
      { method: 'POST' as const, url: '/write' },
      { method: 'GET' as const, url: '/count' },
    ]) {
      const started = performance.now();
      const response = await app.inject(request);
      timings.push(performance.now() - started);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({
        error: 'database_unavailable',
        message: 'The probe service cannot reach its database right now. Please try again in a moment.',
      });
      expect(response.headers['retry-after']).toBe('5');
    }
    // Refused connections answer at once; the connect timeout (3 s) bounds the worst case.
    expect(Math.max(...timings)).toBeLessThan(5_000);
    // biome-ignore lint/suspicious/noConsole: the fault's figure, quoted in the issue's closing note.
    console.log(`[fault 06] kit: 503 during a PostgreSQL outage in at most ${Math.round(Math.max(...timings))} ms`);
    expect(log.lines().filter((line) => line.msg === 'request failed')).toEqual([]);

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/count' })).statusCode, { timeout: 20_000 })
      .toBe(200);
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
  });

  it('pauses the outbox relay once per outage, says so once, and delivers what was committed before', async () => {
    await database.db.transaction((tx) =>
      outbox.enqueue(tx, 'waitlist.joined', { entryId: 'before', email: 'b@x.io' }),
    );
    const said = (message: string) => log.lines().filter((line) => line.msg?.startsWith(message)).length;
    const pausedBefore = said('outbox relay paused');

    proxy.cut();
    outbox.start();
    // Several failed attempts (each logged at debug only) before the database comes back.
    await expect.poll(() => said('outbox relay still paused'), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(said('outbox relay paused') - pausedBefore).toBe(1);
    expect(published).toEqual([]);

    await proxy.restore();
    await expect
      .poll(() => published.map((envelope) => envelope.data), { timeout: 20_000 })
      .toEqual([{ entryId: 'before', email: 'b@x.io' }]);
    await expect.poll(() => said('outbox relay resumed'), { timeout: 10_000 }).toBe(1);
    expect(await outbox.pending()).toBe(0);
  });

  it('gives back every connection an outage or a stall broke, so the pool never runs dry', async () => {
    // Several idle connections in the pool, then a stall: each transaction's BEGIN goes out on one
    // of them and is never answered (drizzle does not release a client whose BEGIN fails).
    const writes = () => Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'POST', url: '/write' })));
    expect((await writes()).map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    proxy.stall();
    const stalled = await writes();
    expect(stalled.map((response) => response.statusCode)).toEqual([503, 503, 503, 503]);
    expect(stalled[0]?.json()).toMatchObject({ error: 'database_unavailable' });
    proxy.resume();
    await expect
      .poll(async () => (await writes()).map((response) => response.statusCode), { timeout: 20_000 })
      .toEqual([200, 200, 200, 200]);
    // pool.end() waits for every checked-out connection: a leaked one would hold it forever.
    const ended = await Promise.race([
      database.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 15_000, 'still waiting for a checked-out connection')),
    ]);
    closed = true;
    expect(ended).toBe('closed');
  });
});

describe.skipIf(realSkipped)('a burst on a healthy PostgreSQL database', () => {
  it('waits its turn for a busy pool instead of answering 503: only a failed connect is an outage', async () => {
    const created = await createTestDatabase(REAL_INFRA.DATABASE_URL);
    const database = await openDatabase({
      url: created.url,
      dataDir: './data',
      schema: 'kit_burst',
      migrationsFolder,
      logger: capturingLogger().logger,
      // Connecting may take 300 ms at most; every query below waits far longer for a free one.
      timeouts: { connectMs: 300 },
    });
    try {
      // Three rounds of the pool's 10 connections, each held for 0.5 s: the last queries wait
      // about a second for theirs.
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, () => database.db.execute(sql`select pg_sleep(0.5)`)),
      );
      expect(results.filter((result) => result.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});

describe.skipIf(realSkipped)('services migrating at once on a fresh PostgreSQL database', () => {
  it('do not race each other into the shared migrations schema', async () => {
    // Six services with nothing to migrate but their bookkeeping in the shared "drizzle" schema,
    // all starting at the same moment (the per-service layout on a new database).
    const folder = mkdtempSync(path.join(os.tmpdir(), 'seqgen-migrations-'));
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
    );
    for (let round = 0; round < 3; round += 1) {
      const created = await createTestDatabase(REAL_INFRA.DATABASE_URL);
      const opened = await Promise.allSettled(
        ['auth', 'waitlist', 'generation', 'quota', 'library', 'billing'].map((schema) =>
          openDatabase({
            url: created.url,
            dataDir: './data',
            schema,
            migrationsFolder: folder,
            logger: capturingLogger().logger,
          }),
        ),
      );
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await created.drop();
      expect(
        opened
          .filter((result) => result.status === 'rejected')
          .map((result) => String((result as PromiseRejectedResult).reason)),
      ).toEqual([]);
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a database outage apart from other failures', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const inQuery = (cause: unknown) =>
      Object.assign(new Error('Failed query'), { query: 'select 1', params: [], cause });
    expect(isDatabaseUnavailable(new DatabaseUnavailableError(refused))).toBe(true);
    expect(isDatabaseUnavailable(inQuery(new DatabaseUnavailableError(refused)))).toBe(true);
    expect(isDatabaseUnavailable(inQuery(refused))).toBe(true);
    expect(isDatabaseUnavailable(inQuery(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['08006', '08001', '57P01', '57P03', '53300'])
      expect(isDatabaseUnavailable(Object.assign(new Error('pg'), { code })), code).toBe(true);
    // A refused connection elsewhere (a company's site, an LLM) is not the database's.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
    expect(isDatabaseUnavailable(inQuery(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated'))).toBe(false);
  });
});

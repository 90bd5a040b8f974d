import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseUnavailableError } from './errors.ts';
import type { Logger } from './logger.ts';

/** Both drivers expose the same query builder; services never see which one runs. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Database;
  /** Resolves when a trivial query succeeds (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; absent → PGlite under dataDir. */
  url?: string | undefined;
  /** PGlite's home: a folder, or "memory://" (tests) for a throwaway database. */
  dataDir: string;
  /** The service's own schema; also names its migrations table. */
  schema: string;
  /** drizzle-kit output folder of the service (numbered SQL migrations + journal). */
  migrationsFolder: string;
  logger: Logger;
  /** PostgreSQL only: DATABASE_TIMEOUTS unless a test needs them shorter. */
  timeouts?: Partial<typeof DATABASE_TIMEOUTS>;
}

/**
 * Opens the service's database and applies its pending migrations before anything else runs.
 * Migration bookkeeping lives in the "drizzle" schema, one table per service, so services never
 * share a migrations table.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? await openPostgres(options.url, options.logger, { ...DATABASE_TIMEOUTS, ...options.timeouts })
    : await openPglite(options.dataDir);
  const migrationConfig = {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: 'drizzle',
    migrationsTable: `__migrations_${options.schema}`,
  };
  const started = performance.now();
  if (handle.kind === 'postgres') {
    // Replicas starting together must not run the same migration twice: a session-level
    // advisory lock, held on its own connection, serialises them. One lock for every service, not
    // one per schema: their migrations share the "drizzle" schema, and two concurrent
    // `create schema if not exists` race into a unique violation (seen starting every service at
    // once on a fresh database).
    await withAdvisoryLock(options.url as string, 'seqgen:migrate', () =>
      migratePg(handle.db as never, migrationConfig),
    );
  } else {
    await migratePglite(handle.db as never, migrationConfig);
  }
  options.logger.info(
    { schema: options.schema, database: handle.kind, ms: Math.round(performance.now() - started) },
    'database ready',
  );
  return handle;
}

/**
 * How long opening a connection may take, and a statement may run, before the database counts
 * as unavailable (issue 10, finding 6): during an outage the caller hears 503 in seconds rather
 * than hanging. The server cancels a statement first; the client stops waiting a little later in
 * case the server itself is stalled. Waiting for a free connection while all are busy is a
 * different thing — a burst, not an outage — and gets longer (queueMs, the gateway's upstream
 * timeout): pg-pool uses one setting for both, so the connect limit is set on each client.
 */
export const DATABASE_TIMEOUTS = { connectMs: 3_000, queueMs: 15_000, statementMs: 10_000, queryMs: 12_000 };

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The pg Pool the kit uses, made to survive a database outage (issue 10, finding 6):
 *
 * - a failure to hand out a connection is a DatabaseUnavailableError, so a refused or timed-out
 *   connect (pool.query connects through here too) is told apart from any other refused
 *   connection when the error is answered (errors.ts, isDatabaseUnavailable);
 * - every client keeps an error listener for its whole life: pg emits 'error' on a checked-out
 *   client whose connection breaks between two queries, and an unheard 'error' ends the process;
 * - a checked-out client whose connection ends is given back to the pool (which discards it), and
 *   a second release is ignored. drizzle-orm 0.45's transaction() never releases a client whose
 *   BEGIN fails, which is what happens to a connection that dies while it is handed out: without
 *   this, each outage leaked connections until the pool had none left and the service answered
 *   503 forever after the database came back.
 */
class Pool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => client.on('error', () => {}));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (!callback) {
      return new Promise((resolve, reject) =>
        this.connect((err, client) => {
          if (err || !client) return reject(err);
          releaseIfFirstQueryFails(client);
          resolve(client);
        }),
      );
    }
    super.connect((err, client, done) => {
      if (err || !client) return callback(new DatabaseUnavailableError(err), undefined, done);
      releaseWhenBroken(client);
      callback(undefined, client, (release) => client.release(release as Error | boolean | undefined));
    });
    return undefined;
  }
}

/**
 * For callers of `connect()` (drizzle's transactions): their first query is BEGIN, and drizzle
 * releases nothing when it fails (refused, reset, or stalled past query_timeout), so the client is
 * given back here, as broken, for the pool to discard. Only a failed BEGIN: a caller that goes on
 * after any other failed query still owns its client.
 */
const BEGIN = /^\s*begin\b/i;

function releaseIfFirstQueryFails(client: pg.PoolClient): void {
  const first = client.query as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    Reflect.deleteProperty(client, 'query');
    const result = first.apply(client, args);
    const [query] = args;
    const text = typeof query === 'string' ? query : (query as { text?: unknown } | undefined)?.text;
    if (result instanceof Promise && typeof text === 'string' && BEGIN.test(text)) {
      result.catch((error: Error) => client.release(error));
    }
    return result;
  }) as typeof client.query;
}

function releaseWhenBroken(client: pg.PoolClient): void {
  const release = client.release;
  let released = false;
  const onEnd = () => settle(new Error('connection ended while checked out'));
  const settle = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(err);
  };
  client.release = settle;
  client.once('end', onEnd);
}

async function openPostgres(url: string, logger: Logger, timeouts: typeof DATABASE_TIMEOUTS): Promise<DatabaseHandle> {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.queueMs,
    Client: class extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: timeouts.connectMs });
      }
    },
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    // A connection the network dropped silently is noticed instead of waited on.
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it. Said
  // once per outage: the next successful connect re-arms it.
  let warned = false;
  pool.on('error', (error) => {
    if (warned) return;
    warned = true;
    logger.warn({ err: error }, 'database connection lost; requests answer 503 until it is back');
  });
  pool.on('connect', () => {
    warned = false;
  });
  const db = drizzlePg(pool) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function withAdvisoryLock<T>(url: string, key: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
    await client.end();
  }
}

/**
 * PostgreSQL's default buffers (128 MB shared, 4 MB WAL, 8 MB temp) are sized for a server; in
 * PGlite they are WASM memory that is touched at start and never given back, ~150 MB of `npm
 * start`'s resident set (issue 12, footprint). The embedded data is a developer's or a test's:
 * a few MB of pages fit easily in 8 MB, and the figures are in bench-report.md.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=1MB'];

/**
 * In one `npm start` process every service shares one PGlite per data folder (each in its own
 * schema): PGlite is single-connection, and one WASM instance per service would cost seconds of
 * start-up and tens of MB each.
 */
const sharedPglite = new Map<string, { instance: Promise<PGlite>; users: number }>();

/**
 * The types drizzle wants PGlite to hand back as text (drizzle-orm/pglite/session.js parses dates
 * itself): set once on the instance instead of per query.
 */
const AS_TEXT = (value: string) => value;
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const DRIZZLE_PARSERS = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, AS_TEXT]));

type PgliteQueryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/**
 * What drizzle is given instead of the PGlite instance: drizzle passes its nine text parsers with
 * every query, and PGlite merges them into its whole parser table (one entry per type and array
 * type) on every call, ~0.13 ms a statement, about a fifth of a short statement's cost and
 * ~4 ms of CPU per generation (issue 12, pipeline overhead; figures in bench-report.md). The
 * instance already parses those types as text (DRIZZLE_PARSERS), so the per-query copy is dropped
 * and the rows are the same.
 */
function withoutPerQueryParsers(client: PgliteQueryable): PgliteQueryable {
  return {
    query: (text, params, options) => {
      if (!options?.parsers) return client.query(text, params, options);
      const { parsers: _perQuery, ...rest } = options;
      return client.query(text, params, rest);
    },
    ...(client.transaction
      ? {
          transaction: (run) =>
            (client.transaction as PGlite['transaction'])((tx) => run(withoutPerQueryParsers(tx) as typeof tx)),
        }
      : {}),
  } as PgliteQueryable;
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const key = dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir, 'pglite');
  let entry = sharedPglite.get(key);
  if (!entry) {
    if (!key.startsWith('memory://')) mkdirSync(key, { recursive: true });
    entry = {
      instance: PGlite.create(key.startsWith('memory://') ? 'memory://' : key, {
        startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
      }).then((instance) => {
        // After create: its array types are set up then, and would replace the array entries.
        Object.assign(instance.parsers, DRIZZLE_PARSERS);
        return instance;
      }),
      users: 0,
    };
    sharedPglite.set(key, entry);
  }
  entry.users += 1;
  const client = await entry.instance;
  const db = drizzlePglite({ client: withoutPerQueryParsers(client) as PGlite }) as unknown as Database;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const current = sharedPglite.get(key);
      if (!current) return;
      current.users -= 1;
      if (current.users === 0) {
        sharedPglite.delete(key);
        await client.close();
      }
    },
  };
}

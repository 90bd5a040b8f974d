import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
  /**
   * PostgreSQL only: the most connections this process opens (DATABASE_POOL_MAX, default 10).
   * The chart sizes it so that every replica's pool fits the server's max_connections together
   * (issue 25, item 5).
   */
  poolMax?: number | undefined;
}

/**
 * Opens the service's database and applies its pending migrations before anything else runs.
 * Migration bookkeeping lives in the "drizzle" schema, one table per service, so services never
 * share a migrations table.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  // The PostgreSQL driver is loaded only when it is used: the embedded default never pays for it
  // (issue 25, `npm start` ready and idle footprint).
  const postgres = options.url ? await import('./db-postgres.ts') : undefined;
  const handle =
    postgres && options.url
      ? await postgres.openPostgres(
          options.url,
          options.logger,
          { ...DATABASE_TIMEOUTS, ...options.timeouts },
          options.poolMax,
        )
      : await openPglite(options.dataDir);
  const migrationConfig = {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: 'drizzle',
    migrationsTable: `__migrations_${options.schema}`,
  };
  const started = performance.now();
  if (postgres && options.url) {
    // Replicas starting together must not run the same migration twice: a session-level
    // advisory lock, held on its own connection, serialises them. One lock for every service, not
    // one per schema: their migrations share the "drizzle" schema, and two concurrent
    // `create schema if not exists` race into a unique violation (seen starting every service at
    // once on a fresh database).
    await postgres.withAdvisoryLock(options.url, 'seqgen:migrate', () =>
      postgres.migratePg(handle.db as never, migrationConfig),
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

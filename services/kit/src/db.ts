import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
}

/**
 * Opens the service's database and applies its pending migrations before anything else runs.
 * Migration bookkeeping lives in the "drizzle" schema, one table per service, so services never
 * share a migrations table.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
  const migrationConfig = {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: 'drizzle',
    migrationsTable: `__migrations_${options.schema}`,
  };
  const started = performance.now();
  if (handle.kind === 'postgres') {
    // Replicas starting together must not run the same migration twice: a session-level
    // advisory lock, held on its own connection, serialises them.
    await withAdvisoryLock(options.url as string, `migrate:${options.schema}`, () =>
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

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
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
 * In one `npm start` process every service shares one PGlite per data folder (each in its own
 * schema): PGlite is single-connection, and one WASM instance per service would cost seconds of
 * start-up and tens of MB each.
 */
const sharedPglite = new Map<string, { instance: Promise<PGlite>; users: number }>();

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const key = dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir, 'pglite');
  let entry = sharedPglite.get(key);
  if (!entry) {
    if (!key.startsWith('memory://')) mkdirSync(key, { recursive: true });
    entry = { instance: PGlite.create(key.startsWith('memory://') ? 'memory://' : key), users: 0 };
    sharedPglite.set(key, entry);
  }
  entry.users += 1;
  const client = await entry.instance;
  const db = drizzlePglite(client) as unknown as Database;
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

/**
 * The PostgreSQL side of db.ts, imported only when DATABASE_URL is set, so the embedded default
 * never loads pg and drizzle's node-postgres driver (issue 25, `npm start` ready and idle footprint).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DATABASE_TIMEOUTS, Database, DatabaseHandle } from './db.ts';
import { DatabaseUnavailableError } from './errors.ts';
import type { Logger } from './logger.ts';

export { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';

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

export async function openPostgres(
  url: string,
  logger: Logger,
  timeouts: typeof DATABASE_TIMEOUTS,
  poolMax = 10,
): Promise<DatabaseHandle> {
  const pool = new Pool({
    connectionString: url,
    max: poolMax,
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

export async function withAdvisoryLock<T>(url: string, key: string, work: () => Promise<T>): Promise<T> {
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

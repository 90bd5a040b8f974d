import type pg from 'pg';
import type { Logger } from './logger.ts';

export interface LeaderJobOptions {
  /** Names the job in logs and, with the service, its lock (e.g. "quota:purge"). */
  name: string;
  /** How often the job runs, and how often a replica that is not the leader tries to become it. */
  intervalMs: number;
  /** The work; a failure is logged and the job runs again at the next tick. */
  run: () => Promise<void>;
  /** postgres:// URL of the service's database; absent (PGlite, one process) → no election. */
  databaseUrl?: string | undefined;
  logger: Logger;
}

export interface LeaderJob {
  /** True while this replica holds the job's lock (always true without a database URL). */
  isLeader(): boolean;
  /** Stops the timer and gives up the lock; for the service's lifecycle. */
  stop(): Promise<void>;
}

/**
 * Runs scheduled work (quota's purge, billing's clock) in ONE replica of a service (issue 11,
 * item 5): without this every replica ran its own setInterval, N times the work and N writers
 * racing over the same rows.
 *
 * Leader election by a PostgreSQL session-level advisory lock, chosen over Kubernetes CronJobs
 * because it needs nothing but the database every service already has, and works the same under
 * `npm start`, docker compose and Kubernetes. At each tick a replica that is not the leader tries
 * `pg_try_advisory_lock` on a connection of its own (not the pool: a session lock belongs to one
 * connection); the one that gets it runs the job at every tick until it stops. The lock goes with
 * the connection, so when the leader ends, crashes or loses the database, the server releases it
 * and another replica takes over at its next tick. TCP keepalive makes a leader whose connection
 * died without a FIN (node lost) release the lock within minutes rather than hours.
 *
 * Without a database URL the service runs on PGlite, which lives in a single process: there is
 * no one to compete with, and the job simply runs.
 */
export function runAsLeader(options: LeaderJobOptions): LeaderJob {
  const { name, intervalMs, run, databaseUrl, logger } = options;
  let leader = !databaseUrl;
  let client: pg.Client | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const dropClient = () => {
    const old = client;
    client = null;
    if (leader && databaseUrl) logger.warn({ job: name }, 'lost the job lock; another replica may take over');
    if (databaseUrl) leader = false;
    old?.end().catch(() => {});
  };

  const campaign = async () => {
    if (!databaseUrl) return;
    if (!client) {
      // Loaded here: a service on PGlite never needs the PostgreSQL driver (issue 25, `npm start` footprint).
      const { default: postgres } = await import('pg');
      const candidate = new postgres.Client({
        connectionString: databaseUrl,
        keepAlive: true,
        connectionTimeoutMillis: 3_000,
      });
      // An unheard 'error' (the connection broke between two queries) would end the process.
      candidate.on('error', () => {
        if (client === candidate) dropClient();
      });
      candidate.on('end', () => {
        if (client === candidate) dropClient();
      });
      client = candidate;
      await candidate.connect();
    }
    if (leader) {
      // Still ours only while the session is alive.
      await client.query('select 1');
      return;
    }
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
      `seqgen:job:${name}`,
    ]);
    if (result.rows[0]?.locked && !stopped) {
      leader = true;
      logger.info({ job: name }, 'this replica runs the job');
    }
  };

  const tick = async () => {
    try {
      await campaign();
    } catch (error) {
      logger.warn({ err: error, job: name }, 'job lock unavailable');
      dropClient();
      return;
    }
    if (!leader || stopped) return;
    try {
      await run();
    } catch (error) {
      logger.warn({ err: error, job: name }, 'scheduled job failed');
    }
  };

  const timer = setInterval(() => {
    // One tick at a time: a slow job or database must not stack up runs.
    if (running) return;
    running = tick().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();

  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      const last = client;
      client = null;
      if (databaseUrl) leader = false;
      // Ending the session releases the lock at once, so a successor need not wait for a timeout.
      await last?.end().catch(() => {});
    },
  };
}

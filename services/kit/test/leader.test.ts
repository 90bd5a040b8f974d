import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeaderJob, runAsLeader } from '../src/leader.ts';
import { createTestDatabase, quietLogger, startFaultProxy, variantsToRun } from '../src/testing/index.ts';

/**
 * Scheduled work runs in one replica only (issue 11, item 5). Two contenders stand for two
 * replicas of one service: on PostgreSQL one holds the advisory lock and runs the job, the other
 * does nothing until the first stops and then takes over. On PGlite (one process, no one to
 * compete with) the job simply runs.
 */
const INTERVAL_MS = 50;
const WAIT = { timeout: 15_000, interval: 50 };

describe.each(await variantsToRun())('leader-elected jobs on $name infrastructure', (variant) => {
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const jobs: LeaderJob[] = [];
  const logger = quietLogger();

  beforeAll(async () => {
    if (variant.skip || variant.name === 'embedded') return;
    const database = await createTestDatabase();
    databaseUrl = database.url;
    drop = database.drop;
  });
  afterAll(async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    await drop?.();
  });

  const contender = (name: string, url = databaseUrl) => {
    const state = { runs: 0, job: undefined as unknown as LeaderJob };
    state.job = runAsLeader({
      name,
      intervalMs: INTERVAL_MS,
      databaseUrl: url,
      logger,
      run: async () => {
        state.runs += 1;
      },
    });
    jobs.push(state.job);
    return state;
  };

  it.skipIf(variant.skip)('runs the job in one replica; another takes over when it stops', async () => {
    const name = `job-${Math.random().toString(36).slice(2)}`;
    if (!databaseUrl) {
      // PGlite: one process, no one to compete with: the job simply runs.
      const only = contender(name);
      await expect.poll(() => only.runs, WAIT).toBeGreaterThanOrEqual(3);
      expect(only.job.isLeader()).toBe(true);
      return;
    }
    const a = contender(name);
    const b = contender(name);
    await expect.poll(() => a.runs + b.runs, WAIT).toBeGreaterThanOrEqual(5);
    const [first, second] = a.runs > 0 ? [a, b] : [b, a];
    // Only one of them ever ran it.
    expect(first.runs).toBeGreaterThanOrEqual(5);
    expect(second.runs).toBe(0);
    expect(first.job.isLeader()).toBe(true);
    expect(second.job.isLeader()).toBe(false);

    // A different job is a different lock: it does not wait for this one's leader.
    const other = contender(`${name}-other`);
    await expect.poll(() => other.runs, WAIT).toBeGreaterThanOrEqual(1);

    // The leader stops (a rollout, a scale-down): the other replica takes the job over.
    await first.job.stop();
    const stoppedAt = first.runs;
    await expect.poll(() => second.runs, WAIT).toBeGreaterThanOrEqual(3);
    expect(second.job.isLeader()).toBe(true);
    expect(first.runs).toBe(stoppedAt);

    // The leader loses the database (its connection reset): the server ends its session, which
    // releases the lock, and the other replica takes over; the old leader does not run it again
    // once the database is back, since the lock is now held.
    const proxy = await startFaultProxy({
      host: new URL(databaseUrl).hostname,
      port: Number(new URL(databaseUrl).port || 5432),
    });
    try {
      const cutName = `${name}-cut`;
      const cutOff = contender(cutName, proxy.url(databaseUrl));
      await expect.poll(() => cutOff.runs, WAIT).toBeGreaterThanOrEqual(2);
      const successor = contender(cutName);
      proxy.cut();
      await expect.poll(() => successor.runs, WAIT).toBeGreaterThanOrEqual(3);
      expect(cutOff.job.isLeader()).toBe(false);
      await proxy.restore();
      const runsAfterCut = cutOff.runs;
      const successorRuns = successor.runs;
      await expect.poll(() => successor.runs, WAIT).toBeGreaterThanOrEqual(successorRuns + 5);
      expect(cutOff.runs).toBe(runsAfterCut);
      expect(successor.job.isLeader()).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});

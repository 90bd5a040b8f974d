import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { metricsText } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrapedMetrics } from '../../kit/src/testing/prometheus.ts';
import { createApp } from '../src/app.ts';
import { type QuotaDeps, reserveSequence } from '../src/domain/quota.ts';
import { UsageCache } from '../src/domain/usage-cache.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const TTL_MS = 300_000;

// Issue 11, item 2: quota_reservations_pending counts the slots held right now.
describe.each(await variantsToRun())('quota metrics on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let clock = Date.now();
  let deps: QuotaDeps;
  const pending = async () => new ScrapedMetrics(await metricsText('quota')).value('quota_reservations_pending');

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'quota', migrationsFolder, { requests: requestCatalogue });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    deps = {
      db: infra.database.db,
      logger: quietLogger(),
      reservationTtlMs: TTL_MS,
      now: () => new Date(clock),
      usageCache: new UsageCache(infra.store, quietLogger()),
    };
    // Building the app registers the gauge; no request is made, so no session verifier is needed.
    createApp({ ...deps, sessions: undefined as never, readiness: infra.readiness });
  });
  afterAll(async () => {
    if (!variant.skip) await infra?.cleanup();
  });

  it.skipIf(variant.skip)('counts pending reservations until they expire', async () => {
    expect(await pending()).toBe(0);
    const userId = `metrics-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 2; i++) {
      const deadline = new Date(clock + 10_000).toISOString();
      const reply = await reserveSequence(deps, { userId, requestId: crypto.randomUUID(), deadline });
      expect(reply.ok).toBe(true);
    }
    expect(await pending()).toBe(2);
    clock += TTL_MS + 1_000;
    expect(await pending()).toBe(0);
  });
});

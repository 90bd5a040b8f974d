import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { createEnvelope } from '@seqgen/proto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { NatsBus } from '../src/bus/nats.ts';
import { openDatabase } from '../src/db.ts';
import { openInfrastructure } from '../src/infrastructure.ts';
import { createTestDatabase, ensureRealInfra, quietLogger, REAL_INFRA } from '../src/testing/index.ts';

const migrationsFolder = new URL('./fixtures/migrations', import.meta.url).pathname;

describe('openInfrastructure on the real servers', async () => {
  const available = await ensureRealInfra();

  it.skipIf(!available)('keeps a deployment to its own stream, subjects and Redis key prefix', async () => {
    const runId = randomBytes(4).toString('hex');
    const database = await createTestDatabase();
    const infra = await openInfrastructure({
      service: 'kitcheck',
      logger: quietLogger(),
      migrationsFolder,
      config: {
        DATABASE_URL: database.url,
        DATA_DIR: './data',
        NATS_URL: REAL_INFRA.NATS_URL,
        REDIS_URL: REAL_INFRA.REDIS_URL,
        NATS_STREAM: `KITCHECK_${runId}`,
        NATS_SUBJECT_PREFIX: `kitcheck-${runId}`,
        REDIS_KEY_PREFIX: `kitcheck:${runId}`,
      },
    });
    const redis = new Redis(REAL_INFRA.REDIS_URL);
    try {
      expect(infra.bus).toBeInstanceOf(NatsBus);
      const jsm = await jetstreamManager((infra.bus as NatsBus).connection);
      const stream = await jsm.streams.info(`KITCHECK_${runId}`);
      expect(stream.config.subjects).toEqual([`kitcheck-${runId}.>`]);
      await infra.bus.publish(createEnvelope('billing.canceled', { userId: 'u1' }));
      expect((await jsm.streams.info(`KITCHECK_${runId}`)).state.messages).toBe(1);

      await infra.store.set('probe', 'here', 60_000);
      expect(await redis.get(`kitcheck:${runId}:kitcheck:probe`)).toBe('here');
    } finally {
      if (infra.bus instanceof NatsBus) {
        await (await jetstreamManager(infra.bus.connection)).streams.delete(`KITCHECK_${runId}`).catch(() => {});
      }
      await redis.quit();
      await infra.lifecycle.close();
      await database.drop();
    }
  });
});

describe('the embedded database', () => {
  it("runs PGlite with small buffers, not PostgreSQL's server-sized defaults (issue 12, footprint)", async () => {
    const database = await openDatabase({
      dataDir: 'memory://kit-buffers',
      schema: 'kitcheck',
      migrationsFolder,
      logger: quietLogger(),
    });
    try {
      const setting = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
          .rows[0]?.[name];
      expect(await setting('shared_buffers')).toBe('8MB');
      expect(await setting('wal_buffers')).toBe('1MB');
      expect(await setting('temp_buffers')).toBe('1MB');
    } finally {
      await database.close();
    }
  });
});

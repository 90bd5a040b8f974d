import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { jetstreamManager } from '@nats-io/jetstream';
import { createEnvelope } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { date, integer, numeric, pgSchema, timestamp } from 'drizzle-orm/pg-core';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
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

  it('hands drizzle rows without a per-query parser table (issue 12, pipeline overhead), dates and numbers as before', async () => {
    const database = await openDatabase({
      dataDir: 'memory://kit-parsers',
      schema: 'kitcheck',
      migrationsFolder,
      logger: quietLogger(),
    });
    const samples = pgSchema('kitcheck').table('parser_samples', {
      id: integer('id').primaryKey(),
      at: timestamp('at', { withTimezone: true }).notNull(),
      local: timestamp('local').notNull(),
      day: date('day').notNull(),
      amount: numeric('amount').notNull(),
    });
    // What PGlite is asked: drizzle's own parsers (one table per query) must not reach it.
    const query = vi.spyOn(PGlite.prototype, 'query');
    try {
      await database.db.execute(sql.raw('create schema if not exists kitcheck'));
      await database.db.execute(
        sql.raw(
          'create table kitcheck.parser_samples (id int primary key, at timestamptz not null, local timestamp not null, day date not null, amount numeric not null)',
        ),
      );
      const at = new Date('2026-11-23T04:05:06.789Z');
      const local = new Date('2026-01-02T03:04:05.000Z');
      await database.db.insert(samples).values({ id: 1, at, local, day: '2026-02-28', amount: '12.50' });
      const read = await database.db.transaction((tx) => tx.select().from(samples).where(eq(samples.id, 1)));
      expect(read).toEqual([{ id: 1, at, local, day: '2026-02-28', amount: '12.50' }]);
      const [raw] = (
        (await database.db.execute(
          sql.raw('select at::text as at, array[day] as days from kitcheck.parser_samples'),
        )) as unknown as {
          rows: { at: string; days: unknown }[];
        }
      ).rows;
      expect(raw?.at).toBe('2026-11-23 04:05:06.789+00');
      // date[] stays PostgreSQL's text, as drizzle's parsers asked: drizzle parses arrays itself.
      expect(raw?.days).toBe('{2026-02-28}');
      expect(query.mock.calls.length).toBeGreaterThan(0);
      for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
    } finally {
      query.mockRestore();
      await database.close();
    }
  });
});

import { fileURLToPath } from 'node:url';
import type { Envelope } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../src/bus/types.ts';
import type { Executor } from '../src/db.ts';
import { consumeIdempotently, Outbox } from '../src/outbox.ts';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '../src/testing/index.ts';
import { effects, outbox as outboxTable, processedEvents } from './fixtures/schema.ts';

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const tables = { outbox: outboxTable, processedEvents };
const fast = { retryDelayMs: 50, ackWaitMs: 2_000 };

async function applyEffect(tx: Executor, envelope: Envelope<'waitlist.joined'>) {
  await tx
    .insert(effects)
    .values({ key: envelope.data.entryId, applied: 1 })
    .onConflictDoUpdate({ target: effects.key, set: { applied: sql`${effects.applied} + 1` } });
}

describe.each(await variantsToRun())('outbox and idempotent consumers on $name infrastructure', (variant) => {
  let infra: TestInfrastructure;
  let outbox: Outbox;
  let run = 0;
  const logger = quietLogger();

  const appliedCount = async (key: string) => {
    const [row] = await infra.database.db.select().from(effects).where(eq(effects.key, key));
    return row?.applied ?? 0;
  };
  const enqueue = async (key: string) => {
    await infra.database.db.transaction((tx) =>
      outbox.enqueue(tx, 'waitlist.joined', { entryId: key, email: `${key}@x.io` }),
    );
    outbox.poke();
  };
  const durable = () => `kit-test-${++run}`;

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'kit_test', migrationsFolder, { logger: logger });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    outbox = new Outbox({ db: infra.database.db, tables, bus: infra.bus, logger, pollIntervalMs: 100 });
    outbox.start();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await outbox?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('publishes an event only if its transaction commits', async () => {
      const consumer = await consumeIdempotently({
        bus: infra.bus,
        db: infra.database.db,
        tables,
        durable: durable(),
        type: 'waitlist.joined',
        handle: applyEffect,
        ...fast,
      });
      await infra.database.db
        .transaction(async (tx) => {
          await outbox.enqueue(tx, 'waitlist.joined', { entryId: 'rolled-back', email: 'r@x.io' });
          throw new Error('abort');
        })
        .catch(() => {});
      await enqueue('committed');
      await expect.poll(() => appliedCount('committed'), { timeout: 10_000 }).toBe(1);
      await outbox.flush();
      expect(await appliedCount('rolled-back')).toBe(0);
      expect(await outbox.pending()).toBe(0);
      await consumer.stop();
    });

    it('redelivers to a consumer that throws once, and applies the event once', async () => {
      let attempts = 0;
      const consumer = await consumeIdempotently({
        bus: infra.bus,
        db: infra.database.db,
        tables,
        durable: durable(),
        type: 'waitlist.joined',
        handle: async (tx, envelope) => {
          if (envelope.data.entryId !== 'throws-once') return;
          attempts += 1;
          await applyEffect(tx, envelope);
          // Thrown inside the transaction: the effect above is rolled back with it.
          if (attempts === 1) throw new Error('transient failure');
        },
        ...fast,
      });
      await enqueue('throws-once');
      await expect.poll(() => attempts, { timeout: 10_000 }).toBe(2);
      await expect.poll(() => appliedCount('throws-once')).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(attempts).toBe(2);
      await consumer.stop();
    });

    it('runs afterCommit after the commit, and has the event delivered again when it throws', async () => {
      const seen: { applied: number; attempt: number }[] = [];
      const consumer = await consumeIdempotently({
        bus: infra.bus,
        db: infra.database.db,
        tables,
        durable: durable(),
        type: 'waitlist.joined',
        handle: applyEffect,
        afterCommit: async (envelope) => {
          if (envelope.data.entryId !== 'after-commit') return;
          // The effect is visible outside its transaction: it has committed.
          seen.push({ applied: await appliedCount('after-commit'), attempt: seen.length + 1 });
          if (seen.length === 1) throw new Error('cache unreachable');
        },
        ...fast,
      });
      await enqueue('after-commit');
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
      // Delivered again, the effect is not applied twice; afterCommit runs again and succeeds.
      expect(seen).toEqual([
        { applied: 1, attempt: 1 },
        { applied: 1, attempt: 2 },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toHaveLength(2);
      await consumer.stop();
    });

    it('applies once when the effect committed but the ack was lost (redelivery of a processed event)', async () => {
      let deliveries = 0;
      // A bus whose handler fails after the idempotent handler committed, as if the ack never
      // reached the server: the event comes again, and processed_events must absorb it.
      const lossyAcks: Bus = {
        ...infra.bus,
        consume: (options) =>
          infra.bus.consume({
            ...options,
            handler: async (envelope, delivery) => {
              await options.handler(envelope, delivery);
              if (envelope.data && (envelope.data as { entryId?: string }).entryId === 'lost-ack') {
                deliveries += 1;
                if (deliveries === 1) throw new Error('ack lost');
              }
            },
          }),
      } as Bus;
      const consumer = await consumeIdempotently({
        bus: lossyAcks,
        db: infra.database.db,
        tables,
        durable: durable(),
        type: 'waitlist.joined',
        handle: applyEffect,
        ...fast,
      });
      await enqueue('lost-ack');
      await expect.poll(() => deliveries, { timeout: 10_000 }).toBe(2);
      expect(await appliedCount('lost-ack')).toBe(1);
      await consumer.stop();
    });

    it('keeps events while the bus is away and relays them when it returns', async () => {
      let failing = true;
      const flaky: Bus = {
        ...infra.bus,
        publish: async (envelope) => {
          if (failing) throw new Error('bus down');
          return infra.bus.publish(envelope);
        },
      } as Bus;
      const relay = new Outbox({ db: infra.database.db, tables, bus: flaky, logger, pollIntervalMs: 50 });
      // Stop the main relay so only the flaky one sees new rows.
      await outbox.stop();
      relay.start();
      const consumer = await consumeIdempotently({
        bus: infra.bus,
        db: infra.database.db,
        tables,
        durable: durable(),
        type: 'waitlist.joined',
        handle: applyEffect,
        ...fast,
      });
      await infra.database.db.transaction((tx) =>
        relay.enqueue(tx, 'waitlist.joined', { entryId: 'outage', email: 'o@x.io' }),
      );
      relay.poke();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await relay.pending()).toBe(1);
      expect(await appliedCount('outage')).toBe(0);
      failing = false;
      await expect.poll(() => appliedCount('outage'), { timeout: 10_000 }).toBe(1);
      expect(await relay.pending()).toBe(0);
      await relay.stop();
      await consumer.stop();
      outbox.start();
    });

    it('relays a commit in one transaction, and a backlog in full batches (issue 12, pipeline overhead)', async () => {
      const { db } = infra.database;
      let transactions = 0;
      // The relay's database, counting the transactions it opens.
      const counted = new Proxy(db, {
        get: (target, key, receiver) =>
          key === 'transaction'
            ? (...args: Parameters<typeof db.transaction>) => {
                transactions += 1;
                return target.transaction(...args);
              }
            : Reflect.get(target, key, receiver),
      });
      const relay = new Outbox({ db: counted, tables, bus: infra.bus, logger, pollIntervalMs: 60_000 });
      await outbox.stop();
      try {
        relay.start();
        await relay.flush();
        transactions = 0;
        await db.transaction((tx) => relay.enqueue(tx, 'waitlist.joined', { entryId: 'one-pass', email: 'p@x.io' }));
        relay.poke();
        await relay.flush();
        expect(await relay.pending()).toBe(0);
        // flush() itself looks once more after the pass; the pass took one transaction.
        expect(transactions).toBe(2);

        transactions = 0;
        await db.transaction(async (tx) => {
          for (let index = 0; index < 150; index += 1) {
            await relay.enqueue(tx, 'waitlist.joined', { entryId: `backlog-${index}`, email: `b${index}@x.io` });
          }
        });
        relay.poke();
        await expect.poll(() => relay.pending(), { timeout: 10_000 }).toBe(0);
        await relay.flush();
        // 100, then 50 (not full: nothing was left), then flush()'s own look.
        expect(transactions).toBe(3);
      } finally {
        await relay.stop();
        outbox.start();
      }
    });

    it('loses nothing across a consumer restart', async () => {
      const name = durable();
      const start = () =>
        consumeIdempotently({
          bus: infra.bus,
          db: infra.database.db,
          tables,
          durable: name,
          type: 'waitlist.joined',
          handle: applyEffect,
          ...fast,
        });
      let consumer = await start();
      await enqueue('restart-0');
      await expect.poll(() => appliedCount('restart-0'), { timeout: 10_000 }).toBe(1);
      await consumer.stop();
      for (const key of ['restart-1', 'restart-2', 'restart-3']) await enqueue(key);
      await outbox.flush();
      consumer = await start();
      for (const key of ['restart-0', 'restart-1', 'restart-2', 'restart-3']) {
        await expect.poll(() => appliedCount(key), { timeout: 10_000 }).toBe(1);
      }
      await consumer.stop();
    });
  });
});

import { createEnvelope, type Envelope, type EventData, type EventType } from '@seqgen/proto';
import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Bus } from './bus/types.ts';
import type { Database, Executor } from './db.ts';
import type { EventTables } from './event-tables.ts';
import type { Logger } from './logger.ts';
import { scrapeGauge } from './metrics.ts';
import { RelayLoop } from './relay-loop.ts';
import { currentTraceContext } from './telemetry.ts';

/** Rows one relay transaction publishes at most. */
const RELAY_BATCH_SIZE = 100;

export interface OutboxOptions {
  db: Database;
  tables: EventTables;
  bus: Bus;
  logger: Logger;
  /** How often the relay looks for rows a poke missed (e.g. written by another replica). */
  pollIntervalMs?: number;
  /** Published rows are kept this long for inspection, then deleted. */
  retentionMs?: number;
  /** The longest the timer waits between attempts while the bus or the database stays away. */
  maxBackoffMs?: number;
}

/**
 * Transactional outbox: `enqueue` writes the event in the caller's transaction, so an event
 * exists if and only if the state change committed. The relay publishes pending rows in order
 * with msgID = event id (JetStream drops duplicates if a crash makes it publish one twice).
 */
export class Outbox {
  readonly #options: Required<OutboxOptions>;
  readonly #loop: RelayLoop;
  #lastCleanup = 0;

  constructor(options: OutboxOptions) {
    this.#options = { pollIntervalMs: 1_000, retentionMs: 24 * 60 * 60 * 1000, maxBackoffMs: 10_000, ...options };
    // While the bus or the database is away rows stay pending and the loop retries less and less
    // often; a commit's poke still tries at once: it means the database is back, and what it
    // wrote should go out without waiting for the back-off.
    this.#loop = new RelayLoop({
      logger: this.#options.logger,
      pollIntervalMs: this.#options.pollIntervalMs,
      maxBackoffMs: this.#options.maxBackoffMs,
      pokeDuringBackoff: true,
      messages: {
        paused: 'outbox relay paused; pending events stay queued and are retried',
        stillPaused: 'outbox relay still paused',
        resumed: 'outbox relay resumed',
      },
      // A batch shorter than RELAY_BATCH_SIZE took everything pending: asking again would only
      // cost an empty transaction per event (a row committed since has poked for another pass).
      pass: async (loop) => {
        while (!loop.stopped && (await this.#relayBatch()) === RELAY_BATCH_SIZE) {}
        await this.#cleanup();
      },
    });
  }

  /** Writes an event inside the caller's transaction; call `poke()` after the commit. */
  async enqueue<T extends EventType>(tx: Executor, type: T, data: EventData<T>): Promise<Envelope<T>> {
    const envelope = createEnvelope(type, data);
    // The writer's trace goes with the event: the relay publishes it later, from a timer, and the
    // consumers' spans must still join the request that caused it (issue 11, item 1).
    const trace = currentTraceContext();
    if (trace) envelope.trace = trace;
    await tx.insert(this.#options.tables.outbox).values({ id: envelope.id, type, envelope });
    return envelope;
  }

  start(): void {
    if (!this.#loop.stopped) return;
    this.#loop.start();
    // outbox_pending (issue 11, item 2): a count read at scrape time; a growing value means the
    // relay cannot publish (the bus is away). The service is the one the logger is named for.
    const service = (this.#options.logger.bindings() as { service?: unknown }).service;
    if (typeof service === 'string') {
      scrapeGauge(service, {
        name: 'outbox_pending',
        help: 'Events written to the outbox and not yet published.',
        read: () => this.pending(),
      });
    }
  }

  /** Asks the relay to run now; concurrent pokes coalesce into one more pass. */
  poke(): void {
    this.#loop.poke();
  }

  /** Publishes everything pending now; resolves when the outbox is empty (tests, shutdown). */
  async flush(): Promise<void> {
    await this.#loop.settled();
    while ((await this.#relayBatch()) > 0) {}
    // A pass that a commit's poke started meanwhile may hold the last rows under its lock (this
    // loop skips locked rows): they are published, not yet marked, until it commits.
    await this.#loop.settled();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async pending(): Promise<number> {
    const { outbox } = this.#options.tables;
    const [row] = await this.#options.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return row?.n ?? 0;
  }

  /** One batch under row locks, so two replicas never relay the same rows at once. */
  async #relayBatch(): Promise<number> {
    const { db, tables, bus } = this.#options;
    const { outbox } = tables;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ seq: outbox.seq, envelope: outbox.envelope })
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.seq))
        .limit(RELAY_BATCH_SIZE)
        .for('update', { skipLocked: true });
      const published: number[] = [];
      try {
        for (const row of rows) {
          await bus.publish(row.envelope);
          published.push(row.seq);
        }
      } finally {
        if (published.length > 0) {
          await tx.update(outbox).set({ publishedAt: new Date() }).where(inArray(outbox.seq, published));
        }
      }
      return published.length;
    });
  }

  async #cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastCleanup < 60_000) return;
    this.#lastCleanup = now;
    const { db, tables, retentionMs } = this.#options;
    await db.delete(tables.outbox).where(and(lt(tables.outbox.publishedAt, new Date(now - retentionMs))));
  }
}

export interface IdempotentConsumerOptions<T extends EventType> {
  bus: Bus;
  db: Database;
  tables: EventTables;
  durable: string;
  type: T;
  /** Applies the event's effect inside the transaction that also records it as processed. */
  handle: (tx: Executor, envelope: Envelope<T>) => Promise<void>;
  /**
   * Runs after the transaction commits, on every delivery, a redelivery of an event already
   * applied included: work that must follow the effect but cannot share its transaction (a
   * cache refresh). Throwing has the event delivered again; the effect is never applied twice.
   */
  afterCommit?: (envelope: Envelope<T>) => Promise<void>;
  retryDelayMs?: number;
  ackWaitMs?: number;
}

/**
 * A durable consumer that applies each event exactly once: the event id is recorded in
 * processed_events in the same transaction as the effect, and the bus acks only after commit.
 * A redelivered event whose id is already recorded is acknowledged without running again.
 */
export function consumeIdempotently<T extends EventType>({
  bus,
  db,
  tables,
  durable,
  type,
  handle,
  afterCommit,
  ...timing
}: IdempotentConsumerOptions<T>) {
  return bus.consume({
    durable,
    type,
    ...timing,
    handler: async (envelope) => {
      await db.transaction(async (tx) => {
        const recorded = await tx
          .insert(tables.processedEvents)
          .values({ consumer: durable, eventId: envelope.id })
          .onConflictDoNothing()
          .returning({ eventId: tables.processedEvents.eventId });
        if (recorded.length === 0) return;
        await handle(tx, envelope);
      });
      await afterCommit?.(envelope);
    },
  });
}

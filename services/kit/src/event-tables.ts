import type { Envelope } from '@seqgen/proto';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, type PgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The two tables every publishing/consuming service has in its own schema. Services include
 * them in their drizzle schema so drizzle-kit generates their migrations with the rest.
 */
export function eventTables(schema: PgSchema) {
  const outbox = schema.table(
    'outbox',
    {
      seq: bigserial('seq', { mode: 'number' }).primaryKey(),
      id: uuid('id').notNull().unique(),
      type: text('type').notNull(),
      envelope: jsonb('envelope').$type<Envelope>().notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
    },
    // The relay only ever scans pending rows; a partial index keeps that cheap as history grows.
    (table) => [index('outbox_pending_idx').on(table.seq).where(sql`published_at is null`)],
  );
  const processedEvents = schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [primaryKey({ columns: [table.consumer, table.eventId] })],
  );
  return { outbox, processedEvents };
}

export type EventTables = ReturnType<typeof eventTables>;

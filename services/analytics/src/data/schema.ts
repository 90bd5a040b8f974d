import { eventTables } from '@seqgen/kit/event-tables';
import type { AnalyticsProps } from '@seqgen/proto';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const analyticsSchema = pgSchema('analytics');

/**
 * Every accepted event, from the web app and from the bus, whether or not a sink is configured:
 * the funnel (README) is read from here, and a sink that is down loses nothing.
 */
export const events = analyticsSchema.table(
  'events',
  {
    /** A domain event keeps its envelope id, so the same event is never stored twice. */
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    source: text('source').$type<'web' | 'domain'>().notNull(),
    /** From the session cookie (web) or the event (domain); null for signed-out visitors. */
    userId: text('user_id'),
    /** The browser's random id (web events only). */
    anonymousId: text('anonymous_id'),
    props: jsonb('props').$type<AnalyticsProps>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the sink took it; null while unforwarded (or when no sink is configured). */
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    /**
     * A relay has taken the row and is sending it: other replicas leave it alone until then + a
     * lease, so two replicas never send the same rows, and one that dies mid-send frees them.
     */
    forwardClaimedAt: timestamp('forward_claimed_at', { withTimezone: true }),
  },
  (table) => [
    // The relay only ever scans unforwarded rows; a partial index keeps that cheap as history grows.
    index('events_unforwarded_idx').on(table.receivedAt).where(sql`forwarded_at is null`),
    index('events_name_idx').on(table.name, table.occurredAt),
  ],
);

export const { outbox, processedEvents } = eventTables(analyticsSchema);

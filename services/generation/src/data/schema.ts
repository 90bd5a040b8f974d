import { eventTables } from '@seqgen/kit/event-tables';
import type { Customization, EmailSequence } from '@seqgen/proto';
import { index, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The service's own PostgreSQL schema. Analyses live in the cache (Redis or in-process), not
 * here; generated sequences (the user's history) and the outbox do.
 */
export const generationSchema = pgSchema('generation');

export const sequences = generationSchema.table(
  'sequences',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** As the user typed it (trimmed); empty when the sequence came from a manual analysis. */
    companyUrl: text('company_url').notNull(),
    companyName: text('company_name').notNull(),
    customization: jsonb('customization').$type<Customization>().notNull(),
    sequence: jsonb('sequence').$type<EmailSequence>().notNull(),
    /** "builtin" or "llm:<model>": which writer produced it. */
    writer: text('writer').notNull(),
    /** Quota's reservation this sequence committed. */
    reservationId: text('reservation_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // GET /api/emails reads one user's newest rows.
  (table) => [index('sequences_user_created_idx').on(table.userId, table.createdAt.desc())],
);

export const { outbox, processedEvents } = eventTables(generationSchema);

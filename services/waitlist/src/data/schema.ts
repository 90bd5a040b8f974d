import { eventTables } from '@seqgen/kit/event-tables';
import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const waitlistSchema = pgSchema('waitlist');

export const entries = waitlistSchema.table('entries', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  /** Trimmed and lower-cased: joining twice with different capitalisation is still one entry. */
  emailNormalized: text('email_normalized').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = waitlistSchema.table(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** SHA-256 of the normalised e-mail and the text: the same message sent again is found by it. */
    fingerprint: text('fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_fingerprint_idx').on(table.fingerprint, table.createdAt)],
);

export const { outbox, processedEvents } = eventTables(waitlistSchema);

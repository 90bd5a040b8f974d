import { eventTables } from '@seqgen/kit/event-tables';
import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const waitlistSchema = pgSchema('waitlist');

export const entries = waitlistSchema.table('entries', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  /** Trimmed and lower-cased: joining twice with different capitalisation is still one entry. */
  emailNormalized: text('email_normalized').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = waitlistSchema.table('contact_messages', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const { outbox, processedEvents } = eventTables(waitlistSchema);

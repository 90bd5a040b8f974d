import { eventTables } from '@seqgen/kit/event-tables';
import type { SavedSequence, StoredSequence } from '@seqgen/proto';
import { index, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const librarySchema = pgSchema('library');

type StoredCustomization = NonNullable<SavedSequence['customization']>;

export const savedSequences = librarySchema.table(
  'saved_sequences',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    companyUrl: text('company_url').notNull().default(''),
    emailSequence: jsonb('email_sequence').$type<StoredSequence>().notNull(),
    customization: jsonb('customization').$type<StoredCustomization>(),
    /** sha256 of title and content as they now are (an update recomputes it): a double-clicked Save finds the first one by it. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every read is one user's list, newest first.
  (table) => [index('saved_sequences_user_created_idx').on(table.userId, table.createdAt)],
);

export const feedback = librarySchema.table(
  'feedback',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    rating: text('rating').$type<'good' | 'bad'>().notNull(),
    comment: text('comment'),
    emailSequence: jsonb('email_sequence').$type<StoredSequence>().notNull(),
    companyUrl: text('company_url').notNull().default(''),
    customization: jsonb('customization').$type<StoredCustomization>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_user_created_idx').on(table.userId, table.createdAt)],
);

/** sequence.saved and feedback.recorded (analytics) go out through the outbox. */
export const { outbox, processedEvents } = eventTables(librarySchema);

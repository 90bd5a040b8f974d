import { eventTables } from '@seqgen/kit/event-tables';
import { sql } from 'drizzle-orm';
import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table('users', {
  id: uuid('id').primaryKey(),
  /** As the user typed it (trimmed), for display and mail. */
  email: text('email').notNull(),
  /** Lower-cased: one account per mailbox whatever the capitalisation. */
  emailNormalized: text('email_normalized').notNull().unique(),
  /** bcrypt; null for accounts that only ever signed in with Google. */
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  /** The Google account's `sub`, once linked. */
  googleSubject: text('google_subject').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per sign-in. The JWT in the cookie names its row (`sid`); every service asks auth
 * whether that row is still live, so logout and password reset end a session everywhere.
 */
export const sessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "password" or "google". */
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_live_idx').on(table.userId).where(sql`revoked_at is null`)],
);

/** Password reset links. Only the SHA-256 of the token is stored; the token itself is in the mail. */
export const resetTokens = authSchema.table(
  'reset_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('reset_tokens_user_idx').on(table.userId)],
);

export const { outbox, processedEvents } = eventTables(authSchema);

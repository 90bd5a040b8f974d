import { eventTables } from '@seqgen/kit/event-tables';
import type { PlanType } from '@seqgen/proto';
import { sql } from 'drizzle-orm';
import { index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const quotaSchema = pgSchema('quota');

export type Plan = 'free' | PlanType;
export type ReservationState = 'pending' | 'committed' | 'released';

/** One row per user: which allowance applies and what has been used of it. */
export const allowances = quotaSchema.table('allowances', {
  userId: text('user_id').primaryKey(),
  plan: text('plan').$type<Plan>().notNull().default('free'),
  /** Sequences per billing period of the paid plan; kept after a cancel for the record. */
  paidLimit: integer('paid_limit'),
  /**
   * Lifetime usage of the free trial. Kept apart from the paid period's usage so a cancelled
   * subscription returns to the trial where it was left, never to a fresh one.
   */
  trialUsed: integer('trial_used').notNull().default(0),
  periodUsed: integer('period_used').notNull().default(0),
  periodStart: timestamp('period_start', { withTimezone: true }),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  /** occurredAt of the latest billing event applied: older ones arriving late are ignored. */
  billingAsOf: timestamp('billing_as_of', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Raised by every change: the usage cache keeps only the newest version it is given, so a
   * reader's older read never replaces a writer's newer one (domain/usage-cache.ts).
   */
  version: integer('version').notNull().default(1),
});

/**
 * A sequence being generated. Pending ones count against the allowance until they expire;
 * committed ones are the usage ledger (and make a repeated commit of the same reservation a no-op).
 * The id is the caller's quota.reserve request id, so a released row may also be a release that
 * came before its request (a tombstone: created, expired and settled at once), which refuses the
 * request when it arrives (issue 10, finding 4).
 */
export const reservations = quotaSchema.table(
  'reservations',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    state: text('state').$type<ReservationState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  // Every reserve counts the user's live reservations: only pending rows matter there.
  (table) => [index('reservations_pending_idx').on(table.userId, table.expiresAt).where(sql`state = 'pending'`)],
);

// Quota publishes nothing yet; the outbox table comes with processed_events as one kit unit.
export const { outbox, processedEvents } = eventTables(quotaSchema);

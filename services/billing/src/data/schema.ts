import { eventTables } from '@seqgen/kit/event-tables';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

/** One row per user who ever started a checkout; its row lock serialises a user's checkouts. */
export const customers = billingSchema.table('customers', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
  /** The provider's customer id (Stripe "cus_…"); null until the provider has one. */
  providerCustomerId: text('provider_customer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Statuses under which a subscription still counts as the user's one open subscription. */
export const OPEN_STATUSES = ['incomplete', 'active', 'trialing', 'past_due', 'unpaid', 'paused'] as const;
/** Statuses the web shows as a subscription (an unpaid checkout is not one yet). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'paused'] as const;

export const subscriptions = billingSchema.table(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    plan: text('plan', { enum: ['individual', 'leader', 'organization'] }).notNull(),
    billingPeriod: text('billing_period', { enum: ['monthly', 'annual'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    /** The provider's status, mirrored: incomplete, active, past_due, canceled, … */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The monthly usage window quota was last told about (see usageWindowFrom). */
    usageWindowEnd: timestamp('usage_window_end', { withTimezone: true }),
    /** Sandbox only: SHA-256 of the pending checkout's client secret (the secret itself is never stored). */
    secretHash: text('secret_hash'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Creation time of the newest provider event applied: older subscription updates are stale. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one open subscription per user: a second checkout can never charge twice.
    uniqueIndex('subscriptions_one_open_per_user')
      .on(t.userId)
      .where(sql`status in ('incomplete', 'active', 'trialing', 'past_due', 'unpaid', 'paused')`),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Provider webhook events already applied, by the provider's event id (webhooks are retried). */
export const providerEvents = billingSchema.table('provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const { outbox, processedEvents } = eventTables(billingSchema);

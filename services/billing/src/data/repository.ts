import type { Executor } from '@seqgen/kit';
import { and, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { customers, LIVE_STATUSES, OPEN_STATUSES, providerEvents, subscriptions } from './schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;

/**
 * The user's customer row, created if missing, locked until the transaction ends: a user's
 * checkouts run one at a time, so two clicks can never start two subscriptions.
 */
export async function lockCustomer(tx: Executor, userId: string, email: string): Promise<CustomerRow> {
  await tx.insert(customers).values({ userId, email }).onConflictDoNothing({ target: customers.userId });
  const [row] = await tx.select().from(customers).where(eq(customers.userId, userId)).for('update');
  if (!row) throw new Error('customer row vanished after insert');
  return row;
}

export async function setProviderCustomerId(tx: Executor, userId: string, providerCustomerId: string) {
  await tx.update(customers).set({ providerCustomerId }).where(eq(customers.userId, userId));
}

/** The user's one open subscription (unpaid checkout or live), if any. */
export async function findOpenSubscription(
  db: Executor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...OPEN_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findLiveSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function findByProviderId(tx: Executor, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .for('update');
  return row;
}

export async function lockSubscription(tx: Executor, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function insertSubscription(tx: Executor, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateSubscription(
  tx: Executor,
  id: string,
  patch: Partial<Omit<NewSubscription, 'id'>>,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** True the first time an event id is recorded; false for a redelivery. */
export async function recordProviderEvent(tx: Executor, eventId: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(providerEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return rows.length > 0;
}

/**
 * Live subscriptions whose usage window has ended: sandbox ones also at their period's end (the
 * sandbox renews itself); Stripe ones only inside their period (Stripe's invoices renew them).
 */
export function dueForClock(db: Executor, now: Date, limit = 100): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...LIVE_STATUSES]),
        lte(subscriptions.usageWindowEnd, now),
        or(eq(subscriptions.provider, 'sandbox'), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .limit(limit);
}

import { randomUUID } from 'node:crypto';
import {
  conflict,
  type Database,
  type Executor,
  HttpError,
  type Logger,
  notFound,
  type Outbox,
  type RateLimiter,
  type RateLimitRule,
  type SessionUser,
} from '@seqgen/kit';
import {
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  planById,
  type SandboxConfirmRequest,
  type SubscriptionResponse,
} from '@seqgen/proto';
import {
  dueForClock,
  findByProviderId,
  findLiveSubscription,
  findOpenSubscription,
  insertSubscription,
  lockCustomer,
  lockSubscription,
  type NewSubscription,
  recordProviderEvent,
  type SubscriptionRow,
  setProviderCustomerId,
  updateSubscription,
} from '../data/repository.ts';
import { LIVE_STATUSES } from '../data/schema.ts';
import { sandboxCardOutcome, sandboxSubscriptionOf, secretMatches } from '../providers/sandbox.ts';
import type { PaymentProvider, ProviderEvent, ProviderSubscription } from '../providers/types.ts';
import { addInterval, productName, usageWindowFrom } from './plans.ts';

export interface BillingLimits {
  checkoutsPerUser: RateLimitRule;
  paymentAttemptsPerUser: RateLimitRule;
  changesPerUser: RateLimitRule;
}

const HOUR = 60 * 60 * 1000;

export const DEFAULT_BILLING_LIMITS: BillingLimits = {
  checkoutsPerUser: { name: 'checkout:user', limit: 20, windowMs: HOUR },
  paymentAttemptsPerUser: { name: 'sandbox-confirm:user', limit: 30, windowMs: HOUR },
  changesPerUser: { name: 'subscription-change:user', limit: 30, windowMs: HOUR },
};

export interface BillingDeps {
  db: Database;
  outbox: Outbox;
  provider: PaymentProvider;
  limiter: RateLimiter;
  limits: BillingLimits;
  logger: Logger;
  now: () => Date;
}

export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. Manage it from Subscription management.';
export const NOTHING_TO_CANCEL_MESSAGE = 'You have no active subscription to cancel.';
export const ALREADY_CANCELING_MESSAGE = 'Your subscription is already set to end at the end of this billing period.';
export const NOTHING_TO_REACTIVATE_MESSAGE = 'You have no subscription to reactivate.';
export const NOT_CANCELING_MESSAGE = 'Your subscription is not set to end, so there is nothing to reactivate.';
export const UNKNOWN_PAYMENT_MESSAGE =
  'This payment form has expired or is not yours. Go back to the plans and start again.';
export const ALREADY_PAID_MESSAGE = 'This payment has already been completed.';

const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);
const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

function toResponse(row: SubscriptionRow | undefined): SubscriptionResponse {
  if (!row) return { hasSubscription: false, subscription: null };
  return {
    hasSubscription: true,
    subscription: {
      status: row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      current_period_end: Math.floor((row.currentPeriodEnd ?? row.createdAt).getTime() / 1000),
      plan: { name: productName(row.plan), amount: row.amountCents, interval: row.interval },
    },
  };
}

export async function getSubscription({ db }: BillingDeps, userId: string): Promise<SubscriptionResponse> {
  return toResponse(await findLiveSubscription(db, userId));
}

/**
 * Starts (or resumes) the user's checkout. One open subscription per user: an unpaid checkout for
 * the same plan and period is shown again, one for another plan is dropped first (nothing was
 * charged), and a live subscription is a 409.
 */
export async function createSubscription(
  deps: BillingDeps,
  user: SessionUser,
  { planType, billing }: CreateSubscriptionRequest,
): Promise<CreateSubscriptionResponse> {
  const { db, provider, limiter, limits, now } = deps;
  await limiter.enforce([{ rule: limits.checkoutsPerUser, key: user.userId }], 'checkout attempts');
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, user.userId, user.email);
    const open = await findOpenSubscription(tx, user.userId);
    if (open && isLive(open.status)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
    if (open) {
      const earlier =
        open.provider === provider.kind
          ? await provider.resumeCheckout(open.providerSubscriptionId)
          : ({ state: 'gone' } as const);
      // Paid at the provider, its webhook not here yet: dropping it would cancel a paid plan.
      if (earlier.state === 'live') throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
      if (earlier.state === 'pending' && open.plan === planType && open.billingPeriod === billing) {
        if (earlier.secretHash) await updateSubscription(tx, open.id, { secretHash: earlier.secretHash });
        return { clientSecret: earlier.clientSecret };
      }
      if (earlier.state === 'pending') await provider.abandonCheckout(open.providerSubscriptionId);
      await updateSubscription(tx, open.id, { status: 'incomplete_expired', secretHash: null, endedAt: now() });
    }
    const customerId = await provider.ensureCustomer(user, customer.providerCustomerId);
    if (customerId && customerId !== customer.providerCustomerId) {
      await setProviderCustomerId(tx, user.userId, customerId);
    }
    const id = randomUUID();
    const checkout = await provider.startCheckout({
      userId: user.userId,
      email: user.email,
      customerId,
      plan: planType,
      period: billing,
      idempotencyKey: `seqgen-subscription-${id}`,
    });
    const started = checkout.subscription;
    await insertSubscription(tx, {
      id,
      userId: user.userId,
      provider: provider.kind,
      providerSubscriptionId: started.providerSubscriptionId,
      plan: planType,
      billingPeriod: billing,
      amountCents: started.amountCents,
      interval: started.interval,
      status: started.status,
      cancelAtPeriodEnd: started.cancelAtPeriodEnd,
      currentPeriodStart: started.currentPeriodStart,
      currentPeriodEnd: started.currentPeriodEnd,
      secretHash: checkout.secretHash ?? null,
    });
    return { clientSecret: checkout.clientSecret };
  });
}

/** The sandbox's card payment: the same activation (and billing.activated) as a paid Stripe invoice. */
export async function confirmSandboxPayment(
  deps: BillingDeps,
  user: SessionUser,
  { clientSecret, cardNumber }: SandboxConfirmRequest,
): Promise<void> {
  const { db, limiter, limits, now } = deps;
  await limiter.enforce([{ rule: limits.paymentAttemptsPerUser, key: user.userId }], 'payment attempts');
  const providerSubscriptionId = sandboxSubscriptionOf(clientSecret);
  if (!providerSubscriptionId) throw new HttpError(400, 'invalid_client_secret', UNKNOWN_PAYMENT_MESSAGE);
  const card = sandboxCardOutcome(cardNumber);
  await db.transaction(async (tx) => {
    const row = await findByProviderId(tx, providerSubscriptionId);
    const owned = row && row.userId === user.userId && row.provider === 'sandbox';
    if (owned && isLive(row.status)) throw conflict(ALREADY_PAID_MESSAGE);
    if (!owned || row.status !== 'incomplete' || !secretMatches(clientSecret, row.secretHash)) {
      throw notFound(UNKNOWN_PAYMENT_MESSAGE);
    }
    if (!card.ok) {
      throw new HttpError(card.code === 'card_declined' ? 402 : 400, card.code, card.message);
    }
    // Whole seconds, as providers keep periods (and as GET /api/subscription answers them).
    const start = new Date(Math.floor(now().getTime() / 1000) * 1000);
    await activate(deps, tx, row, { periodStart: start, periodEnd: addInterval(start, row.interval), at: start });
  });
  deps.outbox.poke();
}

export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<SubscriptionResponse> {
  return setCancelAtPeriodEnd(deps, userId, true);
}

export async function reactivateSubscription(deps: BillingDeps, userId: string): Promise<SubscriptionResponse> {
  return setCancelAtPeriodEnd(deps, userId, false);
}

/** Cancel = stop at the end of the paid period (billing.canceled follows then); reactivate undoes it. */
async function setCancelAtPeriodEnd(deps: BillingDeps, userId: string, cancel: boolean) {
  const { db, provider, limiter, limits } = deps;
  await limiter.enforce([{ rule: limits.changesPerUser, key: userId }], 'subscription changes');
  return db.transaction(async (tx) => {
    const open = await findOpenSubscription(tx, userId, { lock: true });
    if (!open || !isLive(open.status)) {
      throw notFound(cancel ? NOTHING_TO_CANCEL_MESSAGE : NOTHING_TO_REACTIVATE_MESSAGE);
    }
    if (open.cancelAtPeriodEnd === cancel) throw conflict(cancel ? ALREADY_CANCELING_MESSAGE : NOT_CANCELING_MESSAGE);
    const mirrored = await provider.setCancelAtPeriodEnd(open.providerSubscriptionId, cancel);
    const row = await updateSubscription(tx, open.id, {
      cancelAtPeriodEnd: cancel,
      ...(mirrored && mirrorOf(mirrored, open)),
    });
    return toResponse(row);
  });
}

/** Provider state worth keeping; an unpaid status never overwrites a subscription already paid. */
function mirrorOf(subscription: ProviderSubscription, row: SubscriptionRow) {
  const keepStatus = row.activatedAt !== null && subscription.status === 'incomplete';
  return {
    ...(!keepStatus && { status: subscription.status }),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    ...(subscription.currentPeriodStart && { currentPeriodStart: subscription.currentPeriodStart }),
    ...(subscription.currentPeriodEnd && { currentPeriodEnd: subscription.currentPeriodEnd }),
  };
}

export type ProviderEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale' | 'unknown_subscription';

/**
 * A provider notification, applied once: the event id is recorded in the same transaction as the
 * state change and its outbox event, so a redelivered webhook changes nothing.
 */
export async function applyProviderEvent(deps: BillingDeps, event: ProviderEvent): Promise<ProviderEventOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<ProviderEventOutcome> => {
    if (!(await recordProviderEvent(tx, event.id, event.type))) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';
    const subscriptionId =
      event.kind === 'subscription_updated' ? event.subscription.providerSubscriptionId : event.providerSubscriptionId;
    const row = await findByProviderId(tx, subscriptionId);
    if (!row) {
      deps.logger.info({ eventId: event.id, subscriptionId }, 'provider event for a subscription billing never made');
      return 'unknown_subscription';
    }
    const newest = !row.providerUpdatedAt || event.createdAt >= row.providerUpdatedAt;
    const seen = newest ? { providerUpdatedAt: event.createdAt } : {};
    switch (event.kind) {
      case 'invoice_paid': {
        if (ENDED_STATUSES.has(row.status) && row.endedAt) return 'stale';
        const period = { periodStart: event.periodStart, periodEnd: event.periodEnd, at: event.createdAt };
        if (!row.activatedAt) {
          await activate(deps, tx, row, period, seen);
        } else if (!row.currentPeriodStart || event.periodStart > row.currentPeriodStart) {
          await renew(deps, tx, row, period, { ...seen, status: 'active' });
        } else {
          return 'stale';
        }
        return 'applied';
      }
      case 'subscription_updated': {
        if (!newest) return 'stale';
        const updated = await updateSubscription(tx, row.id, { ...mirrorOf(event.subscription, row), ...seen });
        if (ENDED_STATUSES.has(updated.status)) await end(deps, tx, row, event.createdAt);
        return 'applied';
      }
      case 'subscription_deleted':
        if (row.endedAt && ENDED_STATUSES.has(row.status)) return 'stale';
        await end(deps, tx, row, event.createdAt, seen);
        return 'applied';
    }
  });
  if (outcome === 'applied') deps.outbox.poke();
  return outcome;
}

type SubscriptionPatch = Partial<Omit<NewSubscription, 'id'>>;

interface Period {
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}

/** Sequences per month; quota gets it as the limit of each monthly usage window. */
const limitOf = (row: SubscriptionRow) => planById(row.plan).sequencesPerMonth;

/** First payment: the subscription goes live and quota raises the limit (billing.activated). */
async function activate(
  deps: BillingDeps,
  tx: Executor,
  row: SubscriptionRow,
  period: Period,
  extra: SubscriptionPatch = {},
) {
  const window = usageWindowFrom(period.periodStart, period.periodEnd) ?? {
    start: period.periodStart,
    end: period.periodEnd,
  };
  await updateSubscription(tx, row.id, {
    status: 'active',
    currentPeriodStart: period.periodStart,
    currentPeriodEnd: period.periodEnd,
    usageWindowEnd: window.end,
    activatedAt: period.at,
    secretHash: null,
    ...extra,
  });
  await deps.outbox.enqueue(tx, 'billing.activated', {
    userId: row.userId,
    plan: row.plan,
    limit: limitOf(row),
    periodStart: window.start.toISOString(),
    periodEnd: window.end.toISOString(),
  });
}

/** A new paid period (or a new month of a yearly one): quota starts counting afresh (billing.renewed). */
async function renew(
  deps: BillingDeps,
  tx: Executor,
  row: SubscriptionRow,
  period: Period,
  extra: SubscriptionPatch = {},
  window = usageWindowFrom(period.periodStart, period.periodEnd),
) {
  const shown = window ?? { start: period.periodStart, end: period.periodEnd };
  await updateSubscription(tx, row.id, {
    currentPeriodStart: period.periodStart,
    currentPeriodEnd: period.periodEnd,
    usageWindowEnd: shown.end,
    ...extra,
  });
  await deps.outbox.enqueue(tx, 'billing.renewed', {
    userId: row.userId,
    plan: row.plan,
    limit: limitOf(row),
    periodStart: shown.start.toISOString(),
    periodEnd: shown.end.toISOString(),
  });
}

/** The subscription is over: quota goes back to the free limit (billing.canceled), once. */
async function end(deps: BillingDeps, tx: Executor, row: SubscriptionRow, at: Date, extra: SubscriptionPatch = {}) {
  const wasLive = row.activatedAt !== null && !row.endedAt;
  await updateSubscription(tx, row.id, {
    status: 'canceled',
    cancelAtPeriodEnd: false,
    secretHash: null,
    endedAt: row.endedAt ?? at,
    ...extra,
  });
  if (wasLive) await deps.outbox.enqueue(tx, 'billing.canceled', { userId: row.userId });
}

/**
 * Billing's clock, run every minute: opens the next monthly usage window of yearly plans, and in
 * the sandbox (which has no provider to send invoices) renews or ends subscriptions whose period
 * is over. Stripe subscriptions are renewed and ended by Stripe's webhooks.
 */
export async function advanceBillingClock(deps: BillingDeps): Promise<number> {
  const now = deps.now();
  let changed = 0;
  for (const due of await dueForClock(deps.db, now)) {
    const did = await deps.db.transaction(async (tx) => {
      const row = await lockSubscription(tx, due.id);
      if (!row || !isLive(row.status) || !row.usageWindowEnd || row.usageWindowEnd > now) return false;
      if (!row.currentPeriodStart || !row.currentPeriodEnd) return false;
      if (row.currentPeriodEnd <= now) {
        if (row.provider !== 'sandbox') return false;
        if (row.cancelAtPeriodEnd) {
          await end(deps, tx, row, row.currentPeriodEnd);
          return true;
        }
        const periodStart = row.currentPeriodEnd;
        await renew(deps, tx, row, { periodStart, periodEnd: addInterval(periodStart, row.interval), at: now });
        return true;
      }
      const next = usageWindowFrom(row.currentPeriodStart, row.currentPeriodEnd, row.usageWindowEnd);
      if (!next) return false;
      const period = { periodStart: row.currentPeriodStart, periodEnd: row.currentPeriodEnd, at: now };
      await renew(deps, tx, row, period, {}, next);
      return true;
    });
    if (did) changed++;
  }
  if (changed > 0) deps.outbox.poke();
  return changed;
}

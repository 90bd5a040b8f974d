import type { Database, Executor, Logger } from '@seqgen/kit';
import type { Envelope, ReplyOf, RequestOf, Usage, UsageDetails } from '@seqgen/proto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  commitReservationIntoAllowance,
  countLiveReservations,
  ensureAllowance,
  findAllowance,
  findReservation,
  insertReservation,
  lockAllowance,
  purgeStaleReservations,
  type ReservationRow,
  releaseReservation,
  updateAllowance,
} from '../data/repository.ts';
import { reservations } from '../data/schema.ts';
import { decideBillingPeriod, decideCancel, limitReachedMessage, usageOf } from './allowance.ts';
import type { UsageCache } from './usage-cache.ts';
import type { UsageFeed } from './usage-feed.ts';

export interface QuotaDeps {
  db: Database;
  logger: Logger;
  /** How long a reservation holds its slot without a commit or release. */
  reservationTtlMs: number;
  /** The clock reservations are made and judged by (tests move it forward). */
  now: () => Date;
  /** What GET /api/usage answers from; every change to an allowance refreshes it. */
  usageCache: UsageCache;
  /** Usage pushed to open streams (GET /api/usage/stream); absent, nothing is pushed. */
  usageFeed?: UsageFeed | undefined;
}

/**
 * Reservations holding a slot now (pending, not expired): the quota_reservations_pending gauge
 * (issue 11, item 2). One that stays high means generations reserve and never commit or release.
 * Uses the partial index on pending rows.
 */
export async function countPendingReservations({ db, now }: QuotaDeps): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(eq(reservations.state, 'pending'), gt(reservations.expiresAt, now())));
  return row?.n ?? 0;
}

/** GET /api/usage. A user quota has not heard of yet gets the free allowance, created now. */
export function getUsage({ db, usageCache }: QuotaDeps, userId: string): Promise<Usage> {
  return usageCache.read(db, userId);
}

/** GET /api/usage/details: the usage with the plan it is counted against and when it resets. */
export async function getUsageDetails(deps: QuotaDeps, userId: string): Promise<UsageDetails> {
  const usage = await getUsage(deps, userId);
  const row = await findAllowance(deps.db, userId);
  const plan = row?.plan ?? 'free';
  const resetsAt = plan !== 'free' && row?.periodEnd ? row.periodEnd.toISOString() : null;
  return { ...usage, plan, resetsAt };
}

/**
 * How long before its caller's deadline quota stops taking a request on. The reply still has to
 * travel back, and the two clocks (same host, or NTP-synced nodes) may differ by a few ms: erring
 * early costs a 503 the user may retry, erring late costs a slot held for a caller that is gone.
 * Whatever slips through anyway (a clock further apart, a reply lost) is released by the caller,
 * which names this request's id when it stops waiting.
 */
export const DEADLINE_MARGIN_MS = 200;

const EXPIRED_MESSAGE = 'The reservation request came after its caller had stopped waiting: nothing was reserved.';
const SETTLED_MESSAGE = 'This reservation request was already settled: nothing more was reserved.';

/** How many ms past the caller's deadline (less the margin) `now` is, or undefined if in time. */
export function lateBy(deadline: string | undefined, now: Date): number | undefined {
  if (deadline === undefined) return undefined;
  const late = now.getTime() - (new Date(deadline).getTime() - DEADLINE_MARGIN_MS);
  return late >= 0 ? late : undefined;
}

/**
 * quota.reserve: one sequence for the user, or a refusal naming the limit. Runs under the
 * allowance row lock, so of many concurrent requests exactly as many succeed as there are slots.
 * Expired reservations are not swept first: they simply stop counting (the clock decides).
 *
 * The request's deadline and id keep a stall from leaving slots held for nobody (issue 10,
 * finding 4): work whose caller has given up is refused (judged again once the lock is held, as
 * waiting for it can take long), and the caller's request id is the reservation id, so a
 * duplicated request gets the same reservation and a request whose caller already released it
 * finds that release and is refused.
 */
export async function reserveSequence(
  deps: QuotaDeps,
  request: RequestOf<'quota.reserve'>,
): Promise<ReplyOf<'quota.reserve'>> {
  const { userId, requestId, deadline } = request;
  if (!userId.trim()) return { ok: false, message: 'A user id is needed to reserve a sequence.' };
  const expired = (now: Date): ReplyOf<'quota.reserve'> | undefined => {
    const late = lateBy(deadline, now);
    if (late === undefined) return undefined;
    deps.logger.warn(
      { userId, requestId, lateByMs: late },
      'quota.reserve refused: its caller had stopped waiting (nothing reserved)',
    );
    return { ok: false, reason: 'expired', message: EXPIRED_MESSAGE };
  };
  const tooLate = expired(deps.now());
  if (tooLate) return tooLate;
  return deps.db.transaction(async (tx) => {
    const allowance = await lockAllowance(tx, userId);
    const now = deps.now();
    const lateAfterLock = expired(now);
    if (lateAfterLock) return lateAfterLock;
    const { used, limit } = usageOf(allowance);
    const reservationId = requestId ?? crypto.randomUUID();
    /** A row already holds this id: the same request again, or one its caller has released. */
    const answerAgain = (existing: ReservationRow | undefined): ReplyOf<'quota.reserve'> => {
      if (existing?.userId === userId && existing.state === 'pending') return { ok: true, reservationId, used, limit };
      deps.logger.warn(
        { userId, requestId, state: existing?.userId === userId ? existing.state : 'another user' },
        'quota.reserve refused: the request was already settled (nothing reserved)',
      );
      return { ok: false, reason: 'expired', message: SETTLED_MESSAGE };
    };
    const inFlight = await countLiveReservations(tx, userId, now);
    if (used + inFlight >= limit) {
      // A repeat of a granted request holds one of these slots itself: it gets the same answer.
      const existing = requestId ? await findReservation(tx, requestId) : undefined;
      if (existing) return answerAgain(existing);
      return { ok: false, reason: 'limit_reached', message: limitReachedMessage(allowance, inFlight) };
    }
    const inserted = await insertReservation(tx, {
      id: reservationId,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.reservationTtlMs),
    });
    // The id is the caller's request id: only a repeat, or a release that came first, has it.
    if (!inserted) return answerAgain(await findReservation(tx, reservationId));
    return { ok: true, reservationId, used, limit };
  });
}

const ReservationId = z.uuid();

/**
 * sequence.generated: the reservation becomes usage, counted against whichever allowance applies
 * now (a user who upgraded mid-generation spends the new plan). Counted once per reservation,
 * however often the event (or another event for the same reservation) arrives.
 */
export async function commitSequence(
  deps: QuotaDeps,
  tx: Executor,
  data: { userId: string; reservationId: string },
): Promise<void> {
  if (!ReservationId.safeParse(data.reservationId).success) {
    deps.logger.warn({ userId: data.userId }, 'sequence.generated with a malformed reservation id ignored');
    return;
  }
  const { counted, allowanceFound } = await commitReservationIntoAllowance(tx, {
    id: data.reservationId,
    userId: data.userId,
    now: deps.now(),
  });
  if (!counted || allowanceFound) return;
  // Counted, but the user had no allowance row (reserve creates it, so rarely): create and count.
  const allowance = await lockAllowance(tx, data.userId);
  await updateAllowance(
    tx,
    data.userId,
    allowance.plan === 'free' ? { trialUsed: allowance.trialUsed + 1 } : { periodUsed: allowance.periodUsed + 1 },
  );
}

/**
 * sequence.failed: the slot is free again, unless the sequence was already counted. A release
 * that comes before its reserve request (generation gave up waiting) is kept, and the request
 * refused when it arrives.
 */
export async function releaseSequence(
  deps: QuotaDeps,
  tx: Executor,
  data: { userId: string; reservationId: string },
): Promise<void> {
  if (!ReservationId.safeParse(data.reservationId).success) return;
  await releaseReservation(tx, { id: data.reservationId, userId: data.userId, now: deps.now() });
}

/** user.registered: the free allowance of 5 lifetime sequences. */
export async function createAllowance(tx: Executor, data: { userId: string }): Promise<void> {
  await ensureAllowance(tx, data.userId);
}

/** billing.activated and billing.renewed: the paid plan's limit for the event's period. */
export async function applyBillingPeriod(
  deps: QuotaDeps,
  tx: Executor,
  envelope: Envelope<'billing.activated'> | Envelope<'billing.renewed'>,
): Promise<void> {
  const { userId, plan, limit, periodStart, periodEnd } = envelope.data;
  const allowance = await lockAllowance(tx, userId);
  const occurredAt = new Date(envelope.occurredAt);
  const start = new Date(periodStart);
  const decision = decideBillingPeriod(allowance, { occurredAt, periodStart: start });
  if (!decision.apply) {
    deps.logger.info(
      { eventId: envelope.id, type: envelope.type, userId },
      `billing event ignored: ${decision.reason}`,
    );
    return;
  }
  await updateAllowance(tx, userId, {
    plan,
    paidLimit: limit,
    periodStart: start,
    periodEnd: new Date(periodEnd),
    billingAsOf: occurredAt,
    ...(decision.newPeriod && { periodUsed: 0 }),
  });
}

/** billing.canceled: back to the free trial, with the trial's lifetime usage as it was left. */
export async function cancelPlan(deps: QuotaDeps, tx: Executor, envelope: Envelope<'billing.canceled'>) {
  const { userId } = envelope.data;
  const allowance = await lockAllowance(tx, userId);
  const occurredAt = new Date(envelope.occurredAt);
  const decision = decideCancel(allowance, occurredAt);
  if (!decision.apply) {
    deps.logger.info({ eventId: envelope.id, userId }, `billing.canceled ignored: ${decision.reason}`);
    return;
  }
  await updateAllowance(tx, userId, { plan: 'free', billingAsOf: occurredAt });
}

/** Keeps the reservations table small; counting never depends on this running. */
export function purgeReservations(deps: QuotaDeps, olderThanMs: number): Promise<number> {
  return purgeStaleReservations(deps.db, new Date(deps.now().getTime() - olderThanMs));
}

import type { Database, Executor, Logger } from '@seqgen/kit';
import type { Envelope, ReplyOf, Usage } from '@seqgen/proto';
import { z } from 'zod';
import {
  commitReservation,
  countLiveReservations,
  ensureAllowance,
  findAllowance,
  insertReservation,
  lockAllowance,
  purgeStaleReservations,
  releaseReservation,
  updateAllowance,
} from '../data/repository.ts';
import { decideBillingPeriod, decideCancel, FRESH_ALLOWANCE, limitReachedMessage, usageOf } from './allowance.ts';

export interface QuotaDeps {
  db: Database;
  logger: Logger;
  /** How long a reservation holds its slot without a commit or release. */
  reservationTtlMs: number;
  /** The clock reservations are made and judged by (tests move it forward). */
  now: () => Date;
}

/** GET /api/usage. A user quota has not heard of yet gets the free allowance, created now. */
export async function getUsage({ db }: QuotaDeps, userId: string): Promise<Usage> {
  const row = await findAllowance(db, userId);
  if (row) return usageOf(row);
  await ensureAllowance(db, userId);
  return usageOf((await findAllowance(db, userId)) ?? FRESH_ALLOWANCE);
}

/**
 * quota.reserve: one sequence for the user, or a refusal naming the limit. Runs under the
 * allowance row lock, so of many concurrent requests exactly as many succeed as there are slots.
 * Expired reservations are not swept first: they simply stop counting (the clock decides).
 */
export async function reserveSequence(deps: QuotaDeps, userId: string): Promise<ReplyOf<'quota.reserve'>> {
  if (!userId.trim()) return { ok: false, message: 'A user id is needed to reserve a sequence.' };
  return deps.db.transaction(async (tx) => {
    const allowance = await lockAllowance(tx, userId);
    const now = deps.now();
    const inFlight = await countLiveReservations(tx, userId, now);
    const { used, limit } = usageOf(allowance);
    if (used + inFlight >= limit) return { ok: false, message: limitReachedMessage(allowance, inFlight) };
    const reservationId = crypto.randomUUID();
    await insertReservation(tx, {
      id: reservationId,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.reservationTtlMs),
    });
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
  const allowance = await lockAllowance(tx, data.userId);
  const counted = await commitReservation(tx, { id: data.reservationId, userId: data.userId, now: deps.now() });
  if (!counted) return;
  await updateAllowance(
    tx,
    data.userId,
    allowance.plan === 'free' ? { trialUsed: allowance.trialUsed + 1 } : { periodUsed: allowance.periodUsed + 1 },
  );
}

/** sequence.failed: the slot is free again, unless the sequence was already counted. */
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

import { FREE_TRIAL_SEQUENCES, type Usage } from '@seqgen/proto';
import type { Plan } from '../data/schema.ts';

/** The parts of an allowance row the rules below read. */
export interface AllowanceState {
  plan: Plan;
  paidLimit: number | null;
  trialUsed: number;
  periodUsed: number;
  periodStart: Date | null;
  billingAsOf: Date | null;
}

/** A user whose user.registered has not been processed yet is on the free trial, unused. */
export const FRESH_ALLOWANCE: AllowanceState = {
  plan: 'free',
  paidLimit: null,
  trialUsed: 0,
  periodUsed: 0,
  periodStart: null,
  billingAsOf: null,
};

/** What the user sees: the trial's lifetime usage, or the paid period's. */
export function usageOf(state: AllowanceState): Usage {
  if (state.plan === 'free') return { used: state.trialUsed, limit: FREE_TRIAL_SEQUENCES };
  return { used: state.periodUsed, limit: state.paidLimit ?? FREE_TRIAL_SEQUENCES };
}

/**
 * The refusal generation passes on to the browser with the code `limit_reached` (docs/product.md §8). The
 * figure used is the one GET /api/usage shows; generations in flight, which hold the remaining
 * slots, are named apart, so the two never disagree (issue 10, finding 4).
 */
export function limitReachedMessage(state: AllowanceState, inFlight: number): string {
  const { used, limit } = usageOf(state);
  const scope = state.plan === 'free' ? 'of your free trial' : 'on your plan this period';
  const generating = inFlight > 0 ? `, and ${inFlight} more ${inFlight === 1 ? 'is' : 'are'} being generated` : '';
  return (
    `Email generation limit reached: you've used ${used} of ${limit} sequences ${scope}${generating}. ` +
    'Upgrade to continue generating email sequences.'
  );
}

export type BillingDecision = { apply: false; reason: string } | { apply: true; newPeriod: boolean };

/**
 * billing.activated / billing.renewed arrive on separate durable consumers and may be
 * redelivered late, so each is checked against what is already applied: an event older than the
 * last applied billing event, or for an older period than the current one, changes nothing. A
 * later period resets the period's usage; the same period (a duplicate, or a plan change inside
 * the period) keeps it, so no sequence is ever handed out twice.
 */
export function decideBillingPeriod(
  state: AllowanceState,
  event: { occurredAt: Date; periodStart: Date },
): BillingDecision {
  if (state.billingAsOf && event.occurredAt < state.billingAsOf) {
    return { apply: false, reason: 'older than the billing event already applied' };
  }
  if (state.periodStart && event.periodStart < state.periodStart) {
    return { apply: false, reason: 'for a billing period older than the current one' };
  }
  return { apply: true, newPeriod: !state.periodStart || event.periodStart > state.periodStart };
}

/** A cancel older than the latest applied billing event (e.g. a re-subscription) is ignored. */
export function decideCancel(state: AllowanceState, occurredAt: Date): BillingDecision {
  if (state.billingAsOf && occurredAt < state.billingAsOf) {
    return { apply: false, reason: 'older than the billing event already applied' };
  }
  return { apply: true, newPeriod: false };
}

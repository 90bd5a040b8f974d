import { FREE_TRIAL_SEQUENCES, PLANS, type Usage, type UsageDetails } from '@seqgen/proto';

export const APPROACHING_LIMIT_PERCENT = 80;

export interface UsageStatus {
  /** Rounded used/limit as a percentage, capped at 100 for the progress bar. */
  percent: number;
  /** docs/product.md §2: at 80 % or more, "Approaching Limit". */
  approachingLimit: boolean;
  /** docs/product.md §2: a limit of exactly FREE_TRIAL_SEQUENCES (5) is the free trial: "Upgrade for More Sequences". */
  freeTrial: boolean;
  remaining: number;
  /** Nothing left to generate with: say so before any work starts (issue 13, item 1). */
  limitReached: boolean;
}

export function usageStatus({ used, limit }: Usage): UsageStatus {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : used > 0 ? 100 : 0;
  return {
    percent,
    approachingLimit: percent >= APPROACHING_LIMIT_PERCENT,
    freeTrial: limit === FREE_TRIAL_SEQUENCES,
    remaining: Math.max(0, limit - used),
    limitReached: used >= limit,
  };
}

/** The toast text of docs/product.md §8: the free trial's limit is told in these words. */
export const FREE_TRIAL_LIMIT_MESSAGE = `You've used all ${FREE_TRIAL_SEQUENCES} free sequences. Upgrade to continue generating email sequences.`;

const renewalDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * Why the user cannot generate, in their own situation: the free trial used up (the words of docs/product.md §8),
 * or the paid plan's sequences for this period, with the day they come back. Without the details
 * (not loaded yet, or unavailable) a paid plan is described without its name and date.
 */
export function limitMessage(usage: Usage, details?: UsageDetails): string {
  if (usage.limit === FREE_TRIAL_SEQUENCES && (!details || details.plan === 'free')) return FREE_TRIAL_LIMIT_MESSAGE;
  const plan = PLANS.find((candidate) => candidate.id === details?.plan)?.name;
  const renews = details?.resetsAt ? ` They renew on ${renewalDate.format(new Date(details.resetsAt))}.` : '';
  return (
    `You've used all ${usage.limit} sequences of your ${plan ? `${plan} plan` : 'plan'} for this period.${renews} ` +
    'Upgrade for more sequences now.'
  );
}

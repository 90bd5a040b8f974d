import { FREE_TRIAL_SEQUENCES, type Usage } from '@seqgen/proto';

export const APPROACHING_LIMIT_PERCENT = 80;

export interface UsageStatus {
  /** Rounded used/limit as a percentage, capped at 100 for the progress bar. */
  percent: number;
  /** Spec §2: at 80 % or more, "Approaching Limit". */
  approachingLimit: boolean;
  /** Spec §2: a limit of exactly 5 is the free trial: "Upgrade for More Sequences". */
  freeTrial: boolean;
  remaining: number;
}

export function usageStatus({ used, limit }: Usage): UsageStatus {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : used > 0 ? 100 : 0;
  return {
    percent,
    approachingLimit: percent >= APPROACHING_LIMIT_PERCENT,
    freeTrial: limit === FREE_TRIAL_SEQUENCES,
    remaining: Math.max(0, limit - used),
  };
}

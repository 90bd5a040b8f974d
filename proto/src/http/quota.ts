import { z } from 'zod';

export const FREE_TRIAL_SEQUENCES = 5;

export const Usage = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof Usage>;

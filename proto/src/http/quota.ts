import { z } from 'zod';
import { PlanType } from './billing.ts';
import { IsoDateTime } from './common.ts';

export const Usage = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof Usage>;

/**
 * GET /api/usage/details: what the allowance is and when it starts afresh, for the screens that
 * say why a user cannot generate (issue 13, item 1). /api/usage stays `{ used, limit }` as
 * docs/product.md §7 has it; this is read only when the limit is reached.
 */
export const UsageDetails = Usage.extend({
  plan: z.union([z.literal('free'), PlanType]),
  /** When the paid allowance starts afresh (ISO time); null on the free trial, which never does. */
  resetsAt: IsoDateTime.nullable(),
});
export type UsageDetails = z.infer<typeof UsageDetails>;

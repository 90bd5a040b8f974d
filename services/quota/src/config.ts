import { serviceSettings, sharedSettings } from '@seqgen/kit';
import { z } from 'zod';

export const QUOTA_DEFAULT_PORT = 8104;

export const quotaConfigShape = {
  ...serviceSettings(QUOTA_DEFAULT_PORT),
  ...sharedSettings.sessions,
  /**
   * How long a reserved sequence holds its slot when neither sequence.generated nor
   * sequence.failed arrives (a generation that crashed). Must outlast the slowest generation.
   */
  RESERVATION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30, 'must be at least 30 (a generation can take that long)')
    .max(24 * 60 * 60)
    .default(300),
};

export type QuotaConfig = z.infer<z.ZodObject<typeof quotaConfigShape>>;

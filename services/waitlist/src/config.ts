import { baseConfigShape, port } from '@seqgen/kit';
import { z } from 'zod';

export const WAITLIST_DEFAULT_PORT = 8101;

export const waitlistConfigShape = {
  ...baseConfigShape,
  PORT: port(WAITLIST_DEFAULT_PORT),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Peers whose X-Forwarded-For is believed (the gateway), as auth's setting: proxy-addr names or
   * CIDRs, comma-separated. The per-address limits on joins and messages count the address it reports.
   */
  TRUSTED_PROXIES: z.string().min(1).default('loopback,uniquelocal'),
};

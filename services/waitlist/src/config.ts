import { baseConfigShape, port } from '@seqgen/kit';
import { z } from 'zod';

export const WAITLIST_DEFAULT_PORT = 8101;

export const waitlistConfigShape = {
  ...baseConfigShape,
  PORT: port(WAITLIST_DEFAULT_PORT),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

import { baseConfigShape, port } from '@seqgen/kit';
import { z } from 'zod';

export const LIBRARY_DEFAULT_PORT = 8105;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const libraryConfigShape = {
  ...baseConfigShape,
  PORT: port(LIBRARY_DEFAULT_PORT),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The public origin (https://app.example.com): writes from any other origin are refused (CSRF). */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  /**
   * Peers whose X-Forwarded-Proto/-Host are believed (the gateway), so the CSRF check compares the
   * browser's Origin with the address the browser used. proxy-addr names or CIDRs, comma-separated.
   */
  TRUSTED_PROXIES: z.string().min(1).default('loopback,uniquelocal'),
  /** Saved sequences one user may keep; saving more answers 409 until some are deleted. */
  SAVED_SEQUENCES_PER_USER: positiveInt(1000),
  SAVES_PER_HOUR: positiveInt(120),
  FEEDBACK_PER_HOUR: positiveInt(60),
};

export type LibraryConfig = z.infer<z.ZodObject<typeof libraryConfigShape>>;

import { baseConfigShape, port } from '@seqgen/kit';
import { z } from 'zod';

export const ANALYTICS_DEFAULT_PORT = 8107;

const httpUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, 'must be an http:// or https:// URL');

export const analyticsConfigShape = {
  ...baseConfigShape,
  PORT: port(ANALYTICS_DEFAULT_PORT),
  /** Only to learn who is signed in (the user id of an event); never required. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The public origin (https://app.example.com): writes from any other origin are refused (CSRF). */
  PUBLIC_URL: httpUrl.optional(),
  /** Peers whose X-Forwarded-For/-Proto/-Host are believed (the gateway), comma-separated. */
  TRUSTED_PROXIES: z.string().min(1).default('loopback,uniquelocal'),
  /**
   * A PostHog-compatible batch capture endpoint (https://eu.i.posthog.com/batch/). Set: every
   * event is also forwarded there. Unset: events are only kept in this service's table.
   */
  ANALYTICS_SINK_URL: httpUrl.optional(),
  /** The project API key the sink expects in the body (PostHog's phc_…). */
  ANALYTICS_SINK_KEY: z.string().min(1).max(200).optional(),
  /** Batches one client address may send per minute (the web app sends one every 5 s at most). */
  ANALYTICS_BATCHES_PER_MINUTE: z.coerce.number().int().positive().default(60),
};

export type AnalyticsConfig = z.infer<z.ZodObject<typeof analyticsConfigShape>>;

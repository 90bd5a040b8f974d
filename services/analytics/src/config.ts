import { httpUrl, serviceSettings, sharedSettings } from '@seqgen/kit';
import { z } from 'zod';

export const ANALYTICS_DEFAULT_PORT = 8107;

export const analyticsConfigShape = {
  ...serviceSettings(ANALYTICS_DEFAULT_PORT),
  /** Only to learn who is signed in (the user id of an event); never required. */
  ...sharedSettings.sessions,
  ...sharedSettings.publicUrl,
  ...sharedSettings.trustedProxies,
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

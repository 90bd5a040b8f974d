import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';

/**
 * First-party product analytics (issue 11, item 3): what the web app may send to
 * POST /api/events. Everything here is closed (event names, property keys) and short, so a batch
 * cannot carry free text, and nothing personal beyond the user id the service itself takes from
 * the session cookie: no name, no e-mail address (a value that looks like one is refused).
 */

/** The events the web app sends; anything else is refused, so dashboards see one spelling. */
export const WEB_ANALYTICS_EVENTS = [
  /** A route was shown (visits in the funnel count distinct browsers with one). */
  'page_view',
  'button_click',
  'section_navigation',
  /** Sign-in, sign-up, Google, logout: `action` and `outcome` say which. */
  'auth',
  /** The generator analysed a company (the funnel's "analyses"). */
  'analysis_completed',
  /** The user asked for a sequence. */
  'email_generation',
  /** The user saved a sequence to the library. */
  'sequence_saved',
] as const;
export const WebAnalyticsEventName = z.enum(WEB_ANALYTICS_EVENTS);
export type WebAnalyticsEventName = z.infer<typeof WebAnalyticsEventName>;

/** Property keys an event may carry; the web client drops any other before sending. */
export const ANALYTICS_PROP_KEYS = [
  'label',
  'location',
  'section',
  'source',
  'action',
  'outcome',
  'path',
  'targetSpecificCompany',
  'industry',
  'language',
  'count',
  'plan',
  'billing',
  'rating',
  'kind',
] as const;
export type AnalyticsPropKey = (typeof ANALYTICS_PROP_KEYS)[number];

export const ANALYTICS_LIMITS = {
  /** Events in one batch (the web client flushes at 20). */
  eventsPerBatch: 50,
  /** Characters in one text property value. */
  propValueLength: 120,
  /** Characters in the anonymous browser id. */
  anonymousIdLength: 64,
} as const;

/** name@domain.tld anywhere in the value: an e-mail address is personal data and never stored. */
const LOOKS_LIKE_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
export const EMAIL_IN_ANALYTICS_MESSAGE = 'looks like an e-mail address; analytics never carry personal data.';

const propText = text()
  .max(ANALYTICS_LIMITS.propValueLength, `is too long (${ANALYTICS_LIMITS.propValueLength} characters at most)`)
  .refine((value) => !LOOKS_LIKE_EMAIL.test(value), EMAIL_IN_ANALYTICS_MESSAGE);
const propValue = z.union([propText, z.number(), z.boolean()]);

/** A small flat map: only the keys above, each a short string, a number or a boolean. */
export const AnalyticsProps = z.strictObject(
  Object.fromEntries(ANALYTICS_PROP_KEYS.map((key) => [key, propValue.optional()])) as Record<
    AnalyticsPropKey,
    z.ZodOptional<typeof propValue>
  >,
);
export type AnalyticsProps = z.infer<typeof AnalyticsProps>;

export const AnalyticsEventInput = z.strictObject({
  name: WebAnalyticsEventName,
  /** When it happened in the browser (ISO 8601); the service also records when it arrived. */
  at: IsoDateTime,
  props: AnalyticsProps.default({}),
});
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;

/**
 * Random, made in the browser and kept in its localStorage: counts visits without knowing who.
 * Letters, digits, "-" and "_" only, so it cannot hold an address or a name with spaces.
 */
export const AnonymousId = text()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, "-" or "_"')
  .refine((value) => !LOOKS_LIKE_EMAIL.test(value), EMAIL_IN_ANALYTICS_MESSAGE);

/** POST /api/events. The user id is never taken from here: the service reads the session cookie. */
export const TrackEventsRequest = z.strictObject({
  anonymousId: AnonymousId,
  events: z
    .array(AnalyticsEventInput)
    .min(1, 'send at least one event')
    .max(ANALYTICS_LIMITS.eventsPerBatch, `at most ${ANALYTICS_LIMITS.eventsPerBatch} events per batch`),
});
export type TrackEventsRequest = z.infer<typeof TrackEventsRequest>;

export const TrackEventsResponse = z.object({ accepted: z.number().int().nonnegative() });
export type TrackEventsResponse = z.infer<typeof TrackEventsResponse>;

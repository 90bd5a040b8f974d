import { z } from 'zod';
import { PlanType } from '../http/billing.ts';

/**
 * Every event that crosses a service boundary, keyed by its subject (docs/architecture.md §3).
 * Publishers and consumers both validate against these, so a payload that does not match is
 * refused on the way out and terminated (never retried) on the way in.
 */
export const eventCatalogue = {
  'user.registered': z.object({ userId: z.string(), email: z.string() }),
  'sequence.generated': z.object({ userId: z.string(), reservationId: z.string() }),
  /**
   * A release. reservationId may name a reservation quota never answered for: generation names
   * its quota.reserve requestId (quota's reservation id) when it stopped waiting, and quota keeps
   * the release so a reserve request arriving late is refused (issue 10, finding 4).
   */
  'sequence.failed': z.object({ userId: z.string(), reservationId: z.string(), reason: z.string() }),
  'billing.activated': z.object({
    userId: z.string(),
    plan: PlanType,
    limit: z.number().int().positive(),
    periodStart: z.iso.datetime({ offset: true }),
    periodEnd: z.iso.datetime({ offset: true }),
  }),
  'billing.renewed': z.object({
    userId: z.string(),
    plan: PlanType,
    limit: z.number().int().positive(),
    periodStart: z.iso.datetime({ offset: true }),
    periodEnd: z.iso.datetime({ offset: true }),
  }),
  'billing.canceled': z.object({ userId: z.string() }),
  'waitlist.joined': z.object({ entryId: z.string(), email: z.string() }),
  /**
   * message (the text, so auth can mail it to the support inbox without reading waitlist's
   * table) is optional: events written before it was added still validate.
   */
  'contact.received': z.object({ messageId: z.string(), email: z.string(), message: z.string().optional() }),
  /** A user saved a sequence to their library (analytics: the funnel's "saves"). */
  'sequence.saved': z.object({ userId: z.string(), savedSequenceId: z.string() }),
  /** A user rated a generated sequence (analytics). The comment stays in library's table. */
  'feedback.recorded': z.object({ userId: z.string(), feedbackId: z.string(), rating: z.enum(['good', 'bad']) }),
} as const;

export type EventType = keyof typeof eventCatalogue;
export type EventData<T extends EventType> = z.infer<(typeof eventCatalogue)[T]>;
export const eventTypes = Object.keys(eventCatalogue) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventCatalogue, value);
}

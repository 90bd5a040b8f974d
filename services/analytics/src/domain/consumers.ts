import type { Bus, ConsumerHandle, Database } from '@seqgen/kit';
import type { Envelope, EventType } from '@seqgen/proto';
import { insertEvents } from '../data/repository.ts';
import { processedEvents } from '../data/schema.ts';

/**
 * The domain events that feed the funnel (issue 11, item 3), each stored as an event named by its
 * type with the user it names. Only the user id, a rating and a plan are kept: no e-mail address
 * (user.registered carries one; it is dropped here).
 */
export const FUNNEL_EVENTS = [
  'user.registered',
  'sequence.generated',
  'sequence.saved',
  'feedback.recorded',
  'billing.activated',
  'billing.canceled',
] as const satisfies readonly EventType[];
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

/** Durable names stay fixed across releases: renaming one would replay the whole stream. */
export const analyticsDurable = (type: FunnelEvent) => `analytics-${type.replace('.', '-')}`;

/** The properties worth keeping from each event: short, never personal. */
function propsOf(envelope: Envelope<FunnelEvent>): Record<string, string | number> {
  const data = envelope.data as Record<string, unknown>;
  const props: Record<string, string | number> = {};
  if (typeof data.rating === 'string') props.rating = data.rating;
  if (typeof data.plan === 'string') props.plan = data.plan;
  return props;
}

export interface FunnelConsumerDeps {
  bus: Pick<Bus, 'consume'>;
  db: Database;
  onStored?: (() => void) | undefined;
}

/**
 * One durable consumer per event, idempotent by envelope id (processed_events, recorded in the
 * same transaction as the row, as kit's consumeIdempotently does): a redelivery stores nothing
 * twice. The row's id is the envelope id as well, a second guard should a consumer ever be
 * renamed and replay the stream. Written out rather than with consumeIdempotently so the sink
 * relay can be poked after the commit.
 */
export async function startFunnelConsumers(
  { bus, db, onStored }: FunnelConsumerDeps,
  timing: { retryDelayMs?: number; ackWaitMs?: number } = {},
): Promise<ConsumerHandle[]> {
  const start = <T extends FunnelEvent>(type: T) => {
    const durable = analyticsDurable(type);
    return bus.consume({
      durable,
      type,
      ...timing,
      handler: async (envelope) => {
        const stored = await db.transaction(async (tx) => {
          const recorded = await tx
            .insert(processedEvents)
            .values({ consumer: durable, eventId: envelope.id })
            .onConflictDoNothing()
            .returning({ eventId: processedEvents.eventId });
          if (recorded.length === 0) return 0;
          return insertEvents(tx, [
            {
              id: envelope.id,
              name: type,
              source: 'domain',
              userId: (envelope.data as { userId: string }).userId,
              anonymousId: null,
              props: propsOf(envelope as Envelope<FunnelEvent>),
              occurredAt: new Date(envelope.occurredAt),
            },
          ]);
        });
        // After the commit, so the relay finds the row at once rather than at its next poll.
        if (stored > 0) onStored?.();
      },
    });
  };
  return Promise.all(FUNNEL_EVENTS.map((type) => start(type)));
}

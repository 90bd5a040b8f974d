import type { Bus, ConsumerHandle, Database } from '@seqgen/kit';
import type { Envelope, EventType } from '@seqgen/proto';
import { insertEvents } from '../data/repository.ts';

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
 * One durable consumer per event, idempotent by envelope id: the row's id is the envelope id and
 * a row already there is left as it was (insertEvents), so a redelivery, or a replay under a
 * renamed consumer, stores nothing twice. Event rows are never deleted, so the key alone is the
 * record of what was applied: one statement per event, no transaction and no processed_events
 * row, which kit's consumeIdempotently needs for effects that leave no such key (issue 12,
 * pipeline overhead: a generation's events were 4 statements each here). Written out rather than
 * with consumeIdempotently so the sink relay can be poked after the insert.
 */
export async function startFunnelConsumers(
  { bus, db, onStored }: FunnelConsumerDeps,
  timing: { retryDelayMs?: number; ackWaitMs?: number } = {},
): Promise<ConsumerHandle[]> {
  const start = <T extends FunnelEvent>(type: T) =>
    bus.consume({
      durable: analyticsDurable(type),
      type,
      ...timing,
      handler: async (envelope) => {
        const stored = await insertEvents(db, [
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
        // Only a new row: the relay then finds it at once rather than at its next poll.
        if (stored > 0) onStored?.();
      },
    });
  return Promise.all(FUNNEL_EVENTS.map((type) => start(type)));
}

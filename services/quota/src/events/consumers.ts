import { type Bus, type ConsumerHandle, consumeIdempotently, type Executor } from '@seqgen/kit';
import type { Envelope } from '@seqgen/proto';
import { outbox as outboxTable, processedEvents } from '../data/schema.ts';
import {
  applyBillingPeriod,
  cancelPlan,
  commitSequence,
  createAllowance,
  type QuotaDeps,
  releaseSequence,
} from '../domain/quota.ts';

/** The events quota learns from (docs/architecture.md §3). */
export const QUOTA_EVENTS = [
  'user.registered',
  'sequence.generated',
  'sequence.failed',
  'billing.activated',
  'billing.renewed',
  'billing.canceled',
] as const;
export type QuotaEvent = (typeof QUOTA_EVENTS)[number];

type QuotaEffects = {
  [T in QuotaEvent]: (tx: Executor, envelope: Envelope<T>) => Promise<void>;
};

/** Each effect, applied inside the transaction that records the event as processed. */
function quotaEffects(deps: QuotaDeps): QuotaEffects {
  return {
    'user.registered': (tx, envelope) => createAllowance(tx, envelope.data),
    'sequence.generated': (tx, envelope) => commitSequence(deps, tx, envelope.data),
    'sequence.failed': (tx, envelope) => releaseSequence(deps, tx, envelope.data),
    'billing.activated': (tx, envelope) => applyBillingPeriod(deps, tx, envelope),
    'billing.renewed': (tx, envelope) => applyBillingPeriod(deps, tx, envelope),
    'billing.canceled': (tx, envelope) => cancelPlan(deps, tx, envelope),
  };
}

/** Durable names stay fixed across releases: renaming one would replay the whole stream. */
export const durableFor = (type: QuotaEvent) => `quota-${type.replace('.', '-')}`;

export const quotaEventTables = { outbox: outboxTable, processedEvents };

/**
 * What the durable consumer of one event type runs. Every event here may change a user's
 * allowance, so the cached usage is dropped inside the change's transaction and stored anew once
 * it has committed (domain/usage-cache.ts).
 */
export function quotaConsumer<T extends QuotaEvent>(deps: QuotaDeps, type: T) {
  const effect = quotaEffects(deps)[type] as QuotaEffects[T];
  return {
    durable: durableFor(type),
    type,
    handle: async (tx: Executor, envelope: Envelope<T>) => {
      await deps.usageCache.forget(envelope.data.userId);
      await effect(tx, envelope);
    },
    afterCommit: async (envelope: Envelope<T>) => {
      await deps.usageCache.refresh(deps.db, envelope.data.userId);
      // Open tabs hear of it now instead of asking every 5 s (issue 25, item 2).
      deps.usageFeed?.changed(envelope.data.userId);
    },
  };
}

/** One durable, idempotent consumer per event type; stop them all on shutdown. */
export async function startQuotaConsumers(
  bus: Bus,
  deps: QuotaDeps,
  timing: { retryDelayMs?: number; ackWaitMs?: number } = {},
): Promise<Record<QuotaEvent, ConsumerHandle>> {
  const start = <T extends QuotaEvent>(type: T) =>
    consumeIdempotently({ bus, db: deps.db, tables: quotaEventTables, ...quotaConsumer(deps, type), ...timing });
  const handles = await Promise.all(QUOTA_EVENTS.map((type) => start(type)));
  return Object.fromEntries(QUOTA_EVENTS.map((type, i) => [type, handles[i]])) as Record<QuotaEvent, ConsumerHandle>;
}

export async function stopConsumers(handles: Record<QuotaEvent, ConsumerHandle>): Promise<void> {
  await Promise.all(Object.values(handles).map((handle) => handle.stop()));
}

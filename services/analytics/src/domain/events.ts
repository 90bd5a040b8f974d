import type { Database, RateLimiter, RateLimitRule } from '@seqgen/kit';
import type { TrackEventsRequest } from '@seqgen/proto';
import { insertEvents } from '../data/repository.ts';

/**
 * Per-address limit on batches. The web app flushes at most every 5 s (plus a beacon when the
 * page is hidden), so 60 a minute leaves room for a few tabs or people behind one address and
 * stops a script filling the table. The gateway's 600 requests a minute per address still holds.
 */
export interface AnalyticsLimits {
  batchesPerIp: RateLimitRule;
}

export const DEFAULT_ANALYTICS_LIMITS: AnalyticsLimits = {
  batchesPerIp: { name: 'analytics:ip', limit: 60, windowMs: 60_000 },
};

export interface IngestDeps {
  db: Database;
  limiter: RateLimiter;
  limits: AnalyticsLimits;
  /** Told after events were stored (the sink relay), when a sink is configured. */
  onStored?: (() => void) | undefined;
}

/** Stores a validated batch from the web app; the user id is the session's, never the body's. */
export async function ingestBatch(
  deps: IngestDeps,
  batch: TrackEventsRequest,
  from: { userId: string | null; clientIp: string },
): Promise<number> {
  await deps.limiter.enforce(
    [{ rule: deps.limits.batchesPerIp, key: from.clientIp }],
    'analytics batches from your address',
  );
  const receivedAt = new Date();
  const stored = await insertEvents(
    deps.db,
    batch.events.map((event) => ({
      id: crypto.randomUUID(),
      name: event.name,
      source: 'web' as const,
      userId: from.userId,
      anonymousId: batch.anonymousId,
      props: event.props,
      // A browser clock ahead of ours cannot put an event in the future.
      occurredAt: new Date(Math.min(Date.parse(event.at), receivedAt.getTime())),
      receivedAt,
    })),
  );
  deps.onStored?.();
  return stored;
}

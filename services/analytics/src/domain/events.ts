import type { Database, RateLimiter, RateLimitRule } from '@seqgen/kit';
import type { TrackEventsRequest } from '@seqgen/proto';
import { insertEvents } from '../data/repository.ts';

/**
 * Limit on batches: per signed-in user, per address for anyone else (issue 25, item 1: an office
 * of hundreds of people shares one address, and counting them together refused their batches).
 * The web app flushes at most every 5 s (plus a beacon when the page is hidden), so 60 a minute
 * leaves room for a few tabs and stops a script filling the table.
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
  // One rule, two kinds of key: a user id and an address never collide ("user:" / "ip:").
  await deps.limiter.enforce(
    [{ rule: deps.limits.batchesPerIp, key: from.userId ? `user:${from.userId}` : `ip:${from.clientIp}` }],
    from.userId ? 'analytics batches' : 'analytics batches from your address',
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

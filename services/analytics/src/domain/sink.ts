import type { Database, Logger } from '@seqgen/kit';
import { claimUnforwarded, countUnforwarded, type EventRow, markForwarded, releaseClaims } from '../data/repository.ts';

export interface SinkRelayOptions {
  db: Database;
  /** ANALYTICS_SINK_URL: a PostHog-compatible batch endpoint (…/batch/). */
  url: string;
  /** ANALYTICS_SINK_KEY: sent as `api_key` in the body, as PostHog's batch API takes it. */
  apiKey?: string | undefined;
  logger: Logger;
  /** How often the relay looks for rows (events from another replica, retries). */
  pollIntervalMs?: number;
  /** Events per request to the sink. */
  batchSize?: number;
  /** The longest wait between attempts while the sink stays away. */
  maxBackoffMs?: number;
  /** One request to the sink, connection to answer. */
  timeoutMs?: number;
  /** A claim older than this is taken to belong to a relay that died mid-send. */
  leaseMs?: number;
  fetch?: typeof fetch;
}

/** One event in PostHog's batch format (https://posthog.com/docs/api/capture, "batch"). */
export interface SinkEvent {
  event: string;
  distinct_id: string;
  /** PostHog drops a second event with the same uuid: a batch sent twice is counted once. */
  uuid: string;
  timestamp: string;
  properties: Record<string, unknown>;
}

/** The body the sink receives: `{ api_key, batch: [...] }`. */
export function toSinkBatch(rows: EventRow[], apiKey: string | undefined): { api_key?: string; batch: SinkEvent[] } {
  return {
    ...(apiKey ? { api_key: apiKey } : {}),
    batch: rows.map((row) => {
      const distinctId = row.userId ?? row.anonymousId ?? row.id;
      return {
        event: row.name,
        distinct_id: distinctId,
        uuid: row.id,
        timestamp: row.occurredAt.toISOString(),
        properties: {
          ...row.props,
          distinct_id: distinctId,
          source: row.source,
          ...(row.anonymousId ? { anonymous_id: row.anonymousId } : {}),
          // A signed-out visitor is not a person PostHog should build a profile for.
          ...(row.userId ? {} : { $process_person_profile: false }),
        },
      };
    }),
  };
}

class SinkRefused extends Error {
  override name = 'SinkRefused';
}

/**
 * Forwards stored events to the sink, like the kit's Outbox relay forwards to the bus: poll,
 * batch, retry with back-off, mark forwarded_at. Events are in the table before the relay sees
 * them, so a sink that is slow, down or refusing never fails the user's request and loses
 * nothing: the rows stay unforwarded and go out when it answers again. An outage is logged when
 * it starts and when it ends, not on every attempt.
 */
export class SinkRelay {
  readonly #options: Required<Omit<SinkRelayOptions, 'apiKey'>> & { apiKey: string | undefined };
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #outage: { since: number; failures: number } | undefined;
  #nextAttemptAt = 0;

  constructor(options: SinkRelayOptions) {
    this.#options = {
      pollIntervalMs: 2_000,
      batchSize: 100,
      maxBackoffMs: 60_000,
      timeoutMs: 10_000,
      leaseMs: 60_000,
      fetch: globalThis.fetch,
      ...options,
      apiKey: options.apiKey,
    };
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#timer = setInterval(() => {
      if (Date.now() >= this.#nextAttemptAt) this.poke();
    }, this.#options.pollIntervalMs);
    this.#timer.unref();
    this.poke();
  }

  /** Asks the relay to run now (new events were stored); pokes during a back-off wait are ignored. */
  poke(): void {
    if (this.#stopped || Date.now() < this.#nextAttemptAt) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        this.poke();
      }
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Events not yet taken by the sink. */
  pending(): Promise<number> {
    return countUnforwarded(this.#options.db);
  }

  async #drain(): Promise<void> {
    try {
      while (!this.#stopped && (await this.#forwardBatch()) > 0) {}
      if (this.#outage) {
        const { since, failures } = this.#outage;
        this.#options.logger.info(
          { pausedMs: Date.now() - since, failedAttempts: failures },
          'analytics sink answers again',
        );
      }
      this.#outage = undefined;
      this.#nextAttemptAt = 0;
    } catch (error) {
      const { pollIntervalMs, maxBackoffMs, logger } = this.#options;
      if (this.#outage) {
        this.#outage.failures += 1;
        logger.debug({ err: error, failedAttempts: this.#outage.failures }, 'analytics sink still unreachable');
      } else {
        this.#outage = { since: Date.now(), failures: 1 };
        logger.warn({ err: error }, 'analytics sink unreachable; events stay stored and are retried');
      }
      this.#nextAttemptAt =
        Date.now() + Math.min(pollIntervalMs * 2 ** Math.min(this.#outage.failures - 1, 16), maxBackoffMs);
    }
  }

  async #forwardBatch(): Promise<number> {
    const { db, batchSize, leaseMs } = this.#options;
    const rows = await claimUnforwarded(db, batchSize, leaseMs);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    try {
      await this.#send(rows);
    } catch (error) {
      await releaseClaims(db, ids).catch(() => {});
      throw error;
    }
    await markForwarded(db, ids);
    return rows.length;
  }

  async #send(rows: EventRow[]): Promise<void> {
    const { url, apiKey, timeoutMs } = this.#options;
    const response = await this.#options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toSinkBatch(rows, apiKey)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => {});
    if (!response.ok) throw new SinkRefused(`the analytics sink answered ${response.status}`);
  }
}

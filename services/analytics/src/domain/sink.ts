import { type Database, type Logger, RelayLoop } from '@seqgen/kit';
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
 * Forwards stored events to the sink, on the same loop as the kit's Outbox relay (kit
 * RelayLoop: poll, batch, retry with back-off), marking forwarded_at. Events are in the table
 * before the relay sees them, so a sink that is slow, down or refusing never fails the user's request and loses
 * nothing: the rows stay unforwarded and go out when it answers again. An outage is logged when
 * it starts and when it ends, not on every attempt.
 */
export class SinkRelay {
  readonly #options: Required<Omit<SinkRelayOptions, 'apiKey'>> & { apiKey: string | undefined };
  readonly #loop: RelayLoop;

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
    this.#loop = new RelayLoop({
      logger: this.#options.logger,
      pollIntervalMs: this.#options.pollIntervalMs,
      maxBackoffMs: this.#options.maxBackoffMs,
      // Stored events poke it; while the sink is away they wait for the back-off like the rest.
      pokeDuringBackoff: false,
      messages: {
        paused: 'analytics sink unreachable; events stay stored and are retried',
        stillPaused: 'analytics sink still unreachable',
        resumed: 'analytics sink answers again',
      },
      pass: async (loop) => {
        while (!loop.stopped && (await this.#forwardBatch()) > 0) {}
      },
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Asks the relay to run now (new events were stored); pokes during a back-off wait are ignored. */
  poke(): void {
    this.#loop.poke();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Events not yet taken by the sink. */
  pending(): Promise<number> {
    return countUnforwarded(this.#options.db);
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

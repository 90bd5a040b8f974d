import {
  type Bus,
  BusRequestError,
  BusTimeoutError,
  BusUnavailableError,
  type Database,
  HttpError,
  type Logger,
  type Outbox,
} from '@seqgen/kit';
import type { AppRequests, ReplyOf } from '@seqgen/proto';

export const QUOTA_UNAVAILABLE_MESSAGE =
  "We couldn't check your sequence allowance right now, so nothing was generated. Please try again in a moment.";

export interface QuotaDeps {
  db: Database;
  outbox: Outbox;
  /** Asks quota (request/reply) for a reservation before anything is written. */
  bus: Bus<AppRequests>;
  logger: Logger;
  /** How long quota may take to answer a reservation before the request fails closed. */
  quotaTimeoutMs: number;
}

/** A sequence's place in the user's allowance: reserved before writing, released when nothing was delivered. */
export interface Reservations {
  /** The reservation id; throws HttpError 403 `limit_reached` or 503 `quota_unavailable`. */
  reserve(userId: string): Promise<string>;
  /** Releases the reservation (quota consumes sequence.failed). Best effort: it also expires. */
  release(userId: string, reservationId: string, reason: string): Promise<void>;
}

export function quotaReservations(deps: QuotaDeps): Reservations {
  const log = deps.logger;

  const release: Reservations['release'] = async (userId, reservationId, reason) => {
    try {
      await deps.db.transaction(async (tx) => {
        await deps.outbox.enqueue(tx, 'sequence.failed', { userId, reservationId, reason });
      });
      deps.outbox.poke();
    } catch (error) {
      log.error({ err: error, reservationId }, 'could not record sequence.failed; the reservation will expire');
    }
  };

  const quotaUnavailable = () =>
    new HttpError(503, 'quota_unavailable', QUOTA_UNAVAILABLE_MESSAGE, { 'retry-after': '5' });

  /**
   * Fail closed: no answer from quota means no sequence, never a free one. Each attempt has its
   * own request id, which quota uses as the reservation id, and tells quota when this wait ends.
   * When the wait ends without an answer, quota may still reserve (it was stalled, or its reply
   * was lost): the id is released at once, so the slot is freed whichever of the two quota sees
   * first (issue 10, finding 4).
   */
  const reserve: Reservations['reserve'] = async (userId) => {
    const requestId = crypto.randomUUID();
    const deadline = new Date(Date.now() + deps.quotaTimeoutMs).toISOString();
    let reply: ReplyOf<'quota.reserve'>;
    try {
      reply = await deps.bus.request(
        'quota.reserve',
        { userId, requestId, deadline },
        { timeoutMs: deps.quotaTimeoutMs },
      );
    } catch (error) {
      if (
        error instanceof BusTimeoutError ||
        error instanceof BusUnavailableError ||
        error instanceof BusRequestError
      ) {
        log.warn({ err: error, requestId }, 'quota reservation failed; refusing to generate and releasing the request');
        // Also on "unavailable" and failed replies: whether the request reached quota is unknown.
        await release(userId, requestId, 'quota_unanswered');
        throw quotaUnavailable();
      }
      throw error;
    }
    if (reply.ok) return reply.reservationId;
    // Quota judged the request too late (clocks apart): nothing reserved, and no plan limit either.
    if (reply.reason === 'expired') {
      log.warn({ requestId, reason: reply.message }, 'quota refused the reservation as expired; refusing to generate');
      throw quotaUnavailable();
    }
    // The plan limit, decided by quota's reason and never by its words (a responder of the previous
    // release gives no reason: its refusals were always the limit). The client sends the user to
    // /subscribe on the code (docs/product.md §8); quota's own message says why.
    throw new HttpError(403, 'limit_reached', reply.message);
  };

  return { reserve, release };
}

import { z } from 'zod';

/**
 * Why quota refused a reservation; generation decides on this, never on the message. `limit_reached`:
 * the allowance is used up, and generation answers 403 with the error code of that name and
 * quota's message (docs/product.md §8). `expired`: the request came after its caller's deadline,
 * or names a reservation already settled — the caller has given up, nothing was reserved, and it
 * must not be shown to the user as a plan limit.
 */
export const ReserveRefusalReason = z.enum(['limit_reached', 'expired']);
export type ReserveRefusalReason = z.infer<typeof ReserveRefusalReason>;

/** NATS request/reply contracts: subject → request and reply schemas. */
export const requestCatalogue = {
  'quota.reserve': {
    request: z.object({
      userId: z.string(),
      /**
       * One id per attempt, chosen by the caller and used by quota as the reservation's id, so a
       * duplicated request never reserves twice and a caller that gave up can release what it may
       * have reserved (sequence.failed naming this id) without ever having seen the reply
       * (issue 10, finding 4). Optional only so a caller of the previous release keeps working.
       */
      requestId: z.uuid().optional(),
      /** When the caller stops waiting (ISO time): quota refuses work that arrives after it. */
      deadline: z.iso.datetime({ offset: true }).optional(),
    }),
    reply: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), reservationId: z.string(), used: z.number().int(), limit: z.number().int() }),
      // No reason from a responder of the previous release: a refusal was always the limit.
      z.object({ ok: z.literal(false), reason: ReserveRefusalReason.optional(), message: z.string() }),
    ]),
  },
  /**
   * Asked by every service's session verifier after the JWT signature checks out: is this session
   * still live (not ended by logout or a password reset, not expired)? Only auth answers.
   */
  'auth.session-status': {
    request: z.object({ sessionId: z.string().min(1).max(128), userId: z.string().min(1).max(128) }),
    reply: z.object({ live: z.boolean() }),
  },
} as const;

/** The catalogue's type, for a bus opened with it (kit `Bus<AppRequests>`). */
export type AppRequests = typeof requestCatalogue;
export type RequestSubject = keyof typeof requestCatalogue;
export type RequestOf<S extends RequestSubject> = z.infer<(typeof requestCatalogue)[S]['request']>;
export type ReplyOf<S extends RequestSubject> = z.infer<(typeof requestCatalogue)[S]['reply']>;

/** Anything that can ask the catalogue's questions: the kit's bus opened with this catalogue. */
export interface Requester {
  request<S extends RequestSubject>(
    subject: S,
    data: RequestOf<S>,
    options?: { timeoutMs?: number },
  ): Promise<ReplyOf<S>>;
}

/** How long a service waits for auth's answer before it fails closed (503). */
export const SESSION_STATUS_TIMEOUT_MS = 2_000;

/**
 * The question every service but auth asks about a correctly signed session: is it still live?
 * Services hand it to defineService (`sessionLiveness`); the kit caches its answers.
 */
export function askSessionStatus(bus: Requester, timeoutMs = SESSION_STATUS_TIMEOUT_MS) {
  return async (session: RequestOf<'auth.session-status'>): Promise<boolean> => {
    const { live } = await bus.request(
      'auth.session-status',
      { sessionId: session.sessionId, userId: session.userId },
      { timeoutMs },
    );
    return live;
  };
}

import { z } from 'zod';

/** NATS request/reply contracts: subject → request and reply schemas. */
export const requestCatalogue = {
  'quota.reserve': {
    request: z.object({ userId: z.string() }),
    reply: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), reservationId: z.string(), used: z.number().int(), limit: z.number().int() }),
      z.object({ ok: z.literal(false), message: z.string() }),
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

export type RequestSubject = keyof typeof requestCatalogue;
export type RequestOf<S extends RequestSubject> = z.infer<(typeof requestCatalogue)[S]['request']>;
export type ReplyOf<S extends RequestSubject> = z.infer<(typeof requestCatalogue)[S]['reply']>;

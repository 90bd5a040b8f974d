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
} as const;

export type RequestSubject = keyof typeof requestCatalogue;
export type RequestOf<S extends RequestSubject> = z.infer<(typeof requestCatalogue)[S]['request']>;
export type ReplyOf<S extends RequestSubject> = z.infer<(typeof requestCatalogue)[S]['reply']>;

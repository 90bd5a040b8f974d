import { type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
import {
  ContactRequest,
  ContactResponse,
  JoinWaitlistRequest,
  JoinWaitlistResponse,
  WaitlistList,
} from '@seqgen/proto';
import { joinWaitlist, listWaitlist, receiveContactMessage, type WaitlistDeps } from '../domain/waitlist.ts';

export interface WaitlistRouteDeps extends WaitlistDeps {
  sessions: SessionVerifier;
}

export const waitlistRoutes: RoutePlugin<WaitlistRouteDeps> = async (app, deps) => {
  app.post(
    '/api/waitlist',
    { schema: { body: JoinWaitlistRequest, response: { 200: JoinWaitlistResponse, 201: JoinWaitlistResponse } } },
    async (request, reply) => {
      const result = await joinWaitlist(deps, request.body.email, request.ip);
      return reply.code(result.alreadyJoined ? 200 : 201).send(result);
    },
  );

  // The body is the array docs/product.md §7 names; the count also travels as a header for clients that
  // only need the number.
  app.get(
    '/api/waitlist',
    { onRequest: signedIn(deps.sessions), schema: { response: { 200: WaitlistList } } },
    async (_request, reply) => {
      const entries = await listWaitlist(deps);
      return reply.header('x-total-count', String(entries.length)).send(entries);
    },
  );

  // A message sent again is answered like joining twice: 200 with the first one's receipt, where
  // a new one is 201. Success either way, since the message did arrive.
  app.post(
    '/api/contact',
    { schema: { body: ContactRequest, response: { 200: ContactResponse, 201: ContactResponse } } },
    async (request, reply) => {
      const { duplicate, ...receipt } = await receiveContactMessage(deps, { ...request.body, clientIp: request.ip });
      return reply.code(duplicate ? 200 : 201).send(receipt);
    },
  );
};

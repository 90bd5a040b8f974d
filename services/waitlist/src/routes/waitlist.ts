import type { Service, SessionVerifier } from '@seqgen/kit';
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

export async function waitlistRoutes(app: Service, deps: WaitlistRouteDeps) {
  app.post(
    '/api/waitlist',
    { schema: { body: JoinWaitlistRequest, response: { 200: JoinWaitlistResponse, 201: JoinWaitlistResponse } } },
    async (request, reply) => {
      const result = await joinWaitlist(deps, request.body.email);
      return reply.code(result.alreadyJoined ? 200 : 201).send(result);
    },
  );

  // The body is the array the spec names; the count also travels as a header for clients that
  // only need the number.
  app.get('/api/waitlist', { schema: { response: { 200: WaitlistList } } }, async (request, reply) => {
    await deps.sessions.requireUser(request);
    const entries = await listWaitlist(deps);
    return reply.header('x-total-count', String(entries.length)).send(entries);
  });

  app.post(
    '/api/contact',
    { schema: { body: ContactRequest, response: { 201: ContactResponse } } },
    async (request, reply) => {
      const result = await receiveContactMessage(deps, request.body.email, request.body.message);
      return reply.code(201).send(result);
    },
  );
}

import type { Service, SessionUser, SessionVerifier } from '@seqgen/kit';
import {
  FeedbackRequest,
  FeedbackResponse,
  SavedSequence,
  SavedSequenceList,
  SavedSequenceParams,
  SaveSequenceRequest,
  UpdateSavedSequenceRequest,
} from '@seqgen/proto';
import {
  deleteSavedSequence,
  type LibraryDeps,
  listSavedSequences,
  recordFeedback,
  saveSequence,
  updateSavedSequence,
} from '../domain/library.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's onRequest hook once the session checks out. */
    user?: SessionUser;
  }
}

export interface LibraryRouteDeps extends LibraryDeps {
  sessions: SessionVerifier;
}

export async function libraryRoutes(app: Service, deps: LibraryRouteDeps) {
  // Every route is the signed-in user's own data; signed-out callers are refused before their
  // body is even read.
  app.addHook('onRequest', async (request) => {
    request.user = await deps.sessions.requireUser(request);
  });
  const userOf = (request: { user?: SessionUser }): SessionUser => {
    if (!request.user) throw new Error('route ran without the session hook');
    return request.user;
  };

  app.post(
    '/api/save-sequence',
    { schema: { body: SaveSequenceRequest, response: { 200: SavedSequence, 201: SavedSequence } } },
    async (request, reply) => {
      const { saved, created } = await saveSequence(deps, userOf(request).userId, request.body);
      return reply.code(created ? 201 : 200).send(saved);
    },
  );

  app.get('/api/saved-sequences', { schema: { response: { 200: SavedSequenceList } } }, async (request, reply) => {
    const list = await listSavedSequences(deps, userOf(request).userId);
    return reply.header('x-total-count', String(list.length)).send(list);
  });

  app.put(
    '/api/saved-sequences/:id',
    {
      schema: {
        params: SavedSequenceParams,
        body: UpdateSavedSequenceRequest,
        response: { 200: SavedSequence },
      },
    },
    async (request, reply) => {
      const saved = await updateSavedSequence(deps, userOf(request).userId, request.params.id, request.body);
      return reply.code(200).send(saved);
    },
  );

  app.delete('/api/saved-sequences/:id', { schema: { params: SavedSequenceParams } }, async (request, reply) => {
    await deleteSavedSequence(deps, userOf(request).userId, request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/email-feedback',
    { schema: { body: FeedbackRequest, response: { 201: FeedbackResponse } } },
    async (request, reply) => {
      await recordFeedback(deps, userOf(request).userId, request.body);
      return reply.code(201).send({ ok: true });
    },
  );
}

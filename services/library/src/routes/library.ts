import { type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
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

export interface LibraryRouteDeps extends LibraryDeps {
  sessions: SessionVerifier;
}

export const libraryRoutes: RoutePlugin<LibraryRouteDeps> = async (app, deps) => {
  // Every route is the signed-in user's own data; signed-out callers are refused before their
  // body is even read.
  app.addHook('onRequest', signedIn(deps.sessions));

  app.post(
    '/api/save-sequence',
    { schema: { body: SaveSequenceRequest, response: { 200: SavedSequence, 201: SavedSequence } } },
    async (request, reply) => {
      const { saved, created } = await saveSequence(deps, request.user.userId, request.body);
      return reply.code(created ? 201 : 200).send(saved);
    },
  );

  app.get('/api/saved-sequences', { schema: { response: { 200: SavedSequenceList } } }, async (request, reply) => {
    const list = await listSavedSequences(deps, request.user.userId);
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
      const saved = await updateSavedSequence(deps, request.user.userId, request.params.id, request.body);
      return reply.code(200).send(saved);
    },
  );

  app.delete('/api/saved-sequences/:id', { schema: { params: SavedSequenceParams } }, async (request, reply) => {
    await deleteSavedSequence(deps, request.user.userId, request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/email-feedback',
    { schema: { body: FeedbackRequest, response: { 201: FeedbackResponse } } },
    async (request, reply) => {
      await recordFeedback(deps, request.user.userId, request.body);
      return reply.code(201).send({ ok: true });
    },
  );
};

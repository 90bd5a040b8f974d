import { type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
import {
  FeedbackRequest,
  FeedbackResponse,
  SAVED_PAGE_DEFAULT,
  SAVED_PAGE_MAX,
  SavedSequence,
  SavedSequenceList,
  SavedSequencePage,
  SavedSequencePageQuery,
  SavedSequenceParams,
  SaveSequenceRequest,
  UpdateSavedSequenceRequest,
} from '@seqgen/proto';
import {
  deleteSavedSequence,
  getSavedSequence,
  type LibraryDeps,
  listSavedSequences,
  pageSavedSequences,
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

  // Pages when asked for (limit, cursor or q), else the spec's plain list (docs/product.md §7).
  app.get(
    '/api/saved-sequences',
    { schema: { querystring: SavedSequencePageQuery, response: { 200: SavedSequenceList.or(SavedSequencePage) } } },
    async (request, reply) => {
      const { limit, cursor, q } = request.query;
      const nextLink = (next: string | null, query: Record<string, string>) => {
        if (!next) return;
        const search = new URLSearchParams({ ...query, cursor: next });
        reply.header('link', `</api/saved-sequences?${search}>; rel="next"`);
      };
      if (limit === undefined && cursor === undefined && q === undefined) {
        const { list, nextCursor, total } = await listSavedSequences(deps, request.user.userId);
        nextLink(nextCursor, { limit: String(SAVED_PAGE_MAX) });
        return reply.header('x-total-count', String(total)).send(list);
      }
      const page = await pageSavedSequences(deps, request.user.userId, request.query);
      nextLink(page.nextCursor, { limit: String(limit ?? SAVED_PAGE_DEFAULT), ...(q ? { q } : {}) });
      return reply.send(page);
    },
  );

  app.get(
    '/api/saved-sequences/:id',
    { schema: { params: SavedSequenceParams, response: { 200: SavedSequence } } },
    async (request, reply) => reply.send(await getSavedSequence(deps, request.user.userId, request.params.id)),
  );

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

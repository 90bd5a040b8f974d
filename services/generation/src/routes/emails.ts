import { openEventStream, type RoutePlugin, type SessionVerifier, signedIn, toErrorResponse } from '@seqgen/kit';
import {
  GeneratedSequenceList,
  GenerateEmailsRequest,
  GenerateEmailsResponse,
  type GenerationStreamEvent,
  RegenerateEmailRequest,
  RegenerateEmailResponse,
} from '@seqgen/proto';
import type { SequenceWriter } from '../sequences/generate-sequence.ts';

export interface EmailRouteDeps {
  sessions: SessionVerifier;
  sequences: SequenceWriter;
}

export const emailRoutes: RoutePlugin<EmailRouteDeps> = async (app, deps) => {
  // Signed-out callers are refused before their body is even read.
  app.addHook('onRequest', signedIn(deps.sessions));

  app.post(
    '/api/generate-emails',
    { schema: { body: GenerateEmailsRequest, response: { 200: GenerateEmailsResponse } } },
    async (request, reply) => {
      const user = request.user;
      const result = await deps.sequences.generate(user, request.body);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  /**
   * The same generation as Server-Sent Events (proto GenerationStreamEvent): `progress` per step,
   * `email` as each is written, then `done` with what the JSON endpoint answers, or `error` with
   * its status, code and message. A signed-out caller or a bad body is answered as JSON before the
   * stream opens; a reader who leaves aborts the work and releases the reservation.
   */
  app.post('/api/generate-emails/stream', { schema: { body: GenerateEmailsRequest } }, async (request, reply) => {
    const user = request.user;
    const stream = openEventStream(request, reply);
    const send = (event: GenerationStreamEvent) => stream.send(event.type, event);
    try {
      const result = await deps.sequences.generate(user, request.body, {
        signal: stream.signal,
        progress: (step, message) => send({ type: 'progress', step, message }),
        draft: (index, draft) => send({ type: 'draft', index, ...draft }),
        email: (index, email) => send({ type: 'email', index, email }),
      });
      send({ type: 'done', ...result });
    } catch (error) {
      const { statusCode, body } = toErrorResponse(error, 'generation');
      if (statusCode >= 500) request.log.error({ err: error }, 'streamed generation failed');
      else request.log.info({ statusCode, code: body.error }, body.message);
      send({ type: 'error', status: statusCode, error: body.error, message: body.message });
    } finally {
      stream.close();
    }
  });

  app.post(
    '/api/regenerate-email',
    {
      schema: { body: RegenerateEmailRequest, response: { 200: RegenerateEmailResponse } },
    },
    async (request, reply) => {
      const user = request.user;
      const result = await deps.sequences.regenerate(user, request.body);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  // The client refetches this after every generation (docs/product.md §7): never served from a cache.
  app.get('/api/emails', { schema: { response: { 200: GeneratedSequenceList } } }, async (request, reply) => {
    return reply.header('cache-control', 'no-store').send(await deps.sequences.history(request.user.userId));
  });
};

import type { Service, SessionVerifier } from '@seqgen/kit';
import { GeneratedSequenceList, GenerateEmailsRequest, GenerateEmailsResponse } from '@seqgen/proto';
import type { SequenceWriter } from '../domain/sequence/generate-sequence.ts';

export interface EmailRouteDeps {
  sessions: SessionVerifier;
  sequences: SequenceWriter;
}

export async function emailRoutes(app: Service, deps: EmailRouteDeps) {
  app.post(
    '/api/generate-emails',
    {
      // Signed-out callers are refused before their body is even read.
      onRequest: async (request) => {
        request.user = await deps.sessions.requireUser(request);
      },
      schema: { body: GenerateEmailsRequest, response: { 200: GenerateEmailsResponse } },
    },
    async (request, reply) => {
      const user = request.user ?? (await deps.sessions.requireUser(request));
      const result = await deps.sequences.generate(user, request.body);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  // The client refetches this after every generation (spec §7): never served from a cache.
  app.get('/api/emails', { schema: { response: { 200: GeneratedSequenceList } } }, async (request, reply) => {
    const user = await deps.sessions.requireUser(request);
    return reply.header('cache-control', 'no-store').send(await deps.sequences.history(user.userId));
  });
}

import type { Service, SessionUser, SessionVerifier } from '@seqgen/kit';
import { AnalyzeCompanyRequest, AnalyzeCompanyResponse } from '@seqgen/proto';
import type { CompanyAnalyser } from '../domain/analysis/analyse-company.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's onRequest hook once the session checks out. */
    user?: SessionUser;
  }
}

export interface AnalysisRouteDeps {
  sessions: SessionVerifier;
  analyser: CompanyAnalyser;
}

export async function analysisRoutes(app: Service, deps: AnalysisRouteDeps) {
  app.post(
    '/api/analyze-company',
    {
      // Signed-out callers are refused before their body is even read.
      onRequest: async (request) => {
        request.user = await deps.sessions.requireUser(request);
      },
      schema: { body: AnalyzeCompanyRequest, response: { 200: AnalyzeCompanyResponse } },
    },
    async (request, reply) => {
      const { analysis, cached } = await deps.analyser.analyse(request.body, request.user?.userId);
      return reply.header('x-cache', cached ? 'hit' : 'miss').send({ analysis });
    },
  );
}

import type { Service, SessionUser, SessionVerifier } from '@seqgen/kit';
import {
  AnalyzeCompanyRequest,
  AnalyzeCompanyResponse,
  CheckProspectRequest,
  CheckProspectResponse,
} from '@seqgen/proto';
import type { CompanyAnalyser } from '../analysis/index.ts';

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

  app.post(
    '/api/analyze-company/prospect',
    {
      onRequest: async (request) => {
        request.user = await deps.sessions.requireUser(request);
      },
      schema: { body: CheckProspectRequest, response: { 200: CheckProspectResponse } },
    },
    async (request) => {
      const profile = await deps.analyser.profileProspect(request.body.prospectCompanyUrl, request.user?.userId);
      return { url: profile.url, companyName: profile.companyName || new URL(profile.url).host };
    },
  );
}

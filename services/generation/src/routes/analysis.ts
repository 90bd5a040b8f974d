import { type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
import {
  AnalyzeCompanyRequest,
  AnalyzeCompanyResponse,
  CheckProspectRequest,
  CheckProspectResponse,
} from '@seqgen/proto';
import type { CompanyAnalyser } from '../analysis/index.ts';

export interface AnalysisRouteDeps {
  sessions: SessionVerifier;
  analyser: CompanyAnalyser;
}

export const analysisRoutes: RoutePlugin<AnalysisRouteDeps> = async (app, deps) => {
  // Signed-out callers are refused before their body is even read.
  app.addHook('onRequest', signedIn(deps.sessions));
  app.post(
    '/api/analyze-company',
    {
      schema: { body: AnalyzeCompanyRequest, response: { 200: AnalyzeCompanyResponse } },
    },
    async (request, reply) => {
      const { analysis, cached } = await deps.analyser.analyse(request.body, request.user.userId);
      return reply.header('x-cache', cached ? 'hit' : 'miss').send({ analysis });
    },
  );

  app.post(
    '/api/analyze-company/prospect',
    {
      schema: { body: CheckProspectRequest, response: { 200: CheckProspectResponse } },
    },
    async (request) => {
      const profile = await deps.analyser.profileProspect(request.body.prospectCompanyUrl, request.user.userId);
      return { url: profile.url, companyName: profile.companyName || new URL(profile.url).host };
    },
  );
};

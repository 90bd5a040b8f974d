import { type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
import {
  AnalyzeCompanyRequest,
  AnalyzeCompanyResponse,
  CheckProspectRequest,
  CheckProspectResponse,
} from '@seqgen/proto';
import { type CompanyAnalyser, fitOf } from '../analysis/index.ts';
import { playbook } from '../playbook/index.ts';

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
      const { prospectCompanyUrl, seller } = request.body;
      const profile = await deps.analyser.profileProspect(prospectCompanyUrl, request.user.userId);
      const companyName = profile.companyName || new URL(profile.url).host;
      const industries = profile.industries ?? [];
      // The wizard's prospect step says whether the prospect is in the seller's audience, as the
      // writer judges it for the notices of the sequence (docs/product.md §2). Only industries the
      // playbook knows are taken from the caller, so the reason never repeats arbitrary text.
      const known = playbook().industries;
      const fit = seller
        ? fitOf(
            { companyName, industries },
            {
              companyName: seller.companyName,
              function: seller.function || undefined,
              industries: seller.industries?.filter((id) => known.has(id)),
            },
          )
        : undefined;
      return {
        url: profile.url,
        companyName,
        ...(industries.length
          ? { industries: industries.map((id) => ({ id, label: known.get(id)?.label.en ?? id })) }
          : {}),
        ...(fit ? { fit } : {}),
      };
    },
  );
};

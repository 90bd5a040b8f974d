import type { Service, SessionVerifier } from '@seqgen/kit';
import { Usage, UsageDetails } from '@seqgen/proto';
import { getUsage, getUsageDetails, type QuotaDeps } from '../domain/quota.ts';

export interface UsageRouteDeps extends QuotaDeps {
  sessions: SessionVerifier;
}

export async function usageRoutes(app: Service, deps: UsageRouteDeps) {
  app.get('/api/usage', { schema: { response: { 200: Usage } } }, async (request) => {
    const user = await deps.sessions.requireUser(request);
    return getUsage(deps, user.userId);
  });
  app.get('/api/usage/details', { schema: { response: { 200: UsageDetails } } }, async (request) => {
    const user = await deps.sessions.requireUser(request);
    return getUsageDetails(deps, user.userId);
  });
}

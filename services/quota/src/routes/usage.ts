import type { Service, SessionVerifier } from '@seqgen/kit';
import { Usage } from '@seqgen/proto';
import { getUsage, type QuotaDeps } from '../domain/quota.ts';

export interface UsageRouteDeps extends QuotaDeps {
  sessions: SessionVerifier;
}

export async function usageRoutes(app: Service, deps: UsageRouteDeps) {
  app.get('/api/usage', { schema: { response: { 200: Usage } } }, async (request) => {
    const user = await deps.sessions.requireUser(request);
    return getUsage(deps, user.userId);
  });
}

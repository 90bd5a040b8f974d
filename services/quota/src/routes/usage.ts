import { alreadyHeld, type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
import { Usage, UsageDetails } from '@seqgen/proto';
import type { FastifyReply } from 'fastify';
import { getUsage, getUsageDetails, type QuotaDeps } from '../domain/quota.ts';

export interface UsageRouteDeps extends QuotaDeps {
  sessions: SessionVerifier;
}

export const usageRoutes: RoutePlugin<UsageRouteDeps> = async (app, deps) => {
  app.addHook('onRequest', signedIn(deps.sessions));
  // Polled every 5 s by every signed-in tab: answered from the usage cache, and with 304 and no
  // body when the tab already holds this usage (its tag is the whole body; issue 12). The 304
  // has no body at all (RFC 9110 §15.4.5), so it bypasses the 200's serializer.
  app.get('/api/usage', { schema: { response: { 200: Usage } } }, async (request, reply) => {
    const usage = await getUsage(deps, request.user.userId);
    if (alreadyHeld(request, reply, `"${usage.used}-${usage.limit}"`)) return (reply as FastifyReply).code(304).send();
    return usage;
  });
  app.get('/api/usage/details', { schema: { response: { 200: UsageDetails } } }, async (request) => {
    return getUsageDetails(deps, request.user.userId);
  });
};

import type { ErrorBody } from '@seqgen/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'accepted' on a route no browser calls with the user's cookies and that authenticates its
     * caller otherwise (Stripe's signed webhook): its writes are not judged by their origin.
     */
    crossSiteWrites?: 'accepted';
  }
}

/**
 * CSRF defence for cookie sessions, which createService applies in every service (the gateway
 * checks the same at the edge; a service that sets or trusts session cookies should not depend on
 * that alone).
 * Browsers say where a request comes from: a write whose Sec-Fetch-Site is cross-site, or whose
 * Origin is neither the public origin nor the host the request was addressed to, is refused.
 * Requests with neither header carry no ambient browser cookies worth forging and pass.
 *
 * Behind the gateway the addressed host is X-Forwarded-Host, which Fastify only believes from a
 * trusted proxy (createService's trustProxy).
 */
export function crossSiteWriteGuard(options: { publicUrl?: string | undefined } = {}) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossSiteWrites === 'accepted') return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const addressed = `${request.protocol}://${request.host}`;
    const originAllowed = origin === undefined || origin === addressed || origin === publicOrigin;
    if (fetchSite === 'cross-site' || !originAllowed) {
      return reply.code(403).send({
        error: 'cross_site_request',
        message: 'This request came from another site and was refused.',
      } satisfies ErrorBody);
    }
  };
}

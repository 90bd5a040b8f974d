import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The SPA's own scripts only; Stripe's payment element needs its script, iframe and API; Google
 * sign-in is a top-level navigation, so it needs nothing here. Inline styles are allowed because
 * Radix positions popovers with style attributes.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a browser tells us where a request comes from. A write whose
 * Sec-Fetch-Site says cross-site, or whose Origin is neither this host nor PUBLIC_URL, is refused.
 * Requests with neither header (server-to-server, e.g. payment webhooks, curl) carry no ambient
 * browser cookies worth forging, so they pass and are authenticated on their own terms.
 */
export function rejectCrossSiteWrites(publicUrl: string | undefined) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameHostOrigin = `${request.protocol}://${request.headers.host}`;
    const originAllowed = origin === undefined || origin === sameHostOrigin || origin === publicOrigin;
    if (fetchSite === 'cross-site' || !originAllowed) {
      return reply.code(403).send({
        error: 'cross_site_request',
        message: 'This request came from another site and was refused.',
      });
    }
  };
}

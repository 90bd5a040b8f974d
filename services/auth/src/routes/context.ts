import type { FastifyRequest } from 'fastify';

/**
 * Where the user reached us: PUBLIC_URL when set (always in production), else the address the
 * request was made to, which behind the gateway is its X-Forwarded-Proto/-Host (believed only
 * from trusted proxies). Reset links and the Google redirect are built on it.
 */
export function publicBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** https decides Secure and the `__Host-` cookie prefix. */
export function servedOverHttps(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return publicUrl ? new URL(publicUrl).protocol === 'https:' : request.protocol === 'https';
}

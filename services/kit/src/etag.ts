import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Whether an If-None-Match header names this entity tag: a list of tags or `*`, compared weakly
 * (RFC 9110 §13.1.2: `W/"x"` matches `"x"`).
 */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Tags the answer with `etag` and tells whether the request already holds it, in which case the
 * caller answers a bodiless 304 Not Modified. For answers polled often that rarely change (GET
 * /api/usage, issue 12); the tag must be derived from the whole body.
 */
export function alreadyHeld(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  return ifNoneMatchNames(request.headers['if-none-match'], etag);
}

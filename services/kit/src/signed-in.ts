import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser, SessionVerifier } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user of a route behind `signedIn` (its onRequest hook checked the session).
     * Read anywhere else it throws: a route never runs as nobody by mistake.
     */
    readonly user: SessionUser;
  }
}

/**
 * A route module: a Fastify plugin whose options are the module's dependencies, registered with
 * `app.register(routes, deps)` (each in its own encapsulated scope; fastify.dev "Plugins").
 */
export type RoutePlugin<Deps extends FastifyPluginOptions> = FastifyPluginAsync<
  Deps,
  Server<typeof IncomingMessage, typeof ServerResponse>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

const users = new WeakMap<FastifyRequest, SessionUser>();

/**
 * An onRequest hook for a route or a whole route plugin: a missing or ended session is refused
 * (401, or 503 when auth cannot be asked) before the body is read, and `request.user` is the
 * signed-in user from then on.
 */
export function signedIn(sessions: SessionVerifier) {
  return async (request: FastifyRequest): Promise<void> => {
    users.set(request, await sessions.requireUser(request));
  };
}

/** Gives every request of `app` its `user` (createService does this for every service). */
export function decorateSignedInUser(app: { decorateRequest: (name: 'user', options: object) => unknown }): void {
  app.decorateRequest('user', {
    getter(this: FastifyRequest): SessionUser {
      const user = users.get(this);
      if (!user) throw new Error(`request.user read on ${this.method} ${this.url}, which is not behind signedIn`);
      return user;
    },
  });
}

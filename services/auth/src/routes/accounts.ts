import {
  clearedSessionCookies,
  type RoutePlugin,
  type SessionVerifier,
  sessionCookie,
  sessionTokenFrom,
  signedIn,
  unauthorized,
  verifySessionToken,
} from '@seqgen/kit';
import { LoginRequest, RegisterRequest, User } from '@seqgen/proto';
import { currentUser, login, register } from '../domain/accounts.ts';
import type { AuthDeps } from '../domain/deps.ts';
import { endSession } from '../domain/sessions.ts';
import { servedOverHttps } from './context.ts';

export interface RouteDeps extends AuthDeps {
  sessions: SessionVerifier;
  publicUrl: string | undefined;
}

export const accountRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  app.post('/api/register', { schema: { body: RegisterRequest, response: { 201: User } } }, async (request, reply) => {
    const { user, session } = await register(deps, request.body, request.ip);
    const secure = servedOverHttps(request, deps.publicUrl);
    reply.header('set-cookie', sessionCookie(session.token, { secure, maxAgeSeconds: session.maxAgeSeconds }));
    return reply.code(201).send(user);
  });

  app.post('/api/login', { schema: { body: LoginRequest, response: { 200: User } } }, async (request, reply) => {
    const { user, session } = await login(deps, request.body, request.ip);
    const secure = servedOverHttps(request, deps.publicUrl);
    reply.header('set-cookie', sessionCookie(session.token, { secure, maxAgeSeconds: session.maxAgeSeconds }));
    return user;
  });

  app.get(
    '/api/auth/user',
    { onRequest: signedIn(deps.sessions), schema: { response: { 200: User } } },
    async (request) => {
      const user = await currentUser(deps, request.user.userId);
      if (!user) throw unauthorized('You are logged out. Please sign in again.');
      return user;
    },
  );

  // GET because the web client navigates to it (docs/product.md §7). A cross-site navigation (a link on another
  // site) changes nothing; SameSite=Lax already keeps the cookie off cross-site subrequests.
  app.get('/api/auth/logout', async (request, reply) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.redirect('/', 302);
    const token = sessionTokenFrom(request);
    const session = token ? await verifySessionToken(deps.secret, token) : null;
    if (session) await endSession(deps, session);
    reply.header('set-cookie', clearedSessionCookies(servedOverHttps(request, deps.publicUrl)));
    return reply.redirect('/', 302);
  });
};

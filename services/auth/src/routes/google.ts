import { HttpError, type RoutePlugin, sessionCookie } from '@seqgen/kit';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  googleNotConfigured,
  openTransaction,
  sealTransaction,
  signInWithGoogle,
  TRANSACTION_TTL_SECONDS,
} from '../domain/google.ts';
import type { RouteDeps } from './accounts.ts';
import { publicBaseUrl, servedOverHttps } from './context.ts';

const TRANSACTION_COOKIE = 'seqgen_google';
const cookieName = (secure: boolean) => (secure ? `__Host-${TRANSACTION_COOKIE}` : TRANSACTION_COOKIE);

/** Lax: the browser sends it on the top-level redirect back from Google, and on nothing cross-site else. */
const transactionCookie = (value: string, secure: boolean, maxAge: number) =>
  stringifySetCookie({
    name: cookieName(secure),
    value,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge,
    ...(maxAge === 0 && { expires: new Date(0) }),
  });

/**
 * Both routes are top-level browser navigations: a browser that fails here would be left on a
 * page of raw JSON, so it is sent back to the sign-in page with the message instead. Other
 * clients (tests, curl) keep the JSON error.
 */
function backToSignIn(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const navigating =
    request.headers['sec-fetch-mode'] === 'navigate' || /text\/html/.test(request.headers.accept ?? '');
  if (!(error instanceof HttpError) || !navigating) throw error;
  return reply.redirect(`/auth?${new URLSearchParams({ error: error.message })}`, 302);
}

export const googleRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  const redirectUri = (request: FastifyRequest) =>
    new URL('/api/auth/google/callback', publicBaseUrl(request, deps.publicUrl)).toString();

  app.get('/api/auth/google', (request, reply) =>
    startSignIn(request, reply).catch((error) => backToSignIn(request, reply, error)),
  );
  app.get('/api/auth/google/callback', (request, reply) =>
    completeSignIn(request, reply).catch((error) => backToSignIn(request, reply, error)),
  );

  async function startSignIn(request: FastifyRequest, reply: FastifyReply) {
    if (!deps.google) throw googleNotConfigured();
    const { url, transaction } = await deps.google.begin(redirectUri(request));
    const secure = servedOverHttps(request, deps.publicUrl);
    reply.header(
      'set-cookie',
      transactionCookie(await sealTransaction(deps.secret, transaction), secure, TRANSACTION_TTL_SECONDS),
    );
    return reply.redirect(url.toString(), 302);
  }

  async function completeSignIn(request: FastifyRequest, reply: FastifyReply) {
    if (!deps.google) throw googleNotConfigured();
    const secure = servedOverHttps(request, deps.publicUrl);
    const sealed = parseCookie(request.headers.cookie ?? '')[cookieName(secure)];
    // The transaction is single-use: whatever happens next, the browser forgets it.
    reply.header('set-cookie', transactionCookie('', secure, 0));
    const transaction = await openTransaction(deps.secret, sealed);
    const callbackUrl = new URL(redirectUri(request));
    callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
    const identity = await deps.google.complete(callbackUrl, transaction);
    const { session } = await signInWithGoogle(deps, identity);
    reply.header('set-cookie', [
      transactionCookie('', secure, 0),
      sessionCookie(session.token, { secure, maxAgeSeconds: session.maxAgeSeconds }),
    ]);
    return reply.redirect('/', 302);
  }
};

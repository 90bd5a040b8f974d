/**
 * Signed-in routes (issue 14, item 1): a route plugin behind the kit's signedIn hook refuses a
 * signed-out caller before its body is read and hands the handler a typed request.user; a route
 * not behind it cannot read a user by mistake.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createService,
  createSessionVerifier,
  issueSessionToken,
  type RoutePlugin,
  SESSION_COOKIE,
  signedIn,
} from '../src/index.ts';
import { quietLogger } from '../src/testing/index.ts';

const secret = new TextEncoder().encode('kit-signed-in-test-secret-0123456789-abcdef');
const sessions = createSessionVerifier(secret);

const privateRoutes: RoutePlugin<{ greeting: string }> = async (app, deps) => {
  app.addHook('onRequest', signedIn(sessions));
  app.post('/mine', { schema: { body: z.object({ n: z.number() }) } }, async (request) => ({
    greeting: deps.greeting,
    userId: request.user.userId,
    n: request.body.n,
  }));
};
const publicRoutes: RoutePlugin<Record<string, never>> = async (app) => {
  app.get('/open', async (request) => ({ userId: request.user.userId }));
};

const app = createService({ name: 'probe', logger: quietLogger() });
app.register(privateRoutes, { greeting: 'hello' });
app.register(publicRoutes, {});
afterAll(() => app.close());

describe('signedIn route plugins', () => {
  it('refuses a signed-out caller before the body is read, with the usual 401', async () => {
    const response = await app.inject({ method: 'POST', url: '/mine', payload: 'not json at all' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized', message: 'You are logged out. Please sign in again.' });
  });

  it('gives the handler the signed-in user and the plugin its dependencies', async () => {
    const token = await issueSessionToken(secret, { userId: 'u-7', email: 'rep@acme.com', sessionId: 's-7' });
    const response = await app.inject({
      method: 'POST',
      url: '/mine',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
      payload: { n: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ greeting: 'hello', userId: 'u-7', n: 3 });
  });

  it('never lets a route outside signedIn read a user, even with a valid cookie', async () => {
    const token = await issueSessionToken(secret, { userId: 'u-8', email: 'rep@acme.com', sessionId: 's-8' });
    const response = await app.inject({
      method: 'GET',
      url: '/open',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('u-8');
  });
});

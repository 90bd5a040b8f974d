import { alreadyHeld, openEventStream, type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
import { Usage, UsageDetails } from '@seqgen/proto';
import type { FastifyReply } from 'fastify';
import { getUsage, getUsageDetails, type QuotaDeps } from '../domain/quota.ts';

/** Under the gateway's 15 s idle limit for quota (UPSTREAM_TIMEOUT_MS). */
export const USAGE_STREAM_HEARTBEAT_MS = 10_000;

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
  // Issue 25, item 2: the usage pushed as it changes, for the browser (the poll above stays for
  // API users). `usage` events carry the Usage; `ended` says the session ended (the stream then
  // closes). Heartbeats every 10 s keep it under the gateway's 15 s idle limit.
  app.get('/api/usage/stream', async (request, reply) => {
    const { userId, sessionId } = request.user;
    const feed = deps.usageFeed;
    const stream = openEventStream(request, reply, { heartbeatMs: USAGE_STREAM_HEARTBEAT_MS });
    let sent = '';
    const push = async () => {
      const usage = await getUsage(deps, userId);
      const tag = `${usage.used}-${usage.limit}`;
      if (tag === sent) return;
      sent = tag;
      stream.send('usage', usage);
    };
    const end = () => {
      stream.send('ended', {});
      stream.close();
      stop();
    };
    const stop = feed
      ? feed.watch(userId, sessionId, (news) => {
          if (news === 'ended') return end();
          // After a gap the session may have ended unheard: asked again before anything is sent.
          const check = news === 'resync' ? deps.sessions.authenticate(request) : Promise.resolve(true);
          check
            .then((live) => (live ? push() : end()))
            .catch((error: unknown) => request.log.warn({ err: error }, 'usage not pushed'));
        })
      : () => {};
    stream.signal.addEventListener('abort', stop, { once: true });
    try {
      await push();
    } catch (error) {
      request.log.warn({ err: error }, 'usage stream could not read the usage');
      stop();
      stream.close();
    }
  });

  app.get('/api/usage/details', { schema: { response: { 200: UsageDetails } } }, async (request) => {
    return getUsageDetails(deps, request.user.userId);
  });
};

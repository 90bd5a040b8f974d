import type { RoutePlugin, SessionVerifier } from '@seqgen/kit';
import { TrackEventsRequest, TrackEventsResponse } from '@seqgen/proto';
import { type IngestDeps, ingestBatch } from '../domain/events.ts';

export interface EventRouteDeps extends IngestDeps {
  sessions: SessionVerifier;
}

export const eventRoutes: RoutePlugin<EventRouteDeps> = async (app, deps) => {
  // 202: taken and stored; forwarding to the sink happens afterwards and never fails this answer.
  app.post(
    '/api/events',
    { schema: { body: TrackEventsRequest, response: { 202: TrackEventsResponse } } },
    async (request, reply) => {
      const accepted = await ingestBatch(deps, request.body, {
        userId: await signedInUser(deps.sessions, request),
        clientIp: request.ip,
      });
      return reply.code(202).send({ accepted });
    },
  );
};

/**
 * Who sent the batch, if anyone is signed in. A session that cannot be checked right now (auth
 * away) makes the events anonymous rather than lost: they are analytics, not a protected action.
 */
async function signedInUser(
  sessions: SessionVerifier,
  request: Parameters<SessionVerifier['authenticate']>[0],
): Promise<string | null> {
  try {
    return (await sessions.authenticate(request))?.userId ?? null;
  } catch (error) {
    request.log.debug({ err: error }, 'session not checked; events stored without a user');
    return null;
  }
}

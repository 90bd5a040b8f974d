import type { Bus, ConsumerHandle } from '@seqgen/kit';
import type { AppRequests } from '@seqgen/proto';
import type { AuthDeps } from '../domain/deps.ts';
import { sessionIsLive } from '../domain/sessions.ts';

/**
 * Answers every other service's session verifier (`auth.session-status`) from the sessions
 * table, which only auth reads (docs/architecture.md §1).
 */
export function answerSessionStatus(bus: Bus<AppRequests>, deps: Pick<AuthDeps, 'db'>): Promise<ConsumerHandle> {
  return bus.respond('auth.session-status', async ({ sessionId, userId }) => ({
    live: await sessionIsLive(deps, sessionId, userId),
  }));
}

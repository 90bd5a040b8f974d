import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSessionVerifier, type SessionVerifier } from '@seqgen/kit';
import type { FastifyRequest } from 'fastify';

/**
 * Who the gateway counts a request against (issue 25, item 1). An office of hundreds of people
 * reaches the gateway from one address, so counting per address refused them all together: a
 * signed-in request is counted per user, and only a request without a valid session per address.
 *
 * The signature is what makes the user id trustworthy here: a client can invent any cookie, and
 * counting per unverified cookie would give it a fresh budget per request. Liveness (has the
 * session been ended?) is not asked: a signed-out token still names one real user, which is all a
 * rate limit needs, and asking auth per request is what the item 2 removes.
 */
export interface ClientIdentity {
  /** `user:<id>` for a correctly signed, unexpired session; `address:<ip>` otherwise. */
  key(request: FastifyRequest): Promise<{ kind: 'user' | 'address'; key: string }>;
}

export function clientIdentity(sessionSecret: Uint8Array | undefined): ClientIdentity {
  // Without the secret nobody can be told apart: everything is counted per address, as before.
  const sessions: SessionVerifier | undefined = sessionSecret && createSessionVerifier(sessionSecret);
  return {
    async key(request) {
      const user = sessions && (await sessions.authenticate(request));
      return user ? { kind: 'user', key: `user:${user.userId}` } : { kind: 'address', key: `address:${request.ip}` };
    },
  };
}

/**
 * The secret that signs sessions: SESSION_SECRET when set (the chart passes it to the gateway as
 * to every service), else the one `npm start`'s services keep under DATA_DIR. The gateway never
 * creates that file (it signs nothing): without either it counts per address and says so.
 */
export function gatewaySessionSecret(config: { SESSION_SECRET?: string | undefined; DATA_DIR: string }) {
  if (config.SESSION_SECRET) return new TextEncoder().encode(config.SESSION_SECRET);
  try {
    const text = readFileSync(path.resolve(config.DATA_DIR, 'session-secret'), 'utf8').trim();
    return text ? new TextEncoder().encode(text) : undefined;
  } catch {
    return undefined;
  }
}

import { randomBytes } from 'node:crypto';
import type { Lifecycle } from '@seqgen/kit';
import { expect } from 'vitest';
import { start as startAuth } from '../src/main.ts';

/**
 * For a service's start test: the settings every service is started with from its main.ts on the
 * embedded defaults, and a real auth beside it that signs users in and vouches for their
 * sessions over the in-process bus.
 */
export function startSettings(extra: (run: string) => Record<string, string> = () => ({})) {
  const run = randomBytes(4).toString('hex');
  const env = {
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: `start-test-secret-${run}-0123456789`,
    ...extra(run),
  };
  /** The settings for one service, on its own embedded data. */
  const forService = (name: string) => ({ ...env, DATA_DIR: `memory://start-${name}-${run}` });
  return { run, env, forService };
}

export async function startAuthBeside(settings: ReturnType<typeof startSettings>, lifecycle: Lifecycle) {
  const { url } = await startAuth(settings.forService('auth'), lifecycle);
  return {
    url,
    /** Registers a fresh account; its session cookie (`name=value`) and id. */
    register: async (name: string) => {
      const registered = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${name}-${settings.run}@acme.com`, password: 'correct horse battery' }),
      });
      expect(registered.status).toBe(201);
      const { id: userId } = (await registered.json()) as { id: string };
      const cookie = (registered.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
      return { cookie, userId };
    },
  };
}

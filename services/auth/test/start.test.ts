import { randomBytes } from 'node:crypto';
import { Lifecycle } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startWaitlist } from '../../waitlist/src/main.ts';
import { start as startAuth } from '../src/main.ts';

/**
 * The services as their main.ts builds them (the wiring `npm start` and each container use), on
 * the embedded defaults: waitlist's verifier really asks auth over the bus.
 */
describe('auth and waitlist started from their main.ts', () => {
  const lifecycle = new Lifecycle(quietLogger());
  const run = randomBytes(4).toString('hex');
  const env = {
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: `start-test-secret-${run}-0123456789`,
  };
  let authUrl: string;
  let waitlistUrl: string;

  beforeAll(async () => {
    ({ url: authUrl } = await startAuth({ ...env, DATA_DIR: `memory://start-auth-${run}` }, lifecycle));
    ({ url: waitlistUrl } = await startWaitlist({ ...env, DATA_DIR: `memory://start-waitlist-${run}` }, lifecycle));
  });
  afterAll(() => lifecycle.close());

  it('signs in at auth, is trusted by waitlist, and logout ends it there too', async () => {
    const registered = await fetch(`${authUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `start-${run}@acme.com`, password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^seqgen_session=./);
    const list = () => fetch(`${waitlistUrl}/api/waitlist`, { headers: { cookie } }).then((r) => r.status);
    expect(await list()).toBe(200);
    expect((await fetch(`${waitlistUrl}/api/waitlist`)).status).toBe(401);

    const out = await fetch(`${authUrl}/api/auth/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(302);
    await expect.poll(list, { timeout: 10_000, interval: 250 }).toBe(401);
    expect((await fetch(`${authUrl}/readyz`)).status).toBe(200);
  });
});

import { Lifecycle } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startWaitlist } from '../../waitlist/src/main.ts';
import { startAuthBeside, startSettings } from './beside-auth.ts';

/**
 * The services as their main.ts builds them (the wiring `npm start` and each container use), on
 * the embedded defaults: waitlist's verifier really asks auth over the bus.
 */
describe('auth and waitlist started from their main.ts', () => {
  const lifecycle = new Lifecycle(quietLogger());
  const settings = startSettings();
  let auth: Awaited<ReturnType<typeof startAuthBeside>>;
  let waitlistUrl: string;

  beforeAll(async () => {
    auth = await startAuthBeside(settings, lifecycle);
    ({ url: waitlistUrl } = await startWaitlist(settings.forService('waitlist'), lifecycle));
  });
  afterAll(() => lifecycle.close());

  it('signs in at auth, is trusted by waitlist, and logout ends it there too', async () => {
    const { cookie } = await auth.register('start');
    expect(cookie).toMatch(/^seqgen_session=./);
    const list = () => fetch(`${waitlistUrl}/api/waitlist`, { headers: { cookie } }).then((r) => r.status);
    expect(await list()).toBe(200);
    expect((await fetch(`${waitlistUrl}/api/waitlist`)).status).toBe(401);

    const out = await fetch(`${auth.url}/api/auth/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(302);
    await expect.poll(list, { timeout: 10_000, interval: 250 }).toBe(401);
    expect((await fetch(`${auth.url}/readyz`)).status).toBe(200);
  });
});

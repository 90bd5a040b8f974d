import { Lifecycle, MemoryBus } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { createEnvelope, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthBeside, startSettings } from '../../auth/test/beside-auth.ts';
import { start as startQuota } from '../src/main.ts';

/**
 * Quota as its main.ts builds it (the wiring `npm start` and each container use), on the
 * embedded defaults beside a real auth: registration reaches quota over the bus, sessions are
 * checked with auth, reservations are answered over request/reply.
 */
describe('quota started from its main.ts', () => {
  const logger = quietLogger();
  const lifecycle = new Lifecycle(logger);
  const settings = startSettings();
  // The in-process bus keeps its streams in module scope: this one reaches the services' bus.
  const bus = new MemoryBus({ logger, requests: requestCatalogue });
  let auth: Awaited<ReturnType<typeof startAuthBeside>>;
  let quotaUrl: string;

  beforeAll(async () => {
    auth = await startAuthBeside(settings, lifecycle);
    ({ url: quotaUrl } = await startQuota(settings.forService('quota'), lifecycle));
  });
  afterAll(async () => {
    await bus.close();
    await lifecycle.close();
  });

  it('gives a new account 0/5, counts a generated sequence, and refuses once logged out', async () => {
    const { cookie, userId } = await auth.register('quota');
    const usage = async () => {
      const response = await fetch(`${quotaUrl}/api/usage`, { headers: { cookie } });
      return response.status === 200 ? await response.json() : response.status;
    };
    expect(await usage()).toEqual({ used: 0, limit: 5 });

    const reply = await bus.request('quota.reserve', { userId });
    expect(reply).toMatchObject({ ok: true, used: 0, limit: 5 });
    if (!reply.ok) return;
    await bus.publish(createEnvelope('sequence.generated', { userId, reservationId: reply.reservationId }));
    await expect.poll(usage, { timeout: 10_000, interval: 100 }).toEqual({ used: 1, limit: 5 });

    expect((await fetch(`${quotaUrl}/api/usage`)).status).toBe(401);
    await fetch(`${auth.url}/api/auth/logout`, { headers: { cookie }, redirect: 'manual' });
    await expect.poll(usage, { timeout: 10_000, interval: 250 }).toBe(401);
    expect((await fetch(`${quotaUrl}/readyz`)).status).toBe(200);
  });
});

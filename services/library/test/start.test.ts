import { Lifecycle, parseConfig } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthBeside, startSettings } from '../../auth/test/beside-auth.ts';
import { libraryConfigShape } from '../src/config.ts';
import { start as startLibrary } from '../src/main.ts';

describe('library settings', () => {
  it('defaults to port 8105, 1000 saved sequences, 120 saves and 60 ratings per hour', () => {
    expect(parseConfig(libraryConfigShape, {})).toMatchObject({
      PORT: 8105,
      SAVED_SEQUENCES_PER_USER: 1000,
      SAVES_PER_HOUR: 120,
      FEEDBACK_PER_HOUR: 60,
      TRUSTED_PROXIES: 'loopback,uniquelocal',
    });
  });

  it('names a bad setting', () => {
    expect(() => parseConfig(libraryConfigShape, { SAVED_SEQUENCES_PER_USER: '0' })).toThrow(
      /SAVED_SEQUENCES_PER_USER/,
    );
    expect(() => parseConfig(libraryConfigShape, { PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });
});

/**
 * Library as its main.ts builds it (the wiring `npm start` and each container use), on the
 * embedded defaults beside a real auth that vouches for the session over the bus.
 */
describe('library started from its main.ts', () => {
  const lifecycle = new Lifecycle(quietLogger());
  const settings = startSettings();
  let auth: Awaited<ReturnType<typeof startAuthBeside>>;
  let libraryUrl: string;

  beforeAll(async () => {
    auth = await startAuthBeside(settings, lifecycle);
    ({ url: libraryUrl } = await startLibrary(settings.forService('library'), lifecycle));
  });
  afterAll(() => lifecycle.close());

  it('saves, lists and deletes with an auth session, and refuses it after logout', async () => {
    const { cookie } = await auth.register('library');
    const saved = await fetch(`${libraryUrl}/api/save-sequence`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: libraryUrl },
      body: JSON.stringify({
        title: 'Email Sequence',
        companyUrl: 'https://acme.com',
        emailSequence: [{ subject: 'Hello', body: 'Hi there' }],
      }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const list = () => fetch(`${libraryUrl}/api/saved-sequences`, { headers: { cookie } });
    expect(((await (await list()).json()) as { id: string }[]).map((s) => s.id)).toEqual([id]);
    const deleted = await fetch(`${libraryUrl}/api/saved-sequences/${id}`, { method: 'DELETE', headers: { cookie } });
    expect(deleted.status).toBe(204);

    await fetch(`${auth.url}/api/auth/logout`, { headers: { cookie }, redirect: 'manual' });
    await expect.poll(async () => (await list()).status, { timeout: 10_000, interval: 250 }).toBe(401);
    expect((await fetch(`${libraryUrl}/readyz`)).status).toBe(200);
  });
});

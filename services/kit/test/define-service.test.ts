/**
 * The kit stays generic (issue 14, item 4): a service hands defineService the request catalogue
 * its bus carries and the question that tells whether a signed session is still live; the kit
 * knows neither the app's subjects nor auth's. Shown with a service of the kit's own tests, whose
 * catalogue (fixtures/requests.ts) has nothing of the app's.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestCatalogue } from '@seqgen/proto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Bus,
  BusRequestError,
  createService,
  defineService,
  issueSessionToken,
  Lifecycle,
  type RoutePlugin,
  SESSION_COOKIE,
  type SessionVerifier,
  serviceSettings,
  sharedSettings,
  signedIn,
} from '../src/index.ts';
import { quietLogger } from '../src/testing/index.ts';
import { testRequests } from './fixtures/requests.ts';

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const SECRET = 'kit-define-service-secret-0123456789-abcdef';
const settings = { ...serviceSettings(0), ...sharedSettings.sessions };

/** The question the probe service asks, over its own bus, about a signed session. */
const askEcho = (bus: Bus<typeof testRequests>) => async (session: { sessionId: string }) =>
  (await bus.request('test.echo', { text: session.sessionId })).text !== 'ended';

const whoAmI: RoutePlugin<{ sessions: SessionVerifier }> = async (app, { sessions }) => {
  app.addHook('onRequest', signedIn(sessions));
  app.get('/me', async (request) => ({ userId: request.user.userId }));
};

const lifecycles: Lifecycle[] = [];
afterEach(async () => {
  await Promise.all(lifecycles.splice(0).map((lifecycle) => lifecycle.close()));
});

function env() {
  const id = randomBytes(4).toString('hex');
  return {
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: `memory://define-service-${id}`,
    NATS_SUBJECT_PREFIX: `define-service-${id}`,
    SESSION_SECRET: SECRET,
  };
}

describe('defineService: the service passes in its requests and its session question', () => {
  it('opens the bus with the given catalogue and checks sessions with the given question', async () => {
    let bus: Bus<typeof testRequests> | undefined;
    const probe = defineService({
      name: 'probe',
      settings,
      migrationsFolder,
      requests: testRequests,
      sessionLiveness: askEcho,
      build: async ({ logger, infra, sessions }) => {
        bus = infra.bus;
        // Answers the question the way an owner of the sessions would: only "ended" has ended.
        await infra.bus.respond('test.echo', async ({ text }) => ({ text }));
        const app = createService({ name: 'probe', logger });
        app.register(whoAmI, { sessions: sessions() });
        return { app };
      },
    });
    const lifecycle = new Lifecycle(quietLogger());
    lifecycles.push(lifecycle);
    const { url } = await probe.start(env(), lifecycle);
    const secret = new TextEncoder().encode(SECRET);
    const me = async (sessionId: string) => {
      const token = await issueSessionToken(secret, { userId: 'u-1', email: 'rep@acme.com', sessionId });
      return (await fetch(`${url}/me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).status;
    };
    expect(await me('s-1')).toBe(200);
    expect(await me('ended')).toBe(401);

    // The bus knows the subjects it was given and no others.
    if (!bus) throw new Error('build did not run');
    await expect(bus.request('test.echo', { text: 'hi' })).resolves.toEqual({ text: 'hi' });
    const unknown = await bus.request('quota.reserve' as never, { userId: 'u-1' } as never).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(BusRequestError);
    expect(unknown).toMatchObject({ reason: 'invalid-request', message: 'unknown request subject "quota.reserve"' });
  });

  it('a service that names no session question cannot verify sessions, and says so', async () => {
    const probe = defineService({
      name: 'probe',
      settings,
      migrationsFolder,
      build: ({ logger, sessions }) => {
        sessions();
        return { app: createService({ name: 'probe', logger }) };
      },
    });
    const lifecycle = new Lifecycle(quietLogger());
    lifecycles.push(lifecycle);
    await expect(probe.start(env(), lifecycle)).rejects.toThrow(
      'probe: defineService({ sessionLiveness }) says no way to check a session',
    );
  });

  it('a bus opened without a catalogue asks nothing', async () => {
    const probe = defineService({
      name: 'probe',
      settings,
      migrationsFolder,
      build: async ({ logger, infra }) => {
        const refused = await infra.bus.request('test.echo' as never, { text: 'hi' } as never).catch((e: unknown) => e);
        expect(refused).toMatchObject({ reason: 'invalid-request', message: 'unknown request subject "test.echo"' });
        return { app: createService({ name: 'probe', logger }) };
      },
    });
    const lifecycle = new Lifecycle(quietLogger());
    lifecycles.push(lifecycle);
    await probe.start(env(), lifecycle);
  });
});

describe('the kit names none of the app', () => {
  it('has no request subject, catalogue or session question of the app in its code', () => {
    const root = fileURLToPath(new URL('../src', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const named = files.flatMap((file) => {
      // Code only: a comment may say where the app's pieces come from.
      const text = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const words = [...Object.keys(requestCatalogue), 'requestCatalogue', 'askSessionStatus', 'RequestSubject'];
      return words.filter((word) => text.includes(word)).map((word) => `${file}: ${word}`);
    });
    expect(named).toEqual([]);
  });
});

/**
 * One way to report a configuration mistake (issue 14, item 1; docs/architecture.md §2): every
 * service started alone with settings that are wrong together stops with exit code 1 and a
 * message naming each setting — never a stack trace. Billing used to crash with an uncaught
 * ConfigError stack on a partial Stripe setup while auth and generation printed a clean message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-config-errors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Nothing from this machine's environment that could choose real servers or change the output. */
function run(service: string, settings: Record<string, string>) {
  const result = spawnSync(process.execPath, [`services/${service}/src/main.ts`], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...settings },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

const SECRET = 'k3Vq9pZr7Lw2Xy8Tn4Bm6Hs1Jd5Fg0Qc+Re/Ua9Wo2Ei7Ty3Np6Ml1Kb8Vx4Zs5Cj';

interface Mistake {
  service: string;
  settings: Record<string, string>;
  expected: string | RegExp;
}

describe('a configuration mistake, in every service the same way', () => {
  it.each<Mistake>([
    {
      service: 'billing',
      settings: { STRIPE_SECRET_KEY: 'sk_test_abc' },
      expected:
        'Invalid configuration:\n' +
        '  STRIPE_WEBHOOK_SECRET: required when the other Stripe settings are set\n' +
        '  STRIPE_PUBLISHABLE_KEY: required when the other Stripe settings are set\n',
    },
    {
      service: 'auth',
      settings: { GOOGLE_CLIENT_ID: 'client-id' },
      expected: 'Invalid configuration:\n  GOOGLE_CLIENT_SECRET: required when the other Google setting is set\n',
    },
    {
      service: 'auth',
      settings: { NODE_ENV: 'production', SESSION_SECRET: SECRET },
      expected:
        'Invalid configuration:\n  PUBLIC_URL: required in production (reset links and Google sign-in are built on it)\n',
    },
    {
      service: 'generation',
      settings: {
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        FETCH_ALLOWED_LOOPBACK_ORIGINS: 'http://127.0.0.1:4010',
      },
      expected:
        'Invalid configuration:\n' +
        '  FETCH_ALLOWED_LOOPBACK_ORIGINS: must not be set in production (it lets fetches reach this machine)\n',
    },
    {
      service: 'quota',
      settings: { RESERVATION_TTL_SECONDS: '5' },
      expected: /^Invalid configuration:\n {2}RESERVATION_TTL_SECONDS: must be at least 30/,
    },
    {
      service: 'gateway',
      settings: { TRUST_PROXY: 'true' },
      expected: /^Invalid configuration:\n {2}TRUST_PROXY: "true" would believe/,
    },
  ])('$service with $settings: exit 1, the settings named, no stack', ({ service, settings, expected }) => {
    const { status, stderr, stdout } = run(service, settings);
    expect(status).toBe(1);
    if (typeof expected === 'string') expect(stderr).toBe(expected);
    else expect(stderr).toMatch(expected);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });
});

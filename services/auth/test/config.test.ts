import { parseConfig } from '@seqgen/kit';
import { describe, expect, it } from 'vitest';
import { authConfigShape, authSettingProblems, googleSettings } from '../src/config.ts';
import { PasswordHasher } from '../src/domain/passwords.ts';

const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('auth settings', () => {
  it('defaults to bcrypt cost 12, 30-day sessions, Google off, mail to the log', () => {
    const config = parseConfig(authConfigShape, {});
    expect(config).toMatchObject({
      PORT: 8102,
      BCRYPT_COST: 12,
      SESSION_TTL_DAYS: 30,
      GOOGLE_ISSUER_URL: 'https://accounts.google.com',
      TRUSTED_PROXIES: 'loopback,uniquelocal',
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SUPPORT_EMAIL).toBeUndefined();
    expect(googleSettings(config)).toBeNull();
  });

  it('refuses a bcrypt cost below 12, a non-SMTP mail URL and a plain-http identity provider', () => {
    const message = messageOf(() =>
      parseConfig(authConfigShape, {
        BCRYPT_COST: '10',
        SMTP_URL: 'http://mail.example.com',
        SUPPORT_EMAIL: 'support',
        GOOGLE_ISSUER_URL: 'http://accounts.example.com',
      }),
    );
    expect(message).toMatch(/BCRYPT_COST: must be at least 12/);
    expect(message).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).toMatch(/SUPPORT_EMAIL: must be an e-mail address/);
    expect(message).toMatch(/GOOGLE_ISSUER_URL: must be https:\/\//);
    // Loopback http is allowed: the test provider.
    expect(parseConfig(authConfigShape, { GOOGLE_ISSUER_URL: 'http://127.0.0.1:4000' }).GOOGLE_ISSUER_URL).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('needs both Google settings, and PUBLIC_URL in production', () => {
    expect(messageOf(() => parseConfig(authConfigShape, { GOOGLE_CLIENT_ID: 'id' }, authSettingProblems))).toMatch(
      /GOOGLE_CLIENT_SECRET: required when the other Google setting is set/,
    );
    expect(
      messageOf(() => parseConfig(authConfigShape, { GOOGLE_CLIENT_SECRET: 'secret' }, authSettingProblems)),
    ).toMatch(/GOOGLE_CLIENT_ID: required/);
    const both = parseConfig(authConfigShape, { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(googleSettings(both)).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    const production = { NODE_ENV: 'production', SESSION_SECRET: REAL_SECRET };
    expect(messageOf(() => parseConfig(authConfigShape, production, authSettingProblems))).toMatch(
      /PUBLIC_URL: required in production/,
    );
    expect(
      parseConfig(authConfigShape, { ...production, PUBLIC_URL: 'https://app.example.com' }, authSettingProblems)
        .PUBLIC_URL,
    ).toBe('https://app.example.com');
  });

  it('refuses to start in production without a real SESSION_SECRET, naming the setting', () => {
    const production = (secret?: string) =>
      messageOf(() =>
        parseConfig(authConfigShape, {
          NODE_ENV: 'production',
          ...(secret === undefined ? {} : { SESSION_SECRET: secret }),
        }),
      );
    expect(production()).toMatch(/SESSION_SECRET: must be set in production/);
    expect(production('')).toMatch(/SESSION_SECRET: must be set in production/);
    expect(production('change-me')).toMatch(/SESSION_SECRET: must be at least 32 characters/);
    // The default docker-compose.yml used to ship, and other copied example values.
    for (const placeholder of [
      'insecure-local-compose-session-secret-change-me',
      'please-change-me-to-a-long-random-string-0123',
      'your-session-secret-goes-here-at-least-32-chars',
      'x'.repeat(40),
    ]) {
      expect(production(placeholder)).toMatch(/SESSION_SECRET: is a placeholder or example value/);
    }
    expect(production(REAL_SECRET)).toBe('');
    // Outside production a local run needs no secret at all (one is kept under DATA_DIR).
    expect(messageOf(() => parseConfig(authConfigShape, {}))).toBe('');
    expect(
      messageOf(() =>
        parseConfig(authConfigShape, { SESSION_SECRET: 'insecure-local-compose-session-secret-change-me' }),
      ),
    ).toBe('');
  });
});

/** What `openssl rand -base64 48` gives. */
const REAL_SECRET = 'k3Vq9pZr7Lw2Xy8Tn4Bm6Hs1Jd5Fg0Qc+Re/Ua9Wo2Ei7Ty3Np6Ml1Kb8Vx4Zs5Cj';

describe('password hashing', () => {
  it('hashes at cost 12 by default and never hashes what bcrypt would truncate', async () => {
    const hasher = new PasswordHasher(12);
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$2b\$12\$/);
    expect(await hasher.verify('correct horse battery', hash)).toBe(true);
    expect(await hasher.verify('correct horse batter', hash)).toBe(false);
    expect(() => hasher.hash('x'.repeat(73))).toThrow(RangeError);
    // No account (no hash) is a plain "no", after the same amount of work.
    expect(await hasher.verify('anything', null)).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
    expect(new PasswordHasher(13).needsRehash(hash)).toBe(true);
  });
});

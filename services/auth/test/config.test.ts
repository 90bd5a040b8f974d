import { ConfigError, parseConfig } from '@seqgen/kit';
import { describe, expect, it } from 'vitest';
import { authConfigShape, checkProductionSettings, googleSettings } from '../src/config.ts';
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
    expect(googleSettings(config)).toBeNull();
  });

  it('refuses a bcrypt cost below 12, a non-SMTP mail URL and a plain-http identity provider', () => {
    const message = messageOf(() =>
      parseConfig(authConfigShape, {
        BCRYPT_COST: '10',
        SMTP_URL: 'http://mail.example.com',
        GOOGLE_ISSUER_URL: 'http://accounts.example.com',
      }),
    );
    expect(message).toMatch(/BCRYPT_COST: must be at least 12/);
    expect(message).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).toMatch(/GOOGLE_ISSUER_URL: must be https:\/\//);
    // Loopback http is allowed: the test provider.
    expect(parseConfig(authConfigShape, { GOOGLE_ISSUER_URL: 'http://127.0.0.1:4000' }).GOOGLE_ISSUER_URL).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('needs both Google settings, and PUBLIC_URL in production', () => {
    const half = parseConfig(authConfigShape, { GOOGLE_CLIENT_ID: 'id' });
    expect(() => googleSettings(half)).toThrow(ConfigError);
    expect(messageOf(() => googleSettings(half))).toMatch(/GOOGLE_CLIENT_SECRET/);
    const both = parseConfig(authConfigShape, { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(googleSettings(both)).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    const production = parseConfig(authConfigShape, { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(messageOf(() => checkProductionSettings(production))).toMatch(/PUBLIC_URL: required in production/);
  });
});

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

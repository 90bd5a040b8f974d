import { describe, expect, it } from 'vitest';
import { canRequestReset, canSubmitNewPassword, checkSignIn, checkSignUp, googleSignInAvailable } from './rules';

const signUp = {
  email: 'ada@acme.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  firstName: '',
  lastName: '',
};

describe('Google sign-in host rule', () => {
  it('is hidden on loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '[::1]']) {
      expect(googleSignInAvailable(host), host).toBe(false);
    }
  });

  it('is shown on real hosts', () => {
    expect(googleSignInAvailable('app.seqgen.io')).toBe(true);
    expect(googleSignInAvailable('localhost.example.com')).toBe(true);
    expect(googleSignInAvailable('10.0.0.5')).toBe(true);
  });
});

describe('sign-up rule', () => {
  it('refuses mismatched passwords before anything else', () => {
    expect(checkSignUp({ ...signUp, email: '', confirmPassword: 'something else' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('never sends the confirmation and leaves blank names out', () => {
    const result = checkSignUp(signUp);
    expect(result).toEqual({ ok: true, payload: { email: 'ada@acme.com', password: 'correct horse' } });
    if (!result.ok) return;
    expect(Object.keys(result.payload)).not.toContain('confirmPassword');
  });

  it('sends trimmed names when given', () => {
    const result = checkSignUp({ ...signUp, firstName: ' Ada ', lastName: 'Lovelace' });
    expect(result).toMatchObject({ ok: true, payload: { firstName: 'Ada', lastName: 'Lovelace' } });
  });

  it('reports field errors from the shared schema', () => {
    const result = checkSignUp({ ...signUp, email: 'not-an-email', password: 'short', confirmPassword: 'short' });
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'invalid') throw new Error('expected field errors');
    expect(result.errors.email).toMatch(/valid email/);
    expect(result.errors.password).toBe('Password must be at least 8 characters');
  });
});

describe('sign-in rule', () => {
  it('needs an e-mail and a password', () => {
    const result = checkSignIn({ email: ' ', password: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toBe('Please enter a valid email address');
    expect(result.errors.password).toBe('Password is required');
    expect(checkSignIn({ email: ' ada@acme.com ', password: 'x' })).toEqual({
      ok: true,
      payload: { email: 'ada@acme.com', password: 'x' },
    });
  });
});

describe('reset password rules', () => {
  it('allows submitting only non-blank, equal passwords', () => {
    expect(canSubmitNewPassword('', '')).toBe(false);
    expect(canSubmitNewPassword('   ', '   ')).toBe(false);
    expect(canSubmitNewPassword('new password', 'new passwort')).toBe(false);
    expect(canSubmitNewPassword('new password', '')).toBe(false);
    expect(canSubmitNewPassword('new password', 'new password')).toBe(true);
  });

  it('needs a non-blank e-mail to request a link', () => {
    expect(canRequestReset('')).toBe(false);
    expect(canRequestReset('  ')).toBe(false);
    expect(canRequestReset('ada@acme.com')).toBe(true);
  });
});

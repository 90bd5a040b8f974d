import { describe, expect, it } from 'vitest';
import { authStatusOf } from './api/get-user';
import { guardDecision, homeScreen } from './route-guard';

const user = { id: 'u1', email: 'ada@acme.com', firstName: null, lastName: null, profileImageUrl: null };

describe('auth status', () => {
  it('is signed in only when the read returned a user', () => {
    expect(authStatusOf({ data: undefined, isLoading: true })).toBe('loading');
    expect(authStatusOf({ data: null, isLoading: false })).toBe('signedOut');
    // A failed read (e.g. the gateway is down) leaves no data: signed out, never stuck loading.
    expect(authStatusOf({ data: undefined, isLoading: false })).toBe('signedOut');
    expect(authStatusOf({ data: user, isLoading: false })).toBe('signedIn');
  });
});

describe('route guard', () => {
  it('renders public pages whatever the state', () => {
    for (const status of ['loading', 'signedIn', 'signedOut'] as const) {
      expect(guardDecision('public', status)).toEqual({ type: 'render' });
    }
  });

  it('shows a spinner while the user read is pending on guarded routes', () => {
    expect(guardDecision('signedIn', 'loading')).toEqual({ type: 'spinner' });
    expect(guardDecision('signedOut', 'loading')).toEqual({ type: 'spinner' });
    expect(homeScreen('loading')).toBe('spinner');
  });

  it('sends signed-out visitors of signed-in pages to /auth', () => {
    expect(guardDecision('signedIn', 'signedOut')).toEqual({ type: 'redirect', to: '/auth' });
    expect(guardDecision('signedIn', 'signedIn')).toEqual({ type: 'render' });
  });

  it('sends signed-in visitors of /auth to /', () => {
    expect(guardDecision('signedOut', 'signedIn')).toEqual({ type: 'redirect', to: '/' });
    expect(guardDecision('signedOut', 'signedOut')).toEqual({ type: 'render' });
  });

  it('chooses the dashboard or the landing page for /', () => {
    expect(homeScreen('signedIn')).toBe('dashboard');
    expect(homeScreen('signedOut')).toBe('landing');
  });
});

import type { AuthStatus } from './api/get-user';

/**
 * Who may see a route (docs/product.md §2, §6):
 * - public: everyone, rendered at once without waiting for the user read;
 * - signedIn: dashboard, saved sequences, subscription management;
 * - signedOut: the sign-in page (a signed-in visitor goes to /).
 */
export type RouteAccess = 'public' | 'signedIn' | 'signedOut';

export type GuardDecision = { type: 'render' } | { type: 'spinner' } | { type: 'redirect'; to: string };

export const SIGN_IN_PATH = '/auth';
export const HOME_PATH = '/';

export function guardDecision(access: RouteAccess, status: AuthStatus): GuardDecision {
  if (access === 'public') return { type: 'render' };
  if (status === 'loading') return { type: 'spinner' };
  if (access === 'signedIn') return status === 'signedIn' ? { type: 'render' } : { type: 'redirect', to: SIGN_IN_PATH };
  return status === 'signedOut' ? { type: 'render' } : { type: 'redirect', to: HOME_PATH };
}

/** / is the dashboard when signed in and the pre-launch landing page when signed out. */
export function homeScreen(status: AuthStatus): 'spinner' | 'dashboard' | 'landing' {
  if (status === 'loading') return 'spinner';
  return status === 'signedIn' ? 'dashboard' : 'landing';
}

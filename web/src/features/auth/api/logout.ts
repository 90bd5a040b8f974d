import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { AnalyticsEvent, track } from '../../../lib/analytics';
import { type ApiOptions, apiRequest } from '../../../lib/api';
import { clearAllUserData } from '../../../lib/user-storage';
import { userKey } from './get-user';

/** A GET the browser may also navigate to: it ends the session and redirects to /. */
export const logoutPath = '/api/auth/logout';

export async function logout(options: ApiOptions = {}): Promise<void> {
  await apiRequest('GET', logoutPath, undefined, options);
}

/**
 * docs/product.md §7: call logout, then go to /. If the call fails, navigate to the logout path itself, so
 * the server still clears the cookie and redirects.
 */
export function useLogout() {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  return useCallback(async () => {
    track(AnalyticsEvent.auth, { action: 'logout' });
    // Drafts and other per-user data never outlive the session on a shared browser.
    clearAllUserData();
    try {
      await logout();
    } catch {
      window.location.assign(logoutPath);
      return;
    }
    // Forget everything cached for the old account, then mark the visitor signed out.
    await mutate((key) => key !== userKey, undefined, { revalidate: false });
    await mutate(userKey, null, { revalidate: false });
    navigate('/', { replace: true });
  }, [mutate, navigate]);
}

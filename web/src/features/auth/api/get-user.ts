import { User } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';

/** The current user; every sign-in, sign-up and logout writes this key (docs/product.md §7). */
export const userKey = '/api/auth/user';

/** Not signed in is data (null), not an error: a 401 answers null (docs/product.md §4). */
export function getUser(options: ApiOptions = {}): Promise<User | null> {
  return apiGet(userKey, { ...options, schema: User, on401: 'returnNull' });
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** Signed in exactly when the user read returned a user; any failure counts as signed out. */
export function authStatusOf(state: { data: User | null | undefined; isLoading: boolean }): AuthStatus {
  if (state.data) return 'signedIn';
  return state.isLoading ? 'loading' : 'signedOut';
}

export function useUser() {
  const { data, isLoading, mutate } = useSWR(userKey, () => getUser());
  return { user: data ?? null, status: authStatusOf({ data, isLoading }), mutate };
}

import type { SWRConfiguration } from 'swr';
import { createFetcher } from './api';

/**
 * App-wide SWR defaults (docs/product.md §7): data never goes stale, nothing refetches on focus, reconnect
 * or an interval, and failed reads are not retried. Hooks that need more opt in locally, e.g.
 * usage polling with `refreshInterval: 5000`.
 *
 * SWR has no per-key garbage collection; the "5 minute cache for unused data" of docs/product.md §7 is a
 * React Query default that has no effect on behaviour the user can see, so it is not emulated.
 */
export const swrConfig = {
  // Keys are API paths (or tuples starting with one): `useSWR('/api/usage')` just works.
  fetcher: createFetcher(),
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
} satisfies SWRConfiguration;

import { Usage } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';

export const usageKey = '/api/usage';
/** Spec §4, §9: usage is polled every 5 s. */
export const USAGE_POLL_MS = 5000;

export function getUsage(options: ApiOptions = {}): Promise<Usage> {
  return apiGet(usageKey, { ...options, schema: Usage });
}

/** The only read that polls; every other key keeps the app-wide "never refetch" defaults. */
export function useUsage() {
  return useSWR(usageKey, () => getUsage(), { refreshInterval: USAGE_POLL_MS, dedupingInterval: 0 });
}

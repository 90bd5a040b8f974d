import { Usage, UsageDetails } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet, apiGetTagged, type Tagged } from '../api';

export const usageKey = '/api/usage';
/** docs/product.md §4, §9: usage is polled every 5 s. */
export const USAGE_POLL_MS = 5000;

/** The last usage read, with its ETag: the next poll asks only whether it changed (issue 12). */
let lastRead: Tagged<Usage> | undefined;

export async function getUsage(options: ApiOptions = {}): Promise<Usage> {
  const read = await apiGetTagged(usageKey, lastRead, { ...options, schema: Usage });
  lastRead = read.etag === null ? undefined : read;
  return read.data;
}

/**
 * Usage as the page knows it. Exactly one mounted reader polls (`poll: true`: the signed-in
 * header, present on every signed-in screen): two polling readers whose timers drift apart (a
 * panel remounted when a Recent sequence opens) fetched twice per 5 s (issue 13, item 7). The
 * others read the same cache and re-render when it changes; a generation refreshes it at once.
 */
export function useUsage({ poll = false }: { poll?: boolean } = {}) {
  return useSWR(usageKey, () => getUsage(), poll ? { refreshInterval: USAGE_POLL_MS, dedupingInterval: 0 } : {});
}

export const usageDetailsKey = '/api/usage/details';

/**
 * The plan and reset date behind the usage, read only while `needed` (the limit is reached): the
 * screens then say whose limit it is and when it lifts.
 */
export function useUsageDetails(needed: boolean) {
  return useSWR(needed ? usageDetailsKey : null, () => apiGet(usageDetailsKey, { schema: UsageDetails }), {
    revalidateOnMount: true,
  });
}

/** The details now (a generation was just refused); undefined when they cannot be read. */
export function getUsageDetails(): Promise<UsageDetails | undefined> {
  return apiGet(usageDetailsKey, { schema: UsageDetails }).catch(() => undefined);
}

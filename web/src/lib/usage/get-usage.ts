import { Usage, UsageDetails } from '@seqgen/proto';
import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiOptions, apiGet, apiGetTagged, resolveApiPath, type Tagged } from '../api';

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
  const pushed = useUsagePush(poll);
  return useSWR(
    usageKey,
    () => getUsage(),
    // While the stream is open nothing is polled: the server says when usage changes.
    poll ? { refreshInterval: pushed ? 0 : USAGE_POLL_MS, dedupingInterval: 0 } : {},
  );
}

export const usageStreamPath = '/api/usage/stream';

/**
 * Issue 25, item 2: the polling reader keeps one stream of usage changes (Server-Sent Events)
 * instead of asking every 5 s, which with thousands of open tabs cost the servers more than
 * everything else. True while the stream is open; until it opens, and whenever it is down (the
 * browser reconnects it by itself), the 5 s poll runs as before. An `ended` event (signed out
 * elsewhere) closes it and asks once, which then meets the 401 like any other request.
 */
function useUsagePush(enabled: boolean): boolean {
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(resolveApiPath(usageStreamPath));
    source.addEventListener('open', () => setOpen(true));
    source.addEventListener('error', () => setOpen(false));
    source.addEventListener('usage', (event) => {
      const usage = Usage.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (usage.success) void mutate(usageKey, usage.data, { revalidate: false });
    });
    source.addEventListener('ended', () => {
      source.close();
      setOpen(false);
      void mutate(usageKey);
    });
    return () => {
      source.close();
      setOpen(false);
    };
  }, [enabled, mutate]);
  return open;
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

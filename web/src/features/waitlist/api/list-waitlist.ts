import { WaitlistList } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';
import { waitlistKey } from './join-waitlist';

export function listWaitlist(options: ApiOptions = {}): Promise<WaitlistList> {
  return apiGet(waitlistKey, { ...options, schema: WaitlistList });
}

/** Only signed-in visitors may read the list (docs/product.md §7), so the read waits for `enabled`. */
export function useWaitlist(enabled: boolean) {
  return useSWR(enabled ? waitlistKey : null, () => listWaitlist());
}

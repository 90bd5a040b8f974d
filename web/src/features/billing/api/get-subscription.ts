import { SubscriptionResponse } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';

export const subscriptionKey = '/api/subscription';

export function getSubscription(options: ApiOptions = {}): Promise<SubscriptionResponse> {
  return apiGet(subscriptionKey, { ...options, schema: SubscriptionResponse });
}

export function useSubscription() {
  // Read afresh on every visit: a payment or a cancellation elsewhere changes it.
  return useSWR(subscriptionKey, () => getSubscription(), { revalidateOnMount: true });
}

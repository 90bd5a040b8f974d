import { SubscriptionResponse } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';

export const subscriptionKey = '/api/subscription';

export function getSubscription(options: ApiOptions = {}): Promise<SubscriptionResponse> {
  return apiGet(subscriptionKey, { ...options, schema: SubscriptionResponse });
}

/**
 * `waitForPaid` (ms between reads) keeps reading until a subscription shows up: after a Stripe
 * payment, its invoice.paid webhook may reach billing a moment after the browser gets here.
 */
export function useSubscription({ waitForPaid }: { waitForPaid?: number } = {}) {
  // Read afresh on every visit: a payment or a cancellation elsewhere changes it.
  return useSWR(subscriptionKey, () => getSubscription(), {
    revalidateOnMount: true,
    ...(waitForPaid && { refreshInterval: (data?: SubscriptionResponse) => (data?.hasSubscription ? 0 : waitForPaid) }),
  });
}

import { SubscriptionResponse } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { subscriptionKey } from './get-subscription';

/** Cancel at period end, or undo it; both answer the subscription as it now stands. */
export function changeSubscription(
  action: 'cancel' | 'reactivate',
  options: ApiOptions = {},
): Promise<SubscriptionResponse> {
  return apiSend('POST', `/api/subscription/${action}`, undefined, { ...options, schema: SubscriptionResponse });
}

export function useChangeSubscription(action: 'cancel' | 'reactivate') {
  return useSWRMutation(subscriptionKey, () => changeSubscription(action), {
    populateCache: true,
    revalidate: false,
  });
}

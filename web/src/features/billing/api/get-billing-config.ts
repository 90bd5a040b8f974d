import { BillingConfigResponse } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';

/** Which checkout to show: Stripe's Payment Element, or the built-in test checkout. */
export const billingConfigKey = '/api/billing/config';

export function getBillingConfig(options: ApiOptions = {}): Promise<BillingConfigResponse> {
  return apiGet(billingConfigKey, { ...options, schema: BillingConfigResponse });
}

export function useBillingConfig() {
  return useSWR(billingConfigKey, () => getBillingConfig());
}

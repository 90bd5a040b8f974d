import { CreateSubscriptionRequest, CreateSubscriptionResponse } from '@seqgen/proto';
import { z } from 'zod';
import { type ApiOptions, apiSend } from '../../../lib/api';

export const NO_CLIENT_SECRET = 'No client secret received';

/** Starts (or resumes) the checkout; the answer's client secret drives the payment form. */
export async function createSubscription(input: CreateSubscriptionRequest, options: ApiOptions = {}): Promise<string> {
  const body = CreateSubscriptionRequest.parse(input);
  // Read loosely first, so a missing secret reads as the message of docs/product.md §8 rather than a schema error.
  const answer = await apiSend('POST', '/api/create-subscription', body, {
    ...options,
    schema: z.object({ clientSecret: z.unknown() }).partial(),
  });
  const parsed = CreateSubscriptionResponse.safeParse(answer);
  if (!parsed.success || parsed.data.clientSecret === '') throw new Error(NO_CLIENT_SECRET);
  return parsed.data.clientSecret;
}

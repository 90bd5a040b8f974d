import { JoinWaitlistRequest, JoinWaitlistResponse } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';

/** The waitlist collection; joining revalidates any mounted reader of the list (GET, signed in). */
export const waitlistKey = '/api/waitlist';

export async function joinWaitlist(
  input: JoinWaitlistRequest,
  options: ApiOptions = {},
): Promise<JoinWaitlistResponse> {
  // The same schema the waitlist service validates with: trims and checks the at-sign rule.
  const body = JoinWaitlistRequest.parse(input);
  return apiSend('POST', waitlistKey, body, { ...options, schema: JoinWaitlistResponse });
}

export function useJoinWaitlist() {
  return useSWRMutation(waitlistKey, (_key: string, { arg }: { arg: JoinWaitlistRequest }) => joinWaitlist(arg));
}

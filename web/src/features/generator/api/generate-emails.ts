import { type EmailSequence, GenerateEmailsRequest, GenerateEmailsResponse } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { usageKey } from '../../usage/api/get-usage';
import { emailsKey } from './list-emails';

export const generateEmailsKey = '/api/generate-emails';

/** The request as the form holds it: before zod's defaults and trimming. */
export type GenerateEmailsInput = z.input<typeof GenerateEmailsRequest>;

export async function generateEmails(input: GenerateEmailsInput, options: ApiOptions = {}): Promise<EmailSequence> {
  const parsed = GenerateEmailsRequest.safeParse(input);
  // Caught before sending with the service's own wording (e.g. 'Add at least one solution').
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid request');
  const body = parsed.data;
  const { sequence } = await apiSend('POST', generateEmailsKey, body, { ...options, schema: GenerateEmailsResponse });
  return sequence;
}

/** Spec §7: after a generation the cached usage and history are stale, success or not. */
export function useGenerateEmails() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(generateEmailsKey, async (_key: string, { arg }: { arg: GenerateEmailsInput }) => {
    try {
      return await generateEmails(arg);
    } finally {
      void mutate(usageKey);
      void mutate(emailsKey);
    }
  });
}

import { GenerateEmailsRequest, GenerateEmailsResponse } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { usageKey } from '../../../lib/usage/get-usage';
import { emailsKey } from './list-emails';

export const generateEmailsKey = '/api/generate-emails';

/** The request as the form holds it: before zod's defaults and trimming. */
export type GenerateEmailsInput = z.input<typeof GenerateEmailsRequest>;

/** The request body as sent, or the service's own wording for what is missing (e.g. 'Add at least one solution'). */
export function generateEmailsBody(input: GenerateEmailsInput): GenerateEmailsRequest {
  const parsed = GenerateEmailsRequest.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

/**
 * The JSON endpoint (the dashboard streams instead; API users and tests call this): the sequence
 * with its checks, the language it is written in and the check context the browser re-checks with.
 */
export async function generateEmails(
  input: GenerateEmailsInput,
  options: ApiOptions = {},
): Promise<GenerateEmailsResponse> {
  return apiSend('POST', generateEmailsKey, generateEmailsBody(input), { ...options, schema: GenerateEmailsResponse });
}

/** docs/product.md §7: after a generation the cached usage and history are stale, success or not. */
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

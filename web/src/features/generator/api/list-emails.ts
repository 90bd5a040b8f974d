import { GeneratedSequenceList } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../../../lib/api';

/** The signed-in user's generated history (newest first); revalidated after every generation. */
export const emailsKey = '/api/emails';

export function listGeneratedEmails(options: ApiOptions = {}): Promise<GeneratedSequenceList> {
  return apiGet(emailsKey, { ...options, schema: GeneratedSequenceList });
}

export function useGeneratedEmails() {
  return useSWR(emailsKey, () => listGeneratedEmails());
}

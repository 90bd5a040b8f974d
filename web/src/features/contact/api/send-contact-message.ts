import { ContactRequest, ContactResponse } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';

export const contactKey = '/api/contact';

export function sendContactMessage(input: ContactRequest, options: ApiOptions = {}): Promise<ContactResponse> {
  return apiSend('POST', contactKey, ContactRequest.parse(input), { ...options, schema: ContactResponse });
}

export function useSendContactMessage() {
  return useSWRMutation(contactKey, (_key: string, { arg }: { arg: ContactRequest }) => sendContactMessage(arg));
}

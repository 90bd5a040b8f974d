import { MessageResponse, RequestPasswordResetRequest } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';

export const requestPasswordResetKey = '/api/request-password-reset';

export function requestPasswordReset(
  input: RequestPasswordResetRequest,
  options: ApiOptions = {},
): Promise<MessageResponse> {
  return apiSend('POST', requestPasswordResetKey, RequestPasswordResetRequest.parse(input), {
    ...options,
    schema: MessageResponse,
  });
}

export function useRequestPasswordReset() {
  return useSWRMutation(requestPasswordResetKey, (_key: string, { arg }: { arg: RequestPasswordResetRequest }) =>
    requestPasswordReset(arg),
  );
}

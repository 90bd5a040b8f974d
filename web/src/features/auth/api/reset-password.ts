import { MessageResponse, ResetPasswordRequest } from '@seqgen/proto';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';

export const resetPasswordKey = '/api/reset-password';

export function resetPassword(input: ResetPasswordRequest, options: ApiOptions = {}): Promise<MessageResponse> {
  return apiSend('POST', resetPasswordKey, ResetPasswordRequest.parse(input), { ...options, schema: MessageResponse });
}

export function useResetPassword() {
  return useSWRMutation(resetPasswordKey, (_key: string, { arg }: { arg: ResetPasswordRequest }) => resetPassword(arg));
}

import { SandboxConfirmRequest, SandboxConfirmResponse } from '@seqgen/proto';
import { type ApiOptions, apiSend } from '../../../lib/api';

/** The test checkout's stand-in for a card payment (only when no payment provider is configured). */
export function confirmSandboxPayment(
  input: SandboxConfirmRequest,
  options: ApiOptions = {},
): Promise<SandboxConfirmResponse> {
  return apiSend('POST', '/api/billing/sandbox/confirm', SandboxConfirmRequest.parse(input), {
    ...options,
    schema: SandboxConfirmResponse,
  });
}

import { RegenerateEmailRequest, RegenerateEmailResponse } from '@seqgen/proto';
import type { z } from 'zod';
import { type ApiOptions, apiSend } from '../api';

/** One email written again; nothing is stored and no quota is used. */
export const regenerateEmailKey = '/api/regenerate-email';

export type RegenerateEmailInput = z.input<typeof RegenerateEmailRequest>;

/** The request as sent, or the first reason it cannot be (the proto's own wording). */
export function regenerateEmailBody(
  input: RegenerateEmailInput,
): { ok: true; body: RegenerateEmailRequest } | { ok: false; message: string } {
  const parsed = RegenerateEmailRequest.safeParse(input);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid request' };
}

export function regenerateEmail(
  body: RegenerateEmailRequest,
  options: ApiOptions = {},
): Promise<RegenerateEmailResponse> {
  return apiSend('POST', regenerateEmailKey, body, { ...options, schema: RegenerateEmailResponse });
}

import { z } from 'zod';
import { text } from './common.ts';

/**
 * Every `error` code a service answers with, grouped by what went wrong; docs/product.md §8 gives
 * each its status and message. The code is the contract: clients decide on it (the web app's
 * toasts, generation reading quota's refusal), never on the words of the message, which are for
 * people. A service can only answer with a code listed here (HttpError and ErrorBody are typed
 * with it), so a misspelt code does not compile.
 */
export const ERROR_CODE_GROUPS = {
  /** The request cannot be served as sent (any service, through the kit, and the gateway). */
  request: [
    'bad_request',
    'validation_failed',
    'invalid_json',
    'bad_url',
    'payload_too_large',
    'unsupported_media_type',
    'cross_site_request',
    'forbidden',
    'not_found',
    'conflict',
    'rate_limited',
    /** The caller went away before the answer was ready (a stream the reader left). */
    'client_closed',
  ],
  /** Sign-in, accounts and sessions (auth, and every service's session check). */
  account: [
    'unauthorized',
    'invalid_credentials',
    'email_taken',
    'invalid_reset_token',
    'google_sign_in_failed',
    'google_not_configured',
    'google_account_mismatch',
  ],
  /** Reading the pages a user named (generation's analysis). */
  pages: [
    'invalid_url',
    'url_not_allowed',
    'site_unreachable',
    'unsupported_page',
    'not_enough_content',
    'page_too_complex',
    'no_pain_points',
    'analysis_busy',
  ],
  /** The AI model behind the writers and the analyser (generation). */
  ai: ['ai_busy', 'ai_timeout', 'ai_unreachable', 'ai_failed'],
  /** The sequence allowance (quota, answered through generation). */
  quota: ['limit_reached', 'quota_unavailable'],
  /** Saved sequences (library). */
  library: ['too_many_saved_sequences'],
  /** Checkout, payments and the provider's webhooks (billing). */
  billing: [
    'card_declined',
    'invalid_number',
    'invalid_client_secret',
    'invalid_signature',
    'invalid_body',
    'bad_gateway',
  ],
  /** A service, or what it depends on, is not there or failed: nothing the caller did. */
  availability: [
    'internal',
    'unavailable',
    'not_ready',
    'database_unavailable',
    /** The gateway: the service behind a route did not answer in time, or at all. */
    'upstream_timeout',
    'upstream_unavailable',
  ],
} as const;

export type ErrorCodeGroup = keyof typeof ERROR_CODE_GROUPS;
export const ERROR_CODES = Object.values(ERROR_CODE_GROUPS).flat();
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every non-2xx answer from every service (docs/architecture.md §5). */
export const ErrorBody = z.object({
  error: ErrorCode,
  /** What the user reads, exactly as docs/product.md §8 words it. */
  message: text(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

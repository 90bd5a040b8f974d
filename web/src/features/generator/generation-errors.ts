import { errorCodeOf } from '../../lib/api';
import { FREE_TRIAL_LIMIT_MESSAGE } from '../../lib/usage/usage-warning';

/**
 * docs/product.md §8: generation failures are told apart by the error code the services answer
 * with (proto's list), never by the words of the message, which is only shown.
 */
export interface GenerationErrorToast {
  title: string;
  description: string;
  /** Only the quota refusal sends the user on to /subscribe (after SUBSCRIBE_REDIRECT_MS). */
  redirectToSubscribe: boolean;
}

export const SUBSCRIBE_REDIRECT_MS = 3000;
export const DEFAULT_GENERATION_ERROR = 'Failed to generate sequence';
export const DEFAULT_ANALYSIS_ERROR = 'Failed to analyze company';

export const isLimitReached = (error: unknown) => errorCodeOf(error) === 'limit_reached';

/**
 * `limitDescription` words a refusal at the limit for the user's own situation (a paid plan's
 * sequences for the period, with the renewal date: issue 13, item 1); the free trial keeps the words of docs/product.md §8, which are also the fallback.
 */
export function generationErrorToast(error: unknown, limitDescription?: string): GenerationErrorToast {
  switch (errorCodeOf(error)) {
    case 'limit_reached':
      return {
        title: 'Sequence Limit Reached',
        description: limitDescription ?? FREE_TRIAL_LIMIT_MESSAGE,
        redirectToSubscribe: true,
      };
    // The writer's model, or the gateway waiting for generation.
    case 'ai_timeout':
    case 'upstream_timeout':
      return {
        title: 'Generation Timeout',
        description: 'Email generation is taking longer than expected. Please try again.',
        redirectToSubscribe: false,
      };
    case 'ai_busy':
      return {
        title: 'Service Busy',
        description: 'AI service is temporarily busy. Please try again in a moment.',
        redirectToSubscribe: false,
      };
    default: {
      const message = error instanceof Error ? error.message : '';
      return {
        title: 'Generation Failed',
        description: message || DEFAULT_GENERATION_ERROR,
        redirectToSubscribe: false,
      };
    }
  }
}

/**
 * docs/product.md §8: generation failures are told apart by the text of the error message
 * ("<status>: <message>"), so the services' wording is what selects the toast.
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

export const isLimitReached = (message: string | undefined) =>
  Boolean(message && (message.includes('limit reached') || message.includes('Email generation limit')));

/**
 * `limitDescription` words a refusal at the limit for the user's own situation (a paid plan's
 * sequences for the period, with the renewal date: issue 13, item 1); the free trial keeps the words of docs/product.md §8, which are also the fallback.
 */
export function generationErrorToast(message: string | undefined, limitDescription?: string): GenerationErrorToast {
  const text = message ?? '';
  if (isLimitReached(text)) {
    return {
      title: 'Sequence Limit Reached',
      description:
        limitDescription ?? "You've used all 5 free sequences. Upgrade to continue generating email sequences.",
      redirectToSubscribe: true,
    };
  }
  if (text.includes('timeout')) {
    return {
      title: 'Generation Timeout',
      description: 'Email generation is taking longer than expected. Please try again.',
      redirectToSubscribe: false,
    };
  }
  if (text.includes('rate_limit_exceeded') || text.includes('busy')) {
    return {
      title: 'Service Busy',
      description: 'AI service is temporarily busy. Please try again in a moment.',
      redirectToSubscribe: false,
    };
  }
  return { title: 'Generation Failed', description: text || DEFAULT_GENERATION_ERROR, redirectToSubscribe: false };
}

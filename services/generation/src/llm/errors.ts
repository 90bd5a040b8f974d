import { HttpError } from '@seqgen/kit';
import type { LlmError } from './client.ts';

/** docs/product.md §8: the client tells a busy AI and a timeout apart by these codes (`ai_busy`, `ai_timeout`). */
export function llmFailure(error: LlmError): HttpError {
  switch (error.kind) {
    case 'busy':
      return new HttpError(
        503,
        'ai_busy',
        `The AI service is busy (${error.code ?? 'rate_limit_exceeded'}). Please try again in a moment.`,
        { 'retry-after': '10' },
      );
    case 'timeout':
      return new HttpError(504, 'ai_timeout', 'The AI service took too long to answer (timeout). Please try again.');
    case 'unreachable':
      return new HttpError(502, 'ai_unreachable', 'The AI service could not be reached. Please try again in a moment.');
    default:
      return new HttpError(502, 'ai_failed', `${error.message} Please try again.`);
  }
}

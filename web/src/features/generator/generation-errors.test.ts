import type { ErrorCode } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { generationErrorToast, isLimitReached } from './generation-errors';

/** A refusal as the API client throws it: "<status>: <message>", with the `{ error, message }` body. */
const refusal = (status: number, code: string, message: string) =>
  new ApiError(status, JSON.stringify({ error: code, message }), `${status}: ${message}`);

describe('generation error → toast (docs/product.md §8)', () => {
  it('maps the quota refusal to Sequence Limit Reached with a redirect', () => {
    for (const message of ['Email generation limit reached for this period', 'monthly limit reached']) {
      expect(generationErrorToast(refusal(403, 'limit_reached', message))).toEqual({
        title: 'Sequence Limit Reached',
        description: "You've used all 5 free sequences. Upgrade to continue generating email sequences.",
        redirectToSubscribe: true,
      });
    }
  });

  it('maps timeouts and a busy service', () => {
    for (const [status, code] of [
      [504, 'ai_timeout'],
      [504, 'upstream_timeout'],
    ] as const) {
      expect(generationErrorToast(refusal(status, code, 'Upstream timeout'))).toMatchObject({
        title: 'Generation Timeout',
        description: 'Email generation is taking longer than expected. Please try again.',
        redirectToSubscribe: false,
      });
    }
    expect(
      generationErrorToast(refusal(503, 'ai_busy', 'The AI service is busy (rate_limit_exceeded).')),
    ).toMatchObject({
      title: 'Service Busy',
      description: 'AI service is temporarily busy. Please try again in a moment.',
    });
  });

  it('shows any other message as Generation Failed, with a default', () => {
    expect(generationErrorToast(refusal(400, 'validation_failed', 'Please enter a company URL'))).toEqual({
      title: 'Generation Failed',
      description: '400: Please enter a company URL',
      redirectToSubscribe: false,
    });
    expect(generationErrorToast(new Error('The generation stopped early.')).description).toBe(
      'The generation stopped early.',
    );
    expect(generationErrorToast(undefined).description).toBe('Failed to generate sequence');
    expect(generationErrorToast(new Error('')).description).toBe('Failed to generate sequence');
  });
});

describe('the toast is chosen by the error code, never by the words of the message', () => {
  it('follows the code whatever the message says', () => {
    const cases: [ErrorCode, string, string][] = [
      ['limit_reached', 'Your workspace has no sequences left this month.', 'Sequence Limit Reached'],
      ['ai_timeout', 'The model took too long.', 'Generation Timeout'],
      ['upstream_timeout', 'Sequence generation took too long to answer.', 'Generation Timeout'],
      ['ai_busy', 'The AI service has too much to do.', 'Service Busy'],
    ];
    for (const [code, message, title] of cases) {
      expect(generationErrorToast(refusal(503, code, message)).title, code).toBe(title);
    }
    expect(isLimitReached(refusal(403, 'limit_reached', 'No sequences left.'))).toBe(true);
  });

  it('does not take the words of another code, or of a plain error, for a limit, a timeout or a busy AI', () => {
    const worded = 'Email generation limit reached (timeout): the service is busy, rate_limit_exceeded';
    for (const error of [
      refusal(502, 'ai_failed', worded),
      refusal(429, 'rate_limited', worded),
      refusal(503, 'analysis_busy', worded),
      refusal(403, 'quota_exceeded', worded),
      new ApiError(504, worded, `504: ${worded}`),
      new Error(worded),
      worded,
    ]) {
      expect(generationErrorToast(error)).toEqual({
        title: 'Generation Failed',
        description: error instanceof Error ? error.message : 'Failed to generate sequence',
        redirectToSubscribe: false,
      });
      expect(isLimitReached(error)).toBe(false);
    }
  });
});

describe('a refusal at a paid plan’s limit (issue 13, item 1)', () => {
  it('tells the user’s own situation when it is known, and still leads to /subscribe', () => {
    const description = "You've used all 200 sequences of your Sales Leader plan for this period.";
    expect(
      generationErrorToast(refusal(403, 'limit_reached', 'Email generation limit reached: 200 of 200'), description),
    ).toEqual({
      title: 'Sequence Limit Reached',
      description,
      redirectToSubscribe: true,
    });
  });
});

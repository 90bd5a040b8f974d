import { describe, expect, it } from 'vitest';
import { generationErrorToast } from './generation-errors';

describe('generation error → toast (docs/product.md §8)', () => {
  it('maps the quota refusal to Sequence Limit Reached with a redirect', () => {
    for (const message of ['403: Email generation limit reached for this period', '403: monthly limit reached']) {
      expect(generationErrorToast(message)).toEqual({
        title: 'Sequence Limit Reached',
        description: "You've used all 5 free sequences. Upgrade to continue generating email sequences.",
        redirectToSubscribe: true,
      });
    }
  });

  it('maps timeouts and a busy service', () => {
    expect(generationErrorToast('504: Upstream timeout')).toMatchObject({
      title: 'Generation Timeout',
      description: 'Email generation is taking longer than expected. Please try again.',
      redirectToSubscribe: false,
    });
    for (const message of ['429: rate_limit_exceeded', '503: The writer is busy']) {
      expect(generationErrorToast(message)).toMatchObject({
        title: 'Service Busy',
        description: 'AI service is temporarily busy. Please try again in a moment.',
      });
    }
  });

  it('shows any other message as Generation Failed, with a default', () => {
    expect(generationErrorToast('400: Please enter a company URL')).toEqual({
      title: 'Generation Failed',
      description: '400: Please enter a company URL',
      redirectToSubscribe: false,
    });
    expect(generationErrorToast(undefined).description).toBe('Failed to generate sequence');
    expect(generationErrorToast('').description).toBe('Failed to generate sequence');
  });
});

describe('a refusal at a paid plan’s limit (issue 13, item 1)', () => {
  it('tells the user’s own situation when it is known, and still leads to /subscribe', () => {
    const description = "You've used all 200 sequences of your Sales Leader plan for this period.";
    expect(generationErrorToast('403: Email generation limit reached: 200 of 200', description)).toEqual({
      title: 'Sequence Limit Reached',
      description,
      redirectToSubscribe: true,
    });
  });
});

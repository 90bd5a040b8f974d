import { HttpError, type SafeFetchError } from '@seqgen/kit';

/** Which of the URLs in a request a failure is about, in the words the user knows it by. */
export type PageRole = 'company' | 'caseStudies' | 'prospect';

const PAGE_WORDS: Record<PageRole, { label: string; reach: string }> = {
  company: { label: 'Company URL', reach: '' },
  caseStudies: { label: 'Case studies URL', reach: 'your case studies page ' },
  prospect: { label: 'Prospect company URL', reach: "the prospect company's site " },
};

/**
 * A refused URL is the caller's to fix (400); a page that is not HTML or too big cannot be
 * analysed (422); a site that failed us is a bad gateway (502). The message is the fetcher's,
 * which names the URL and the reason and never carries a stack.
 */
export function fetchFailure(error: SafeFetchError, role: PageRole): HttpError {
  const words = PAGE_WORDS[role];
  if (error.refused) {
    const code = error.reason === 'blocked_address' ? 'url_not_allowed' : 'invalid_url';
    return new HttpError(400, code, role === 'company' ? error.message : `${words.label}: ${error.message}`);
  }
  if (error.reason === 'unsupported_content' || error.reason === 'too_large') {
    return new HttpError(
      422,
      'unsupported_page',
      role === 'company' ? error.message : `${words.label}: ${error.message}`,
    );
  }
  const message = error.detail
    ? `We couldn't reach ${words.reach}${error.url} (${error.detail}).`
    : `${words.label}: ${error.message}`;
  return new HttpError(502, 'site_unreachable', message);
}

export function notEnoughContent(url: string): HttpError {
  return new HttpError(
    422,
    'not_enough_content',
    `We couldn't find enough text on ${url} to analyse: the site may need JavaScript to show its content. Try the Manual Entry tab instead.`,
  );
}

/**
 * A page over the extraction budgets (issue 10, finding 1): nested deeper than real pages are,
 * or too slow to read. The user's way on is the manual entry the product offers.
 */
export function pageTooComplex(url: string, role: PageRole): HttpError {
  const message = `This page is too complex to analyse: ${url} has more nesting or markup than we can read safely. Try the Manual Entry tab instead, or a simpler page of the same site.`;
  return new HttpError(422, 'page_too_complex', role === 'company' ? message : `${PAGE_WORDS[role].label}: ${message}`);
}

/** Every page reader is busy and the queue is full: a moment later there is room. */
export function pagesBusy(): HttpError {
  return new HttpError(
    503,
    'analysis_busy',
    'We are reading a lot of websites right now. Please try again in a moment.',
    { 'retry-after': '5' },
  );
}

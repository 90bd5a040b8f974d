import type { Analysis } from '@seqgen/proto';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_COPY } from '../analysis-review';
import { AnalysisCard } from './AnalysisCard';

const NOTICE =
  "We couldn't find a customer pain point on this page. Add at least one pain point, with the solution that answers it, before you continue.";

const base: Analysis = {
  companyName: 'Northwind Ledger',
  companyDescription: 'Finance automation.',
  targetAudience: 'Finance teams',
  targetJobTitles: ['CFO', 'Controller'],
  customerPains: ['Month-end close takes two weeks.'],
  solutions: ['Automated bank reconciliation: Match bank transactions in seconds.'],
};

const render = (analysis: Analysis) =>
  renderToStaticMarkup(
    <AnalysisCard analysis={analysis} companyUrl="https://northwind.test/" onChange={() => {}} onProceed={() => {}} />,
  );

/** The opening tag of the element with this data-testid. */
const tagOf = (html: string, testId: string) => html.match(new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`))?.[0];
const isDisabled = (tag: string | undefined) => /\sdisabled=""/.test(tag ?? '');
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('AnalysisCard (server-rendered markup)', () => {
  it('shows no notice, no blocker and an enabled Proceed for a complete analysis', () => {
    const html = render(base);
    expect(tagOf(html, 'analysis-notice')).toBeUndefined();
    expect(tagOf(html, 'proceed-blocker')).toBeUndefined();
    expect(isDisabled(tagOf(html, 'proceed-customization'))).toBe(false);
  });

  it('shows the notice at the top of the card, before the description', () => {
    const html = render({ ...base, notice: NOTICE });
    expect(tagOf(html, 'analysis-notice')).toContain('role="status"');
    expect(textOf(html)).toContain(NOTICE);
    expect(html.indexOf('data-testid="analysis-notice"')).toBeLessThan(
      html.indexOf('data-testid="analysis-description"'),
    );
  });

  it('disables Proceed without a pain and a solution, says why next to it and offers the way into Edit', () => {
    const html = render({ ...base, customerPains: [], solutions: [], notice: NOTICE });
    const proceed = tagOf(html, 'proceed-customization') ?? '';
    expect(isDisabled(proceed)).toBe(true);
    const blocker = tagOf(html, 'proceed-blocker') ?? '';
    const id = blocker.match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(proceed).toContain(`aria-describedby="${id}"`);
    expect(textOf(html)).toContain(ANALYSIS_COPY.needsPair);
    expect(tagOf(html, 'proceed-fix')).toBeDefined();
    expect(textOf(html)).toContain(ANALYSIS_COPY.addPair);
    expect(tagOf(html, 'analysis-no-pairs')).toBeDefined();
    // With pains but no solution the way in edits the existing rows.
    const noSolution = render({ ...base, solutions: [] });
    expect(isDisabled(tagOf(noSolution, 'proceed-customization'))).toBe(true);
    expect(textOf(noSolution)).toContain(ANALYSIS_COPY.editPairs);
  });

  it('marks inferred job titles and leaves named ones unmarked', () => {
    expect(textOf(render({ ...base, titlesInferred: true }))).toContain('Inferred: the page names no titles');
    expect(render({ ...base, titlesInferred: true })).toContain('data-inferred="true"');
    expect(render({ ...base, titlesInferred: false })).not.toContain('titles-inferred');
  });

  it('lists proof points: customer — result, the credited solution, and quotes with the person', () => {
    const html = render({
      ...base,
      proofPoints: [
        {
          customer: 'Globex Foods',
          result: 'Globex Foods cut its month-end close from 10 days to 3.',
          solution: 'Automated bank reconciliation: Match bank transactions in seconds.',
        },
        { customer: 'Initech', result: 'Invoice costs down 62%.' },
        {
          customer: 'Globex Foods',
          result: 'My team has time for forecasting.',
          quote: true,
          person: 'Maria Chen, CFO',
        },
      ],
    });
    const text = textOf(html);
    expect(html.match(/data-testid="proof-point"/g)).toHaveLength(3);
    expect(text).toContain('Globex Foods cut its month-end close from 10 days to 3.');
    expect(text).toContain('credited to Automated bank reconciliation');
    expect(text).toContain('Initech — Invoice costs down 62%.');
    expect(html).toContain('<q class="italic">My team has time for forecasting.</q>');
    expect(text).toContain('— Maria Chen, CFO, Globex Foods');
    expect(render(base)).not.toContain('analysis-proof');
  });

  it('shows a quote the page ties to nobody without a dangling dash', () => {
    const html = render({
      ...base,
      proofPoints: [{ result: 'We went from a ten-day close to three days.', quote: true }],
    });
    expect(textOf(html)).toContain('We went from a ten-day close to three days.');
    expect(textOf(html)).not.toMatch(/three days\. —/);
    expect(html).not.toContain(' — </span>');
  });
});

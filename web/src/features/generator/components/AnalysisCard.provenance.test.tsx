// @vitest-environment happy-dom
import type { Analysis, AnalysisPair } from '@seqgen/proto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CLASSIFICATION_COPY, PROVENANCE_COPY } from '../analysis-review';
import { AnalysisCard } from './AnalysisCard';

/**
 * What Writing engine v3 knows, on the analysis card (docs/product.md §2): where each pain and
 * solution comes from, the page's words behind a disclosure, what the company is, and rows the
 * user edited shown without badges.
 */
const STATED: AnalysisPair = {
  pain: 'No-shows leave pick lines understaffed.',
  solution: 'Open-shift marketplace: CrewShift texts the open shift to qualified associates.',
  origin: 'stated',
  confidence: 0.72,
  capabilityName: 'Open-shift marketplace',
  solutionOrigin: 'stated',
  evidence: [
    { page: 'company', block: 7, role: 'problem', text: 'No-shows leave pick lines understaffed.' },
    { page: 'company', block: 17, role: 'feature', text: 'Open-shift marketplace' },
  ],
};
const INFERRED: AnalysisPair = {
  pain: 'Month-end close waits on invoices nobody has matched.',
  solution: 'Automated matching of invoices to purchase orders.',
  origin: 'inferred',
  confidence: 0.2,
  solutionOrigin: 'inferred',
};
const STATED_UNNAMED: AnalysisPair = {
  pain: 'Overtime spikes every peak season.',
  solution: 'Forecasts that staff the peak before it comes.',
  origin: 'stated',
  confidence: 0.61,
  solutionOrigin: 'stated',
  evidence: [{ page: 'caseStudies', block: 3, role: 'story', text: 'Overtime spiked every peak season.' }],
};

const analysis: Analysis = {
  companyName: 'CrewShift',
  companyDescription: 'Shift scheduling for warehouses.',
  targetAudience: 'Warehouse operations leaders',
  targetJobTitles: ['Operations Manager'],
  customerPains: [STATED.pain, INFERRED.pain, STATED_UNNAMED.pain],
  solutions: [STATED.solution, INFERRED.solution, STATED_UNNAMED.solution],
  // Matched by the pain's text, not by position.
  pairs: [INFERRED, STATED_UNNAMED, STATED],
  classification: {
    function: 'workforce-scheduling',
    label: 'workforce scheduling',
    confidence: 0.63,
    kind: 'software',
    alternatives: [{ function: 'warehouse-operations', label: 'warehouse operations', confidence: 0.37 }],
    industries: [
      { industry: 'logistics', label: 'logistics', confidence: 1 },
      { industry: 'software', label: 'software', confidence: 0.95 },
    ],
  },
};

/** The card as the dashboard holds it: Save Changes replaces the analysis. */
function Stateful({ initial }: { initial: Analysis }) {
  const [current, setCurrent] = useState(initial);
  return (
    <AnalysisCard analysis={current} companyUrl="https://crewshift.test/" onChange={setCurrent} onProceed={() => {}} />
  );
}

const rows = () => screen.getAllByTestId('analysis-pair');
const badge = (row: HTMLElement, testId: string) => within(row).queryByTestId(testId)?.textContent ?? null;

afterEach(cleanup);

describe('AnalysisCard: what the analysis knows about each row', () => {
  it('badges each pain as stated or inferred and each solution as from the page (with its capability) or typical', () => {
    render(<Stateful initial={analysis} />);
    const [stated, inferred, unnamed] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(badge(stated, 'pain-origin')).toBe(PROVENANCE_COPY.painStated);
    expect(badge(stated, 'pain-origin')).toBe('Stated on the page');
    expect(badge(stated, 'solution-origin')).toBe('From the page: Open-shift marketplace');
    expect(badge(inferred, 'pain-origin')).toBe('Inferred — check it');
    expect(within(inferred).getByTestId('pain-origin').dataset.origin).toBe('inferred');
    expect(badge(inferred, 'solution-origin')).toBe('Typical — not on the page');
    // What an answer the page does not show means for the emails, said under it.
    expect(badge(inferred, 'solution-origin-note')).toBe(PROVENANCE_COPY.solutionInferredNote);
    expect(badge(unnamed, 'pain-origin')).toBe('Stated on the page');
    expect(badge(unnamed, 'solution-origin')).toBe('From the page');
    expect(badge(stated, 'solution-origin-note')).toBeNull();
  });

  it("keeps the page's words behind a closed disclosure that opens on a click or a key, and offers none without evidence", () => {
    render(<Stateful initial={analysis} />);
    const [stated, inferred, unnamed] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(inferred).queryByTestId('analysis-evidence')).toBeNull();
    const disclosure = within(stated).getByTestId('analysis-evidence') as HTMLDetailsElement;
    expect(disclosure.tagName).toBe('DETAILS');
    expect(disclosure.open).toBe(false);
    const summary = within(disclosure).getByText("The page's words (2)");
    // A <summary> is a button to assistive technology and to the keyboard (Enter and Space toggle it).
    expect(summary.tagName).toBe('SUMMARY');
    fireEvent.click(summary);
    expect(disclosure.open).toBe(true);
    const items = within(disclosure).getAllByTestId('evidence-item');
    expect(items.map((item) => item.querySelector('q')?.textContent)).toEqual([
      'No-shows leave pick lines understaffed.',
      'Open-shift marketplace',
    ]);
    expect(items[0]?.textContent).toContain('Company page · problem');
    expect(items[1]?.textContent).toContain('Company page · feature');
    const single = within(unnamed).getByTestId('analysis-evidence');
    expect(within(single).getByText("The page's words")).toBeTruthy();
    expect(single.textContent).toContain('Case studies page · customer story');
  });

  it('drops the badges of a row whose pain the user edited, and the solution badge and evidence of one whose solution they edited', () => {
    render(<Stateful initial={analysis} />);
    fireEvent.click(screen.getByTestId('analysis-edit'));
    const pains = screen.getAllByTestId('edit-pain');
    const solutions = screen.getAllByTestId('edit-solution');
    fireEvent.change(pains[1] as HTMLElement, { target: { value: 'Invoices pile up at month end.' } });
    fireEvent.change(solutions[0] as HTMLElement, { target: { value: 'We text your bench when someone calls out.' } });
    fireEvent.click(screen.getByTestId('edit-save'));

    const [stated, edited, untouched] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(edited).getByTestId('analysis-pain').textContent).toBe('Invoices pile up at month end.');
    expect(badge(edited, 'pain-origin')).toBeNull();
    expect(badge(edited, 'solution-origin')).toBeNull();
    expect(badge(edited, 'solution-origin-note')).toBeNull();
    // The pain is still the page's; the answer is now the user's, so the page's words no longer describe it.
    expect(badge(stated, 'pain-origin')).toBe('Stated on the page');
    expect(badge(stated, 'solution-origin')).toBeNull();
    expect(within(stated).queryByTestId('analysis-evidence')).toBeNull();
    expect(badge(untouched, 'pain-origin')).toBe('Stated on the page');
    expect(badge(untouched, 'solution-origin')).toBe('From the page');
    expect(within(untouched).getByTestId('analysis-evidence')).toBeTruthy();

    // A row the user adds has no badges either.
    fireEvent.click(screen.getByTestId('analysis-edit'));
    fireEvent.click(screen.getByTestId('add-pair'));
    const added = screen.getAllByTestId('edit-pair').length - 1;
    fireEvent.change(screen.getAllByTestId('edit-pain')[added] as HTMLElement, {
      target: { value: 'A pain of mine.' },
    });
    fireEvent.change(screen.getAllByTestId('edit-solution')[added] as HTMLElement, {
      target: { value: 'An answer of mine.' },
    });
    fireEvent.click(screen.getByTestId('edit-save'));
    const last = rows().at(-1) as HTMLElement;
    expect(within(last).getByTestId('analysis-pain').textContent).toBe('A pain of mine.');
    expect(badge(last, 'pain-origin')).toBeNull();
  });

  it('shows no badges for an analysis without pairs (Manual Entry, an older answer)', () => {
    const { pairs: _pairs, classification: _classification, ...plain } = analysis;
    render(<Stateful initial={plain} />);
    expect(screen.getAllByTestId('analysis-pair')).toHaveLength(3);
    expect(screen.queryAllByTestId('pain-origin')).toHaveLength(0);
    expect(screen.queryAllByTestId('solution-origin')).toHaveLength(0);
    expect(screen.queryAllByTestId('analysis-evidence')).toHaveLength(0);
    expect(screen.queryByTestId('analysis-classification')).toBeNull();
  });
});

describe('AnalysisCard: what the company is', () => {
  it('says the function, what it sells and the industries it serves under the company name', () => {
    render(<Stateful initial={analysis} />);
    const line = screen.getByTestId('analysis-classification');
    // Under the name, in the card's header.
    expect(
      screen.getByTestId('analysis-company').compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(line).getByTestId('classification-function').textContent).toBe('Workforce scheduling');
    expect(within(line).getByTestId('classification-kind').textContent).toBe('Software');
    expect(
      within(line)
        .getAllByTestId('classification-industry')
        .map((chip) => chip.textContent),
    ).toEqual(['logistics', 'software']);
    expect(line.textContent).toContain(CLASSIFICATION_COPY.serves);
    // Sure enough (0.63): no runners-up.
    expect(within(line).queryByTestId('classification-alternatives')).toBeNull();
  });

  it('offers the runner-up functions as "also possible" when the classification is unsure (below 0.6)', () => {
    const unsure: Analysis = {
      ...analysis,
      classification: {
        function: 'accounts-payable',
        label: 'accounts payable',
        confidence: 0.59,
        kind: 'services',
        alternatives: [
          { function: 'financial-close', label: 'financial close', confidence: 0.41 },
          { function: 'compliance-grc', label: 'governance, risk and compliance', confidence: 0.15 },
        ],
        industries: [],
      },
    };
    render(<Stateful initial={unsure} />);
    const alternatives = screen.getByTestId('classification-alternatives');
    expect(alternatives.textContent).toContain(`${CLASSIFICATION_COPY.alsoPossible}:`);
    expect(alternatives.textContent).toContain(CLASSIFICATION_COPY.unsure);
    // One chip each, so a label with a comma in it stays whole.
    expect(
      within(alternatives)
        .getAllByTestId('classification-alternative')
        .map((chip) => chip.textContent),
    ).toEqual(['Financial close', 'Governance, risk and compliance']);
    expect(screen.getByTestId('classification-kind').textContent).toBe('Services');
    expect(screen.queryAllByTestId('classification-industry')).toHaveLength(0);
    cleanup();
    // At exactly 0.6 the classification stands on its own.
    render(
      <Stateful
        initial={{
          ...unsure,
          classification: { ...(unsure.classification as NonNullable<Analysis['classification']>), confidence: 0.6 },
        }}
      />,
    );
    expect(screen.queryByTestId('classification-alternatives')).toBeNull();
  });

  it("keeps labels in the page's language", () => {
    render(
      <Stateful
        initial={{
          ...analysis,
          classification: {
            ...(analysis.classification as NonNullable<Analysis['classification']>),
            label: 'Produktion',
            industries: [{ industry: 'manufacturing', label: 'Fertigung', confidence: 1 }],
          },
        }}
      />,
    );
    expect(screen.getByTestId('classification-function').textContent).toBe('Produktion');
    expect(screen.getByTestId('classification-industry').textContent).toBe('Fertigung');
  });
});

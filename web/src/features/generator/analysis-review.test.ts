import type { Analysis, ProofPoint } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_COPY,
  applyEdit,
  editBlocker,
  editorRows,
  evidenceSource,
  pairsOf,
  proceedBlocker,
  proofLine,
  solutionHeadline,
} from './analysis-review';

const analysis: Analysis = {
  companyName: 'Northwind Ledger',
  companyDescription: 'Finance automation for mid-market teams.',
  targetAudience: 'Finance teams',
  targetJobTitles: ['CFO'],
  customerPains: ['Month-end close takes two weeks.'],
  solutions: ['Automated bank reconciliation: Match thousands of bank transactions in seconds.'],
  language: 'en',
  painPhrases: [{ pain: 'Month-end close takes two weeks.', phrase: 'a two-week close' }],
  proofPoints: [{ customer: 'Globex Foods', result: 'Globex Foods cut its close from 10 days to 3.' }],
  customers: ['Globex Foods'],
  titlesInferred: false,
  notice: 'We found only one customer pain point on this page.',
};

const NEEDS_PAIR = 'Add at least one pain point, and the solution that answers it, before you continue.';

describe('proceedBlocker', () => {
  it('lets an analysis with a pain and a solution proceed', () => {
    expect(proceedBlocker(analysis)).toBeUndefined();
  });

  it('blocks an analysis without a pain, without a solution, or with blank ones only', () => {
    expect(ANALYSIS_COPY.needsPair).toBe(NEEDS_PAIR);
    expect(proceedBlocker({ customerPains: [], solutions: [] })).toBe(NEEDS_PAIR);
    expect(proceedBlocker({ customerPains: ['Slow close'], solutions: [] })).toBe(NEEDS_PAIR);
    expect(proceedBlocker({ customerPains: [], solutions: ['Auto close'] })).toBe(NEEDS_PAIR);
    expect(proceedBlocker({ customerPains: ['  '], solutions: ['Auto close'] })).toBe(NEEDS_PAIR);
    expect(proceedBlocker({ customerPains: ['Slow close'], solutions: ['\n'] })).toBe(NEEDS_PAIR);
  });
});

describe('editing pairs', () => {
  it('pairs pain i with solution i; the shorter side is left blank', () => {
    expect(pairsOf({ customerPains: ['a', 'b'], solutions: ['x'] })).toEqual([
      { pain: 'a', solution: 'x' },
      { pain: 'b', solution: '' },
    ]);
  });

  it('starts Edit with one empty row when the analysis has no pairs, else with its pairs', () => {
    expect(editorRows({ customerPains: [], solutions: [] })).toEqual([{ pain: '', solution: '' }]);
    expect(editorRows(analysis)).toEqual([{ pain: analysis.customerPains[0], solution: analysis.solutions[0] }]);
  });

  it('saves only with a description and at least one complete row; a half row must be finished', () => {
    const row = (pain: string, solution: string) => ({ pain, solution });
    expect(editBlocker({ description: 'd', pairs: [row('Slow close', 'Auto close')] })).toBeUndefined();
    expect(editBlocker({ description: 'd', pairs: [row('Slow close', 'Auto close'), row(' ', '')] })).toBeUndefined();
    expect(editBlocker({ description: '  ', pairs: [row('Slow close', 'Auto close')] })).toBe(
      ANALYSIS_COPY.needsDescription,
    );
    expect(editBlocker({ description: 'd', pairs: [row('', '')] })).toBe(NEEDS_PAIR);
    expect(editBlocker({ description: 'd', pairs: [] })).toBe(NEEDS_PAIR);
    expect(editBlocker({ description: 'd', pairs: [row('Slow close', 'Auto close'), row('Lost invoices', ' ')] })).toBe(
      ANALYSIS_COPY.halfPair,
    );
    expect(editBlocker({ description: 'd', pairs: [row('', 'Auto close')] })).toBe(ANALYSIS_COPY.halfPair);
  });

  it('keeps the extra fields and replaces the edited texts with the complete rows, trimmed', () => {
    const edited = applyEdit(analysis, {
      description: ' New description ',
      audience: ' CFOs ',
      pairs: [
        { pain: ' Invoices matched by hand ', solution: ' Automatic matching ' },
        { pain: '', solution: '' },
        { pain: 'Cash is invisible', solution: 'Real-time cash view' },
      ],
    });
    expect(edited).toEqual({
      ...analysis,
      companyDescription: 'New description',
      targetAudience: 'CFOs',
      customerPains: ['Invoices matched by hand', 'Cash is invisible'],
      solutions: ['Automatic matching', 'Real-time cash view'],
    });
    // The original is a copy's source, not changed (Cancel discards, docs/product.md §4).
    expect(analysis.customerPains).toEqual(['Month-end close takes two weeks.']);
  });
});

describe('proof points', () => {
  it('names a solution by its feature name, else by its first sentence, cut at a word', () => {
    expect(solutionHeadline('Automated bank reconciliation: Match thousands of transactions.')).toBe(
      'Automated bank reconciliation',
    );
    expect(solutionHeadline('Papierlose Rückmeldung: Schluss mit Papierlisten: Werker melden direkt.')).toBe(
      'Papierlose Rückmeldung',
    );
    expect(solutionHeadline('Live dispatch board. Every truck on one screen.')).toBe('Live dispatch board');
    const long = 'We rebuild your forecast process and CRM stages so the forecast matches what reps see in deals';
    const headline = solutionHeadline(long);
    expect(headline.endsWith('…')).toBe(true);
    expect(headline.length).toBeLessThanOrEqual(61);
    expect(long.startsWith(headline.slice(0, -1))).toBe(true);
    expect(headline).toBe('We rebuild your forecast process and CRM stages so the…');
  });

  it('reads a result as "customer — result" unless the result names the customer, with its credit', () => {
    const credited: ProofPoint = {
      customer: 'Globex Foods',
      result: 'Globex Foods cut its month-end close from 10 days to 3.',
      solution: 'Automated bank reconciliation: Match thousands of bank transactions to your ledger.',
    };
    expect(proofLine(credited)).toEqual({
      lead: undefined,
      text: 'Globex Foods cut its month-end close from 10 days to 3.',
      quote: false,
      attribution: undefined,
      credit: 'credited to Automated bank reconciliation',
    });
    expect(proofLine({ customer: 'Initech', result: 'Invoice costs down 62%.' })).toMatchObject({
      lead: 'Initech',
      text: 'Invoice costs down 62%.',
      credit: undefined,
    });
  });

  it('reads a quote with the person who said it and their company', () => {
    const quote: ProofPoint = {
      customer: 'Globex Foods',
      result: 'We went from a ten-day close to three days in one quarter.',
      quote: true,
      person: 'Maria Chen, CFO',
    };
    expect(proofLine(quote)).toMatchObject({
      lead: undefined,
      quote: true,
      attribution: 'Maria Chen, CFO, Globex Foods',
      credit: undefined,
    });
    expect(proofLine({ ...quote, person: 'Maria Chen, CFO at Globex Foods' }).attribution).toBe(
      'Maria Chen, CFO at Globex Foods',
    );
    expect(proofLine({ ...quote, person: undefined }).attribution).toBe('Globex Foods');
  });
});

describe('evidenceSource', () => {
  it('names the page and, for roles a reader knows, the role', () => {
    expect(evidenceSource({ page: 'company', role: 'problem' })).toBe('Company page · problem');
    expect(evidenceSource({ page: 'caseStudies', role: 'story' })).toBe('Case studies page · customer story');
    // Internal roles (navigation, legal, text…) are not shown.
    expect(evidenceSource({ page: 'company', role: 'text' })).toBe('Company page');
  });
});

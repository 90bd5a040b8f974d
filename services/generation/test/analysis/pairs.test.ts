/**
 * Pain/solution pairs (src/analysis/facts/pairs.ts): each stated pain with the capability that
 * answers it, then pains inferred from the capabilities the page shows, then the function's common
 * pains, never fewer than three; every pair says where its pain and its solution come from.
 */
import { Analysis } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { INFERRED_NOTICE } from '../../src/analysis/analyse.ts';
import type { PageCapability } from '../../src/analysis/facts/capabilities.ts';
import type { StatedPain } from '../../src/analysis/facts/pains.ts';
import { MAX_PAIRS, MIN_PAIRS, pairsOf } from '../../src/analysis/facts/pairs.ts';
import { type FunctionPlaybook, playbook } from '../../src/playbook/index.ts';
import { analyse } from './support/pages.ts';

const fn = (id: string) => playbook().functions.get(id) as FunctionPlaybook;
const AP = fn('accounts-payable');
const pain = (id: string) => AP.pains.find((each) => each.id === id);
const kind = (id: string) => AP.capabilities.find((each) => each.id === id);

let blocks = 0;
function stated(sentence: string, id: string | undefined, confidence = 0.8, answer?: string): StatedPain {
  blocks += 1;
  return { sentence, pain: id ? pain(id) : undefined, answer, confidence, block: blocks };
}
function capability(headline: string, text: string, kindId: string | undefined, confidence = 0.8): PageCapability {
  blocks += 1;
  return { name: headline, headline, text, kind: kindId ? kind(kindId) : undefined, confidence, block: blocks };
}

describe('pairsOf', () => {
  it('a page that states nothing still gets the function’s first pains, inferred, with the playbook’s answer', () => {
    const pairs = pairsOf(AP, [], []);
    expect(pairs).toHaveLength(MIN_PAIRS);
    expect(pairs.map((pair) => pair.pain?.id)).toEqual(AP.pains.slice(0, MIN_PAIRS).map((each) => each.id));
    for (const pair of pairs) {
      expect(pair).toMatchObject({ origin: 'inferred', stated: undefined, capability: undefined, answer: undefined });
      expect(pair.kind?.id).toBe(pair.pain?.answeredBy[0]);
      expect(pair.confidence).toBeLessThan(0.5);
    }
  });

  it('each stated pain is paired with the page’s capability of a kind that answers it', () => {
    const capture = capability('Smart capture', 'Invoices are read and coded as they arrive.', 'capture');
    const approvals = capability('Approval workflows', 'Each invoice goes to its budget owner.', 'approvals');
    const pairs = pairsOf(
      AP,
      [
        stated('Approvals sit in inboxes for weeks.', 'approval-delays'),
        stated('Your team keys every invoice by hand.', 'manual-entry'),
      ],
      [capture, approvals],
    );
    expect(pairs.slice(0, 2).map((pair) => [pair.origin, pair.stated?.sentence, pair.capability?.headline])).toEqual([
      ['stated', 'Approvals sit in inboxes for weeks.', 'Approval workflows'],
      ['stated', 'Your team keys every invoice by hand.', 'Smart capture'],
    ]);
    expect(pairs.length).toBeGreaterThanOrEqual(MIN_PAIRS);
  });

  it('a stated pain with its own answer beside it keeps that answer and takes no capability', () => {
    const pairs = pairsOf(
      AP,
      [
        stated(
          'Invoices get paid twice.',
          'duplicate-payments',
          0.8,
          'Ledgerly flags every duplicate before the payment run.',
        ),
      ],
      [capability('Duplicate checks', 'Flags invoices that look like ones already paid.', 'controls')],
    );
    expect(pairs[0]).toMatchObject({
      origin: 'stated',
      answer: 'Ledgerly flags every duplicate before the payment run.',
      capability: undefined,
    });
    expect(pairs[0]?.kind?.id).toBe('controls');
  });

  it('capabilities no stated pain took bring the playbook pain they answer, marked inferred', () => {
    const portal = capability('Supplier portal', 'Suppliers see their payment status themselves.', 'supplier-portal');
    const pairs = pairsOf(AP, [stated('Your team keys every invoice by hand.', 'manual-entry')], [portal]);
    const inferred = pairs.find((pair) => pair.capability === portal);
    expect(inferred).toMatchObject({ origin: 'inferred', stated: undefined });
    expect(inferred?.pain?.id).toBe('supplier-queries');
  });

  it('a capability without a kind brings no inferred pain', () => {
    const vague = capability('Built for speed', 'Everything is fast.', undefined);
    const pairs = pairsOf(AP, [], [vague]);
    expect(pairs.some((pair) => pair.capability === vague)).toBe(false);
    expect(pairs.map((pair) => pair.pain?.id)).toEqual(AP.pains.slice(0, MIN_PAIRS).map((each) => each.id));
  });

  it('a stated pain the playbook does not know keeps no playbook pain — never another pain’s', () => {
    const pairs = pairsOf(AP, [stated('Your auditors ask for the same documents every year.', undefined)], []);
    expect(pairs[0]).toMatchObject({ origin: 'stated', pain: undefined });
    expect(pairs[0]?.stated?.sentence).toBe('Your auditors ask for the same documents every year.');
    // The fill-up pains that follow are the playbook's own, each once.
    const ids = pairs.flatMap((pair) => (pair.pain ? [pair.pain.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a stated pain whose words come close to a playbook pain is told as that pain, a little less sure', () => {
    const pairs = pairsOf(AP, [stated('Invoices wait weeks for an approver.', undefined, 0.8)], []);
    expect(pairs[0]?.pain?.id).toBe('approval-delays');
    expect(pairs[0]?.confidence).toBeCloseTo(0.68, 2);
  });

  it('one pair per playbook pain: the more confident of two statements of it wins', () => {
    const pairs = pairsOf(
      AP,
      [
        stated('Invoices are typed in by hand.', 'manual-entry', 0.6),
        stated('Your AP team re-keys every invoice line into the ERP.', 'manual-entry', 0.9),
      ],
      [],
    );
    const manual = pairs.filter((pair) => pair.pain?.id === 'manual-entry');
    expect(manual).toHaveLength(1);
    expect(manual[0]?.stated?.sentence).toBe('Your AP team re-keys every invoice line into the ERP.');
    // The other statement, as sure as this one (0.6), stays the page's own: the analysis shows it.
    const own = pairs.find((pair) => pair.stated?.sentence === 'Invoices are typed in by hand.');
    expect(own).toMatchObject({ origin: 'stated', pain: undefined });
  });

  it('a weak second statement of a playbook pain already told is left out', () => {
    const pairs = pairsOf(
      AP,
      [
        stated('Your AP team re-keys every invoice line into the ERP.', 'manual-entry', 0.9),
        stated('Invoices are typed in by hand.', 'manual-entry', 0.45),
      ],
      [],
    );
    expect(pairs.some((pair) => pair.stated?.sentence === 'Invoices are typed in by hand.')).toBe(false);
    expect(pairs.filter((pair) => pair.origin === 'stated')).toHaveLength(1);
  });

  it('at most five pairs, stated pains first', () => {
    const ids = [
      'manual-entry',
      'approval-delays',
      'late-payments',
      'duplicate-payments',
      'no-visibility',
      'supplier-queries',
    ];
    const pairs = pairsOf(
      AP,
      ids.map((id) => stated(`The ${id} problem hurts every week.`, id)),
      [capability('Reporting', 'Dashboards of every liability.', 'reporting')],
    );
    expect(pairs).toHaveLength(MAX_PAIRS);
    expect(pairs.every((pair) => pair.origin === 'stated')).toBe(true);
  });

  it('a capability answers one pain only', () => {
    const approvals = capability('Approval workflows', 'Each invoice goes to its budget owner.', 'approvals');
    const pairs = pairsOf(
      AP,
      [
        stated('Approvals sit in inboxes for weeks.', 'approval-delays'),
        stated('Suppliers are paid late and charge fees.', 'late-payments'),
      ],
      [approvals],
    );
    expect(pairs.filter((pair) => pair.capability === approvals)).toHaveLength(1);
  });
});

/** Every pair of the analysis is one row of customerPains/solutions, and its fields say where it came from. */
function expectConsistent(analysis: Analysis) {
  expect(Analysis.safeParse(analysis).error).toBeUndefined();
  const pairs = analysis.pairs ?? [];
  expect(analysis.customerPains).toEqual(pairs.map((pair) => pair.pain));
  expect(analysis.solutions).toEqual(pairs.map((pair) => pair.solution));
  for (const pair of pairs) {
    expect(pair.pain.trim()).not.toBe('');
    expect(pair.solution.trim()).not.toBe('');
    expect(pair.confidence).toBeGreaterThanOrEqual(0);
    expect(pair.confidence).toBeLessThanOrEqual(1);
  }
}

describe('pairs in the analysis of a page', () => {
  it('a page that only describes the company still gets three pairs, inferred and said so', () => {
    const analysis = analyse(
      '<h1>Accounts payable automation for mid-market finance teams</h1><p>Ledgerly handles supplier invoices for finance teams.</p>',
      { title: 'Ledgerly | Accounts payable automation' },
    );
    expect(analysis.classification?.function).toBe('accounts-payable');
    expect(analysis.pairs?.length).toBeGreaterThanOrEqual(3);
    for (const pair of analysis.pairs ?? []) {
      expect(pair).toMatchObject({ origin: 'inferred', solutionOrigin: 'inferred' });
      expect(pair.capabilityName).toBeUndefined();
      expect(pair.evidence).toEqual([]);
    }
    expect(analysis.notice).toBe(INFERRED_NOTICE);
    expectConsistent(analysis);
  });

  it('a stated pain answered by a feature card: stated pain, stated solution, evidence for both', () => {
    const analysis = analyse(
      '<h1>Accounts payable on autopilot</h1><p>Ledgerly captures and routes every supplier invoice.</p>' +
        '<section><h2>Sound familiar?</h2><ul><li>Your AP team still keys every invoice into the ERP by hand.</li></ul></section>' +
        '<section><h2>Features</h2><div class="card"><h3>Smart capture</h3><p>Invoices are read and coded as they arrive.</p></div>' +
        '<div class="card"><h3>Approval workflows</h3><p>Each invoice goes to its budget owner in Slack.</p></div></section>',
      { title: 'Ledgerly | Accounts payable automation' },
    );
    const [first] = analysis.pairs ?? [];
    expect(first).toMatchObject({
      pain: 'Your AP team still keys every invoice into the ERP by hand.',
      solution: 'Smart capture: Invoices are read and coded as they arrive.',
      origin: 'stated',
      solutionOrigin: 'stated',
      painId: 'manual-entry',
      capabilityId: 'capture',
      capabilityName: 'Smart capture',
    });
    expect(first?.evidence?.map((evidence) => evidence.role)).toEqual(['problem', 'feature']);
    // The second card, which no stated pain took, brings its playbook pain, inferred but answered on the page.
    const approvals = analysis.pairs?.find((pair) => pair.capabilityName === 'Approval workflows');
    expect(approvals).toMatchObject({ origin: 'inferred', solutionOrigin: 'stated', capabilityId: 'approvals' });
    expect(analysis.pairs?.length).toBeGreaterThanOrEqual(3);
    expectConsistent(analysis);
  });

  it('an inferred pain with no answering capability on the page is said in the playbook’s words, solution inferred', () => {
    const analysis = analyse(
      '<h1>Accounts payable on autopilot</h1><p>Ledgerly captures and routes every supplier invoice.</p>' +
        '<section><h2>Sound familiar?</h2><ul><li>Your AP team still keys every invoice into the ERP by hand.</li></ul></section>',
      { title: 'Ledgerly | Accounts payable automation' },
    );
    const inferred = (analysis.pairs ?? []).filter((pair) => pair.origin === 'inferred');
    expect(inferred.length).toBeGreaterThanOrEqual(2);
    for (const pair of inferred) {
      const known = AP.pains.find((each) => each.id === pair.painId);
      expect(pair.pain).toBe(known?.text.en);
      expect(pair.solutionOrigin).toBe('inferred');
      expect(pair.solution).toContain('Ledgerly');
    }
  });

  it('a stated pain the playbook does not know keeps no painId', () => {
    const analysis = analyse(
      '<h1>Accounts payable on autopilot</h1><p>Ledgerly captures and routes every supplier invoice.</p>' +
        '<section><h2>Sound familiar?</h2><ul><li>Your auditors ask for the same documents every year.</li>' +
        '<li>Your AP team still keys every invoice into the ERP by hand.</li></ul></section>',
      { title: 'Ledgerly | Accounts payable automation' },
    );
    const auditors = analysis.pairs?.find(
      (pair) => pair.pain === 'Your auditors ask for the same documents every year.',
    );
    expect(auditors).toBeDefined();
    expect(auditors?.origin).toBe('stated');
    expect(auditors?.painId).toBeUndefined();
    const manual = analysis.pairs?.find((pair) => pair.pain.startsWith('Your AP team still keys'));
    expect(manual?.painId).toBe('manual-entry');
    expectConsistent(analysis);
  });
});

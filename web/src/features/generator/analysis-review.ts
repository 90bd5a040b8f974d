import type { Analysis, ProofPoint } from '@seqgen/proto';

/**
 * The analysis card's rules and copy as data: when Proceed to Customization is allowed, when Edit
 * may save, and how proof points read. Components only render what these return.
 */
export const ANALYSIS_COPY = {
  needsPair: 'Add at least one pain point, and the solution that answers it, before you continue.',
  needsDescription: 'Add a company description before you save.',
  halfPair: 'Give each pain point the solution that answers it, or remove the row.',
  addPair: 'Add a pain point',
  editPairs: 'Edit pain points',
  noPairs: 'None found on this page.',
  titlesInferred: 'Inferred: the page names no titles',
  proofTitle: 'Customer proof',
  creditedTo: (headline: string) => `credited to ${headline}`,
} as const;

/** One editable row: pain i is answered by solution i. */
export interface PairRow {
  pain: string;
  solution: string;
}

const filled = (items: readonly string[]) => items.some((item) => item.trim() !== '');

/** Why the analysis cannot go on to customization yet, or undefined when it can. */
export function proceedBlocker(analysis: Pick<Analysis, 'customerPains' | 'solutions'>): string | undefined {
  return filled(analysis.customerPains) && filled(analysis.solutions) ? undefined : ANALYSIS_COPY.needsPair;
}

/** Pain i is answered by solution i; a shorter list leaves the other side blank. */
export function pairsOf(analysis: Pick<Analysis, 'customerPains' | 'solutions'>): PairRow[] {
  const length = Math.max(analysis.customerPains.length, analysis.solutions.length);
  return Array.from({ length }, (_, index) => ({
    pain: analysis.customerPains[index] ?? '',
    solution: analysis.solutions[index] ?? '',
  }));
}

/** The rows Edit starts with: the analysis's pairs, or one empty row to type into when it has none. */
export function editorRows(analysis: Pick<Analysis, 'customerPains' | 'solutions'>): PairRow[] {
  const rows = pairsOf(analysis);
  return rows.length > 0 ? rows : [{ pain: '', solution: '' }];
}

/**
 * Why Save Changes is not allowed yet, or undefined when it is. A row with only one side filled
 * would pair its pain with the next row's solution, so it must be completed or removed.
 */
export function editBlocker(draft: { description: string; pairs: readonly PairRow[] }): string | undefined {
  if (draft.description.trim() === '') return ANALYSIS_COPY.needsDescription;
  const halfFilled = draft.pairs.some((row) => (row.pain.trim() === '') !== (row.solution.trim() === ''));
  if (halfFilled) return ANALYSIS_COPY.halfPair;
  return draft.pairs.some((row) => row.pain.trim() !== '') ? undefined : ANALYSIS_COPY.needsPair;
}

/**
 * The edited analysis: the original one (its language, proof points, pain phrases and notice are
 * matched by text on the server, so they stay) with the edited texts and the complete rows.
 */
export function applyEdit<A extends Analysis>(
  original: A,
  draft: { description: string; audience: string; pairs: readonly PairRow[] },
): A {
  const kept = draft.pairs
    .map((row) => ({ pain: row.pain.trim(), solution: row.solution.trim() }))
    .filter((row) => row.pain !== '' && row.solution !== '');
  return {
    ...original,
    companyDescription: draft.description.trim(),
    targetAudience: draft.audience.trim(),
    customerPains: kept.map((row) => row.pain),
    solutions: kept.map((row) => row.solution),
  };
}

const HEADLINE_MAX = 60;

/**
 * A solution's short name: the feature name before "Name: what it does", else its first sentence,
 * cut at a word to HEADLINE_MAX characters.
 */
export function solutionHeadline(solution: string): string {
  const text = solution.trim().replace(/\s+/g, ' ');
  const colon = text.indexOf(': ');
  if (colon > 0 && colon <= HEADLINE_MAX) return text.slice(0, colon);
  const sentence = (text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text).replace(/[.!?]$/, '');
  if (sentence.length <= HEADLINE_MAX) return sentence;
  const cut = sentence.slice(0, HEADLINE_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > HEADLINE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[,;:]$/, '')}…`;
}

/** How one proof point reads on the card: "customer — result", or a quote with who said it. */
export interface ProofLine {
  /** The customer's name before the result, unless the result already names it. */
  lead: string | undefined;
  /** "Globex Foods cut its month-end close from 10 days to 3.", or the quoted words. */
  text: string;
  quote: boolean;
  /** "Maria Chen, CFO, Globex Foods" for a quote; undefined for a result. */
  attribution: string | undefined;
  /** "credited to Automated bank reconciliation" when the source says which solution it proves. */
  credit: string | undefined;
}

const mentions = (text: string, name: string) => text.toLowerCase().includes(name.toLowerCase());

export function proofLine(proof: ProofPoint): ProofLine {
  const quote = proof.quote === true;
  const person = proof.person?.trim() ?? '';
  const solution = proof.solution?.trim() ?? '';
  const attribution = person && !mentions(person, proof.customer) ? `${person}, ${proof.customer}` : person;
  return {
    lead: quote || mentions(proof.result, proof.customer) ? undefined : proof.customer,
    text: proof.result,
    quote,
    attribution: quote ? attribution || proof.customer : undefined,
    credit: solution ? ANALYSIS_COPY.creditedTo(solutionHeadline(solution)) : undefined,
  };
}

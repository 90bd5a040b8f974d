import type { Analysis, AnalysisPair, Classification, Evidence, ProofPoint } from '@seqgen/proto';

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
  // A quote the page ties to nobody is shown as it is: never credited to a guess.
  const customer = proof.customer?.trim() ?? '';
  const attribution = person && customer && !mentions(person, customer) ? `${person}, ${customer}` : person;
  return {
    lead: quote || !customer || mentions(proof.result, customer) ? undefined : customer,
    text: proof.result,
    quote,
    attribution: quote ? attribution || customer || undefined : undefined,
    credit: solution ? ANALYSIS_COPY.creditedTo(solutionHeadline(solution)) : undefined,
  };
}

/**
 * What Writing engine v3 knows about each row and the company (docs/product.md §2): whether the page
 * states a pain or the playbook supplies it, whether the page shows the answer, and the page's own
 * words. Copy as data; the card only renders what these return.
 */
export const PROVENANCE_COPY = {
  painStated: 'Stated on the page',
  painInferred: 'Inferred — check it',
  solutionStated: 'From the page',
  solutionNamed: (name: string) => `From the page: ${name}`,
  solutionInferred: 'Typical — not on the page',
  solutionInferredNote:
    "The page doesn't show how the company answers this, so the emails won't claim anything specific.",
  evidenceToggle: (count: number) => (count === 1 ? "The page's words" : `The page's words (${count})`),
  evidenceFrom: { company: 'Company page', caseStudies: 'Case studies page' } as Record<Evidence['page'], string>,
} as const;

/** How each role the analysis reads a block in is named beside its words ('Company page · feature'); others are left unnamed. */
const ROLE_NAMES: Record<string, string> = {
  problem: 'problem',
  feature: 'feature',
  hero: 'headline',
  heading: 'heading',
  step: 'step',
  story: 'customer story',
  quote: 'quote',
  stat: 'figure',
  audience: 'audience',
};

/** "Company page · feature": where a piece of evidence was read. */
export function evidenceSource(evidence: Pick<Evidence, 'page' | 'role'>): string {
  const role = ROLE_NAMES[evidence.role];
  const page = PROVENANCE_COPY.evidenceFrom[evidence.page] ?? evidence.page;
  return role ? `${page} · ${role}` : page;
}

/** A row's badges and evidence; undefined parts are not shown. */
export interface RowProvenance {
  pain: { origin: AnalysisPair['origin']; label: string } | undefined;
  /** `note` says what an inferred answer means for the emails. */
  solution:
    | { origin: NonNullable<AnalysisPair['solutionOrigin']>; label: string; note: string | undefined }
    | undefined;
  /** The page's exact words the row was read from (only for a row as the analysis found it). */
  evidence: Evidence[];
}

const NO_PROVENANCE: RowProvenance = { pain: undefined, solution: undefined, evidence: [] };
const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * What the analysis knows about each row of `pairsOf(analysis)`, matched by the pain's text (the user
 * may have edited, added or removed rows). A row whose pain the user changed has no badges; one whose
 * solution they changed keeps its pain's badge but loses the solution's and the evidence, which
 * described the old answer. An analysis without `pairs` (Manual Entry, an older answer) has none.
 */
export function provenanceOf(analysis: Pick<Analysis, 'customerPains' | 'solutions' | 'pairs'>): RowProvenance[] {
  const pairs = analysis.pairs ?? [];
  return pairsOf(analysis).map((row) => {
    if (!row.pain.trim()) return NO_PROVENANCE;
    const found = pairs.find((pair) => same(pair.pain, row.pain));
    if (!found) return NO_PROVENANCE;
    const pain = {
      origin: found.origin,
      label: found.origin === 'inferred' ? PROVENANCE_COPY.painInferred : PROVENANCE_COPY.painStated,
    };
    if (!same(found.solution, row.solution) || !found.solutionOrigin) {
      return { pain, solution: undefined, evidence: same(found.solution, row.solution) ? (found.evidence ?? []) : [] };
    }
    const name = found.capabilityName?.trim();
    const solution =
      found.solutionOrigin === 'inferred'
        ? {
            origin: 'inferred' as const,
            label: PROVENANCE_COPY.solutionInferred,
            note: PROVENANCE_COPY.solutionInferredNote,
          }
        : {
            origin: 'stated' as const,
            label: name ? PROVENANCE_COPY.solutionNamed(name) : PROVENANCE_COPY.solutionStated,
            note: undefined,
          };
    return { pain, solution, evidence: found.evidence ?? [] };
  });
}

/** Below this the classifier is unsure, and the runner-up functions are shown as "also possible". */
export const LOW_CONFIDENCE = 0.6;

export const CLASSIFICATION_COPY = {
  title: 'What the company is',
  kind: { software: 'Software', services: 'Services', products: 'Products' } as Record<Classification['kind'], string>,
  serves: 'Serves',
  alsoPossible: 'Also possible',
  unsure: 'Not a clear match: check that this is what the company does.',
} as const;

/** The company as the card shows it: its function, what it sells, whom it serves, and the runners-up when unsure. */
export interface ClassificationView {
  label: string;
  kind: string;
  industries: string[];
  /** The runner-up functions, only when the classifier is unsure (confidence below LOW_CONFIDENCE). */
  alternatives: string[];
}

/** The first letter upper-cased ("accounts payable" → "Accounts payable"); labels come in the page's language. */
const capitalised = (label: string) => label.charAt(0).toLocaleUpperCase() + label.slice(1);

export function classificationView(classification: Classification | undefined): ClassificationView | undefined {
  const label = classification?.label.trim();
  if (!classification || !label) return undefined;
  const unsure = classification.confidence < LOW_CONFIDENCE;
  return {
    label: capitalised(label),
    kind: CLASSIFICATION_COPY.kind[classification.kind] ?? classification.kind,
    industries: classification.industries.map((industry) => industry.label.trim()).filter(Boolean),
    alternatives: unsure
      ? classification.alternatives.map((alternative) => capitalised(alternative.label.trim())).filter(Boolean)
      : [],
  };
}

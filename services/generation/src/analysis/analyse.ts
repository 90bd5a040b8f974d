import type { Analysis, AnalysisPair, Evidence, ProofPoint } from '@seqgen/proto';
import { framesFor } from '../playbook/frames.ts';
import { type FunctionPlaybook, GENERAL_FUNCTION, type PlaybookLanguage, playbook } from '../playbook/index.ts';
import { bestMatch } from '../playbook/signals.ts';
import { clean } from '../text.ts';
import { type Classification, classify, prepareClassifier, weightedTexts } from './classify/classify.ts';
import type { PageContent } from './extraction/content.ts';
import { extractPage } from './extraction/page.ts';
import { capabilitiesOf, type PageCapability } from './facts/capabilities.ts';
import { companyNameOf, describeCompany } from './facts/company.ts';
import { pageLanguage } from './facts/language.ts';
import { type StatedPain, statedPainsOf } from './facts/pains.ts';
import { type FoundPair, pairsOf } from './facts/pairs.ts';
import { peopleOf } from './facts/people.ts';
import { customersOf, type PageProof, parseByline, proofsOf } from './facts/proofs.ts';
import { readsAsSentence } from './facts/sentence.ts';
import { type ReadPage, readPage } from './read/roles.ts';

/**
 * The built-in analyser (docs/architecture.md §6): a page read as blocks with roles, the company
 * classified into a business function, then the facts the page states (pains, capabilities,
 * customers, quotes, results), each with where it was read and how sure the reading is, and the
 * function's playbook filling in — marked inferred — what the page leaves unsaid, so every readable
 * page gives at least three pain/solution pairs to review. Deterministic.
 */

export interface SiteMaterial {
  company: PageContent;
  caseStudies?: PageContent | undefined;
}

export const INFERRED_NOTICE =
  "Pains marked inferred aren't stated on the page: they are what companies like this one usually solve, from what the page shows. Check them before you continue.";
export const GENERAL_NOTICE =
  "We couldn't tell clearly what this company does from its page, so the pains below are general. Edit them, or use Manual Entry, for a sharper sequence.";

/** What the case-studies page's words count for in classification, beside the home page's. */
const CASE_STUDY_WEIGHT = 0.5;

/**
 * What a reviewer (the LLM analyser) may add to the reading: the function to use instead of the
 * classifier's, and pains it found stated on the page (each already verified to be the page's words).
 */
export interface Review {
  functionId?: string | undefined;
  stated?: StatedPain[] | undefined;
  description?: string | undefined;
  audience?: string | undefined;
  titles?: { titles: string[]; inferred: boolean } | undefined;
}

export function analyseSite(material: SiteMaterial, review: Review = {}): Analysis {
  const { company, caseStudies } = material;
  const language = pageLanguage(company);
  const copyLanguage: PlaybookLanguage = language;
  const read = readPage(company.blocks.slice(0, MAX_READ_BLOCKS), language);
  const storyRead = caseStudies ? readPage(caseStudies.blocks.slice(0, MAX_READ_BLOCKS), language) : undefined;
  const head = [
    company.title,
    company.metaDescription,
    company.ogDescription,
    company.organization?.description,
    company.organization?.industry,
  ];
  const classification = classify([
    ...weightedTexts(
      read,
      head.filter((text): text is string => Boolean(text)),
    ),
    ...(storyRead
      ? weightedTexts(storyRead, []).map((entry) => ({
          ...entry,
          weight: entry.weight * CASE_STUDY_WEIGHT,
          industryWeight: (entry.industryWeight ?? entry.weight) * CASE_STUDY_WEIGHT,
        }))
      : []),
  ]);
  const source = playbook();
  if (review.functionId && review.functionId !== classification.function && source.functions.has(review.functionId)) {
    const previous = classification.function;
    classification.alternatives = [
      { function: previous, confidence: classification.confidence },
      ...classification.alternatives.filter((alternative) => alternative.function !== review.functionId),
    ].slice(0, 3);
    classification.function = review.functionId;
  }
  const name = companyNameOf(company);
  const isSentence = (text: string) => readsAsSentence(text, language);
  const facts = new Map<string, PageFacts>();
  const factsFor = (fn: FunctionPlaybook): PageFacts => {
    let known = facts.get(fn.id);
    if (!known) {
      known = { capabilities: capabilitiesOf(read, fn), stated: statedPainsOf(read, fn, name, isSentence) };
      facts.set(fn.id, known);
    }
    return known;
  };
  if (!review.functionId) chooseByFit(classification, factsFor);
  const fn =
    source.functions.get(classification.function) ??
    source.functions.get(GENERAL_FUNCTION) ??
    ([...source.functions.values()][0] as FunctionPlaybook);

  const { capabilities, stated: found } = factsFor(fn);
  // A reviewer's pains first, then the reading's own that say something else.
  const stated = [
    ...(review.stated ?? []),
    ...found.filter(
      (pain) =>
        !review.stated?.some((other) => other.sentence === pain.sentence || (other.pain && other.pain === pain.pain)),
    ),
  ];
  const pairs = pairsOf(fn, stated, capabilities);

  const reads: { read: ReadPage; page: 'company' | 'caseStudies' }[] = [{ read, page: 'company' }];
  if (storyRead) reads.push({ read: storyRead, page: 'caseStudies' });
  const bylines = reads.flatMap(({ read: each }) =>
    each.blocks.filter((entry) => entry.role === 'attribution').map((entry) => parseByline(entry.block.text)),
  );
  const pages = caseStudies ? [company, caseStudies] : [company];
  const customers = customersOf(
    pages,
    reads.map((each) => each.read),
    bylines,
    name,
  );
  const proofs = reads.flatMap(({ read: each, page }) => proofsOf(each, page, customers, name));
  // A result that names its customer itself makes that customer one the page shows.
  for (const proof of proofs) {
    if (proof.customer && !customers.some((known) => known.toLowerCase() === proof.customer?.toLowerCase()))
      customers.push(proof.customer);
  }
  const people = peopleOf(
    reads.map((each) => each.read),
    fn,
    copyLanguage,
  );

  const painTexts = pairs.map((pair) => painText(pair, copyLanguage));
  const solutionTexts = pairs.map((pair) => solutionText(pair, name, copyLanguage));
  const analysis: Analysis = {
    companyName: name,
    companyDescription: review.description ?? describeCompany(company, read, name),
    targetAudience: review.audience ?? people.audience,
    targetJobTitles: review.titles?.titles ?? people.titles,
    customerPains: painTexts,
    solutions: solutionTexts,
    language,
    proofPoints: proofs.map((proof) => {
      // Credited to the capability the result names ("…after switching to Dock Audit…").
      const credited = pairs.findIndex(
        (pair) => pair.capability?.name && proof.text.toLowerCase().includes(pair.capability.name.toLowerCase()),
      );
      const point = proofPoint(proof, reads);
      return credited === -1 ? point : { ...point, solution: solutionTexts[credited] as string };
    }),
    customers,
    titlesInferred: review.titles ? review.titles.inferred : people.titlesInferred,
    classification: described(classification, copyLanguage),
    pairs: pairs.map(
      (pair, index): AnalysisPair => ({
        pain: painTexts[index] as string,
        solution: solutionTexts[index] as string,
        origin: pair.origin,
        confidence: pair.confidence,
        ...(pair.pain ? { painId: pair.pain.id } : {}),
        ...(pair.kind ? { capabilityId: pair.kind.id } : {}),
        ...(pair.capability?.name ? { capabilityName: pair.capability.name } : {}),
        solutionOrigin: pair.capability || pair.answer ? 'stated' : 'inferred',
        evidence: evidenceOf(pair, read),
      }),
    ),
  };
  if (fn.id === GENERAL_FUNCTION) analysis.notice = GENERAL_NOTICE;
  else if (pairs.some((pair) => pair.origin === 'inferred')) analysis.notice = INFERRED_NOTICE;
  return analysis;
}

/** A small page in every role the reader knows: reading it once builds every lazy index and pattern. */
const WARM_UP_PAGE = `<!doctype html><html lang="en"><head><title>Acme | Accounts payable automation</title></head><body>
<main><h1>Stop keying invoices by hand</h1><p>Acme reads every invoice and routes it for approval.</p>
<section><h2>The problem</h2><p>Your AP team types every invoice into the ERP, and month-end is a scramble.</p></section>
<section><h2>Features</h2><div class="card"><h3>Smart capture</h3><p>Invoices are read and coded automatically.</p></div>
<div class="card"><h3>Approval workflows</h3><p>Approvals go to the right approver in Slack or email.</p></div></section>
<section><h2>Customers</h2><blockquote>"We close in three days now."</blockquote><p>Maria Lopez, Controller, Harlow Foods</p>
<p>Harlow Foods cut invoice processing time by 60%.</p></section><p>Built for controllers and AP managers.</p></main></body></html>`;

/**
 * Builds the classifier's indexes and reads a small page once (about half a second), so a user's
 * first analysis is as quick as the rest. The service calls it just after it listens (main.ts):
 * off the path to ready (issue 25, "npm start ready ≤ 3 s").
 */
export function prepareAnalysis(): void {
  prepareClassifier();
  analyseSite({ company: extractPage(WARM_UP_PAGE, 'https://warm-up.invalid/') });
}

/**
 * Blocks read per page: a landing page has 50 to 300; past this a page repeats itself (a 1 MB
 * catalogue or blog roll), and reading more would only cost time (docs/architecture.md §6 budgets).
 */
const MAX_READ_BLOCKS = 800;

/** What a page shows in the terms of one function's playbook. */
interface PageFacts {
  capabilities: PageCapability[];
  stated: StatedPain[];
}

/** A runner-up function is weighed only when the words gave it at least this share of the leader's score. */
const FIT_CONTENDER = 0.5;

/**
 * Two functions a page's words point at about equally (warehouse operations or inventory
 * management for a cycle-counting product): the one whose playbook knows more of the pains the
 * page states and the capabilities it shows is the company's. Half the choice is the words' score,
 * half this fit; the leader keeps its place unless a contender is clearly better.
 */
function chooseByFit(classification: Classification, factsFor: (fn: FunctionPlaybook) => PageFacts): void {
  const source = playbook();
  const contenders = classification.alternatives.filter(
    (alternative) => alternative.confidence >= FIT_CONTENDER * classification.confidence,
  );
  if (!contenders.length || classification.confidence <= 0) return;
  const fitOf = (id: string): number => {
    const fn = source.functions.get(id);
    if (!fn || id === GENERAL_FUNCTION) return 0;
    const { capabilities, stated } = factsFor(fn);
    const known =
      capabilities.filter((capability) => capability.kind).length +
      stated.filter((pain) => pain.pain ?? bestMatch(fn.pains, [{ text: pain.sentence, weight: 1 }], 0.5)).length;
    return known / Math.max(1, capabilities.length + stated.length);
  };
  const scoreOf = (confidence: number, id: string) => 0.5 * (confidence / classification.confidence) + 0.5 * fitOf(id);
  const leader = scoreOf(classification.confidence, classification.function);
  let best: { function: string; confidence: number; score: number } | undefined;
  for (const contender of contenders) {
    const score = scoreOf(contender.confidence, contender.function);
    if (score > leader + 0.1 && (!best || score > best.score)) best = { ...contender, score };
  }
  if (!best) return;
  const previous = { function: classification.function, confidence: classification.confidence };
  classification.alternatives = [
    previous,
    ...classification.alternatives.filter((alternative) => alternative.function !== best.function),
  ].slice(0, 3);
  classification.function = best.function;
  classification.confidence = best.confidence;
}

/** A stated pain as the page says it; an inferred one in the playbook's words. */
function painText(pair: FoundPair, language: PlaybookLanguage): string {
  if (pair.stated) return pair.stated.sentence;
  return pair.pain?.text[language] ?? '';
}

/** What answers it: the page's own answer, else the page's capability, else what the playbook says the company does. */
function solutionText(pair: FoundPair, company: string, language: PlaybookLanguage): string {
  if (pair.answer) return pair.answer;
  const capability = pair.capability;
  if (capability) {
    if (capability.headline && capability.text) return `${capability.headline}: ${capability.text}`;
    return capability.text || capability.headline || '';
  }
  // Nothing on the page answers it and the playbook does not know it: what the emails will say.
  return (
    pair.kind?.value[language].replaceAll('{company}', company) ??
    (framesFor(language).valueUnconfirmed.all?.[0] ?? '').replaceAll('{company}', company)
  );
}

function evidenceOf(pair: FoundPair, read: ReadPage): Evidence[] {
  const evidence: Evidence[] = [];
  const add = (block: number, role: string, text: string) => {
    if (read.blocks[block]) evidence.push({ page: 'company', block, role, text: clean(text).slice(0, 600) });
  };
  if (pair.stated) add(pair.stated.block, 'problem', pair.stated.sentence);
  if (pair.capability) add(pair.capability.block, 'feature', pair.capability.headline ?? pair.capability.text);
  return evidence;
}

function proofPoint(proof: PageProof, reads: { read: ReadPage; page: 'company' | 'caseStudies' }[]): ProofPoint {
  const read = reads.find((each) => each.page === proof.page)?.read;
  const role = read?.blocks[proof.block]?.role ?? 'text';
  return {
    ...(proof.customer ? { customer: proof.customer } : {}),
    result: proof.text.slice(0, 400),
    ...(proof.kind === 'quote' ? { quote: true } : {}),
    ...(proof.person ? { person: proof.person.slice(0, 160) } : {}),
    ...(proof.figures.length ? { figures: proof.figures.slice(0, 8) } : {}),
    confidence: proof.confidence,
    evidence: { page: proof.page, block: proof.block, role, text: proof.text.slice(0, 600) },
  };
}

function described(
  classification: Classification,
  language: PlaybookLanguage,
): NonNullable<Analysis['classification']> {
  const source = playbook();
  const label = (id: string) => source.functions.get(id)?.label[language] ?? id;
  return {
    function: classification.function,
    label: label(classification.function),
    confidence: classification.confidence,
    kind: classification.kind,
    alternatives: classification.alternatives.map((alternative) => ({
      ...alternative,
      label: label(alternative.function),
    })),
    industries: classification.industries.map((industry) => ({
      ...industry,
      label: source.industries.get(industry.industry)?.label[language] ?? industry.industry,
    })),
  };
}

/** The function a page is classified into, with its candidates: what a reviewer chooses from. */
export function candidatesOf(material: SiteMaterial): { functions: string[]; read: ReadPage } {
  const read = readPage(material.company.blocks, pageLanguage(material.company));
  const head = [material.company.title, material.company.metaDescription, material.company.ogDescription].filter(
    (text): text is string => Boolean(text),
  );
  const classification = classify(weightedTexts(read, head));
  return {
    functions: [classification.function, ...classification.alternatives.map((alternative) => alternative.function)],
    read,
  };
}

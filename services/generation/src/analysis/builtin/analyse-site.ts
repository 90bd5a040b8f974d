import type { Analysis, ProofPoint } from '@seqgen/proto';
import { clean } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import { type Lexicon, lexiconFor } from '../lexicon/index.ts';
import { capabilitiesOf } from './capabilities.ts';
import { companyNameOf, describeCompany, heroOf } from './company.ts';
import { pageLanguage } from './language.ts';
import { benefitPain, implicitPain, problemStatements, questionPain, statedPain } from './pains.ts';
import { assign, keyedTopicOf, similarity, topicOf } from './pairing.ts';
import { peopleOf } from './people.ts';
import { properNounsOf, sentenceCase } from './phrases.ts';
import { customersOf, proofPointsOf } from './proofs.ts';
import { type CompanyProfile, profileProspectPage } from './prospect.ts';
import { answeredQuestion, type Capability, type PainStatement } from './statements.ts';
import { type Section, sectionsOf, testimonialsOf } from './structure.ts';

export { companyNameOf } from './company.ts';
export { pageLanguage } from './language.ts';
export type { CompanyProfile, Trigger } from './prospect.ts';

/** The pages an analysis reads: the company's home page and, when known, its case studies. */
export interface SiteMaterial {
  company: PageContent;
  caseStudies?: PageContent | undefined;
}

const MAX_PAIRS = 5;
/** How much a pain and a capability must share to be paired (see pairing.ts for the weights). */
const MIN_PAIR_SCORE = 0.7;

export const NO_PAIN_NOTICE =
  "We couldn't find a customer pain point on this page. Add at least one pain point, with the solution that answers it, before you continue.";
export const ONE_PAIN_NOTICE =
  'We found only one customer pain point on this page. Add another pain point, with the solution that answers it, for a stronger sequence.';
export const IMPLIED_PAIN_NOTICE =
  "This page doesn't state its customers' problems outright, so the pain points below are read from what the company offers. Check them before you continue.";

interface Pair {
  pain: PainStatement;
  capability: Capability;
  /** Index into the capabilities, when the solution is one of them. */
  capabilityIndex: number | undefined;
}

/**
 * The built-in analyser (docs/architecture.md §6): reads the page the way a rep skims it — who the company
 * is, whom it sells to (the roles the page names), which problems its customers have (the page's
 * own problem statements, else the pains its benefits answer), which capability answers each (by
 * meaning, not position), and which customer proved what. Deterministic; says nothing rather than
 * something the page does not support.
 */
export function analyseSite(material: SiteMaterial): Analysis {
  const { company, caseStudies } = material;
  const language = pageLanguage(company);
  const lex = lexiconFor(language);
  const pages = [company, caseStudies];
  const companyName = companyNameOf(company);
  const proper = properNounsOf(pages);
  const sections = sectionsOf(company, lex);
  const storySections = caseStudies ? sectionsOf(caseStudies, lex) : [];
  const testimonials = [...testimonialsOf(company), ...(caseStudies ? testimonialsOf(caseStudies) : [])];
  const capabilities = capabilitiesOf(sections, companyName, lex);
  const pairs = pairsOf(
    companyName,
    sections,
    problemStatements(sections, lex, proper, companyName),
    capabilities,
    company,
    lex,
    proper,
  );
  const english = lex.code === 'en';
  const solutions = pairs.map((pair) => solutionText(pair.capability, english ? proper : undefined));

  const credited = proofPointsOf(
    { company, caseStudies },
    { company: sections, caseStudies: storySections },
    testimonials,
    capabilities,
    lex,
    companyName,
  );
  const proofPoints: ProofPoint[] = credited.map(({ proof, capability }) => {
    const pairIndex = pairs.findIndex(
      (pair) => pair.capabilityIndex !== undefined && pair.capabilityIndex === capability,
    );
    return pairIndex === -1 ? proof : { ...proof, solution: solutions[pairIndex] as string };
  });
  // "Nobody Owns the Spend." is a heading's casing; in a list of pains it reads as a sentence.
  const painText = (sentence: string) => (english ? sentenceCase(sentence, proper) : sentence);
  const people = peopleOf(pages, sections, testimonials, lex, companyName);

  const analysis: Analysis = {
    companyName,
    companyDescription: describeCompany(company, companyName, lex),
    targetAudience: people.audience,
    targetJobTitles: people.titles,
    customerPains: pairs.map((pair) => painText(pair.pain.sentence)),
    solutions,
    language,
    painPhrases: pairs.flatMap((pair) =>
      pair.pain.phrase ? [{ pain: painText(pair.pain.sentence), phrase: pair.pain.phrase }] : [],
    ),
    proofPoints,
    customers: customersOf(pages, proofPoints, lex, companyName),
    titlesInferred: people.titlesInferred,
  };
  if (!pairs.length) analysis.notice = NO_PAIN_NOTICE;
  else if (pairs.some((pair) => pair.pain.source === 'implicit')) analysis.notice = IMPLIED_PAIN_NOTICE;
  else if (pairs.length === 1) analysis.notice = ONE_PAIN_NOTICE;
  return analysis;
}

/** Name, description, audience and news of a company from its page: enough to write to it. */
export function profileCompany(page: PageContent): CompanyProfile {
  const language = pageLanguage(page);
  return profileProspectPage(page, lexiconFor(language), language, properNounsOf([page]));
}

/**
 * "Dock Audit: Every carton is checked…" — the feature's name, then what it does. A Title Case
 * headline that reads as a sentence ("Cost Allocation That Survives Reality") is set in sentence
 * case when `proper` is given (English); a name ("Late-Delivery Refund Recovery") keeps its capitals.
 */
function solutionText(capability: Capability, proper?: Set<string>): string {
  const { headline, sentence } = capability;
  if (!headline) return sentence;
  const reads = proper && /\s(the|a|an|that|as|by|your|our|who|than|to)\s/i.test(headline);
  return `${reads ? sentenceCase(headline, proper) : headline}: ${sentence}`;
}

function pairsOf(
  companyName: string,
  sections: Section[],
  problems: PainStatement[],
  capabilities: Capability[],
  page: PageContent,
  lex: Lexicon,
  proper: Set<string>,
): Pair[] {
  const pairs: Pair[] = [];
  const taken = new Set<number>();
  // Questions the page answers right under them: paired by the page's layout, not by words.
  for (const section of sections) {
    const answer = answeredQuestion(section);
    if (!answer || pairs.length >= MAX_PAIRS) continue;
    const capabilityIndex = capabilities.findIndex(
      (capability) => capability.headline === clean(answer.heading).replace(/[.:!]+$/, ''),
    );
    const pain =
      capabilityIndex === -1 || taken.has(capabilityIndex) ? undefined : questionPain(section, lex, companyName);
    if (!pain || pairs.some((pair) => pair.pain.sentence === pain.sentence)) continue;
    taken.add(capabilityIndex);
    pairs.push({ pain, capability: capabilities[capabilityIndex] as Capability, capabilityIndex });
  }
  // Everything else by meaning; capabilities the layout already paired are not offered again.
  const offered = capabilities.map((capability, index) =>
    taken.has(index)
      ? new Set<string>()
      : keyedTopicOf(capability.text, capability.headline ?? capability.sentence, lex),
  );
  const matched = assign(
    problems.map((pain) => keyedTopicOf(pain.text, pain.phrase ?? pain.sentence, lex)),
    offered,
    MIN_PAIR_SCORE,
  );
  problems.forEach((pain, index) => {
    const capabilityIndex = matched[index];
    if (capabilityIndex === undefined || pairs.length >= MAX_PAIRS) return;
    taken.add(capabilityIndex);
    pairs.push({ pain, capability: capabilities[capabilityIndex] as Capability, capabilityIndex });
  });
  // Capabilities no stated problem matched: the problem their text states, else the pain their benefit answers.
  capabilities.forEach((capability, index) => {
    if (taken.has(index) || pairs.length >= MAX_PAIRS) return;
    const pain = statedPain(capability, lex, companyName) ?? benefitPain(capability, lex, proper);
    if (!pain || pairs.some((pair) => pair.pain.sentence === pain.sentence)) return;
    taken.add(index);
    pairs.push({ pain, capability, capabilityIndex: index });
  });
  // A stated problem no capability answers, when it is about what the company does as a whole.
  const overall = overallSolution(page);
  if (overall && pairs.length < 2) {
    const overallTopic = topicOf(overall.text, lex);
    const unmatched = problems.find(
      (pain, index) => matched[index] === undefined && similarity(topicOf(pain.text, lex), overallTopic, UNIT) > 0,
    );
    if (unmatched) pairs.push({ pain: unmatched, capability: overall, capabilityIndex: undefined });
  }
  // A page of features and no benefit claims (or only a description): the pains it implies,
  // from its capabilities, or from the description itself when it lists none.
  if (problems.length === 0 && pairs.length < MAX_PAIRS) {
    const sources = capabilities.length ? capabilities : overall ? [overall] : [];
    sources.forEach((capability, index) => {
      if (pairs.length >= MAX_PAIRS || pairs.some((pair) => pair.capability === capability)) return;
      const pain = benefitPain(capability, lex, proper) ?? implicitPain(capability, lex, proper);
      if (pain && !pairs.some((pair) => pair.pain.sentence === pain.sentence)) {
        pairs.push({ pain, capability, capabilityIndex: capabilities.length ? index : undefined });
      }
    });
  }
  return pairs;
}

/** Every shared term counts the same. */
const UNIT = new Map<string, number>();

function overallSolution(page: PageContent): Capability | undefined {
  const hero = heroOf(page);
  const text = page.metaDescription ?? page.ogDescription ?? hero.subhead;
  if (!text || text.split(' ').length < 6) return undefined;
  const sentence = text.trim().replace(/([^.!?])$/, '$1.');
  return { headline: undefined, sentence, text };
}

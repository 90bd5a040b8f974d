import type { Analysis, Customization } from '@seqgen/proto';
import type { CompanyProfile } from '../analysis/builtin/index.ts';
import {
  capitalise,
  clean,
  lowerFirst,
  sentences,
  truncate,
  withoutInjections,
  wordCount,
} from '../extraction/text.ts';

/**
 * Everything a writer needs for one sequence, cleaned: every string that came from a scraped
 * page or a user's form is plain text here (no markup, no template tokens, no sentences aimed at
 * a language model), whitespace-collapsed and bounded.
 */
export interface SequenceBrief {
  company: {
    name: string;
    /** The first sentence of the description, short enough to introduce the company. */
    intro: string;
    description: string;
    /** "finance teams at mid-market B2B SaaS companies" (lower-case start, no full stop). */
    audience: string;
    titles: string[];
    /** Customers the site names ("Customers include …"). */
    customers: string[];
  };
  /** Pain i with the solution i that answers it; at least one. */
  pairs: PainSolution[];
  /** Case-study results, strongest first; empty when the analysis names none. */
  proofs: Proof[];
  /** The addressee: the persona's role when the user named one. */
  persona: { role: string | undefined; seniority: 'above' | 'below' | undefined };
  /** The industry the user targets, when specific. */
  industry: string | undefined;
  tone: number;
  toneLabel: ToneLabel;
  context: AdditionalContext | undefined;
  prospect: Prospect | undefined;
}

export interface PainSolution {
  /** As the analysis says it, no trailing full stop. */
  pain: string;
  /** A short noun phrase for subjects and frames ("manual invoice matching"), when there is one. */
  topic: string | undefined;
  /** The solution's lead-in ("Automated bank reconciliation"), when it has one. */
  headline: string | undefined;
  /** What the solution does, one or two sentences, proof points removed. */
  detail: string;
  proof: Proof | undefined;
  outcome: Outcome;
}

export interface Proof {
  /** One sentence: "Initech reduced invoice processing costs by 62%." */
  text: string;
  customer: string | undefined;
}

export type Outcome = 'cost' | 'revenue' | 'risk' | 'time' | 'visibility' | 'general';

export interface Prospect {
  name: string;
  /** Who the prospect serves, lower-case start ("specialty clinics and physician practices"). */
  audience: string | undefined;
  industry: string | undefined;
}

export interface AdditionalContext {
  /** offer: a trial, pilot or discount; event: a trigger worth opening with; note: anything else. */
  kind: 'offer' | 'event' | 'note';
  /** A sentence ready to stand in a body. */
  sentence: string;
  /** The user asked for brevity ("keep it short"). */
  brief: boolean;
}

export type ToneLabel = 'Very Casual' | 'Casual' | 'Balanced' | 'Professional' | 'Very Professional';

/** Spec §5: up to 20 Very Casual, up to 40 Casual, up to 60 Balanced, up to 80 Professional. */
export function toneLabel(tone: number): ToneLabel {
  if (tone <= 20) return 'Very Casual';
  if (tone <= 40) return 'Casual';
  if (tone <= 60) return 'Balanced';
  if (tone <= 80) return 'Professional';
  return 'Very Professional';
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Scraped or user-typed text as plain prose: tags and entities out (twice, so an encoded tag
 * cannot survive as a real one), template tokens and control characters out, sentences written
 * for a language model out, whitespace collapsed, cut at a word boundary.
 */
export function sanitise(text: string | undefined, maxChars: number): string {
  if (!text) return '';
  let value = text.replace(/<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  for (let pass = 0; pass < 2; pass += 1) {
    value = value
      .replace(/<\/?[a-z!][^>]*>/gi, ' ')
      .replace(/&(#39|[a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity);
  }
  value = value
    .replace(/[<>]/g, ' ')
    .replace(/\{\{[^}]*\}\}|\{%[^%]*%\}|\[\[[^\]]*\]\]/g, ' ')
    .replace(/\[(first ?name|last ?name|name|company|company name|your name)\]/gi, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ');
  value = withoutInjections(clean(value)).text;
  return truncate(clean(value).replace(/\s+([,.;:!?])/g, '$1'), maxChars);
}

const stripStop = (text: string) => text.replace(/[.;:,\s]+$/, '');

const PROOF_MARKER = /\s*\b(?:proof point|referenz|case study|customer story|result)s?\s*:\s*/i;
const RESULT_VERB =
  /\b(reduced|cut|cuts|improved|lowered|grew|saved|shortened|filled|recovered|doubled|tripled|boosted|raised|increased|halved|went|achieved|senkt|reduziert|steigert)\b/i;
const NOT_A_NAME = /^(we|our|your|you|the|this|it|they|their|its|with|every|each|and|a|an)$/i;

/** The customer a result sentence is about: its leading capitalised words ("Park & Liu LLP"). */
function customerOf(sentence: string, companyName: string): string | undefined {
  const words: string[] = [];
  for (const word of sentence.split(' ')) {
    if (/^[\p{Lu}\p{N}&][\p{L}\p{N}&'.-]*$/u.test(word) && !NOT_A_NAME.test(word)) words.push(word);
    else break;
    if (words.length > 5) return undefined;
  }
  const name = words.join(' ').replace(/[.,]$/, '');
  if (!name || name.length < 2 || name === companyName || companyName.startsWith(name)) return undefined;
  return name;
}

function proofFrom(sentence: string, companyName: string): Proof | undefined {
  if (!/\d/.test(sentence) || !RESULT_VERB.test(sentence)) return undefined;
  const customer = customerOf(sentence, companyName);
  if (!customer) return undefined;
  return { text: truncate(capitalise(sentence), 220), customer };
}

const OUTCOMES: [Outcome, RegExp][] = [
  ['risk', /fraud|complian|audit|risk|secur|breach|phishing|ransomware|traceab|quality|regulat|aml|kyc|defect/i],
  [
    'revenue',
    /revenue|sales|pipeline|conversion|cart|deal|churn|repeat|forecast|\bleads?\b(?! times?)|booking|no-show|schedul/i,
  ],
  ['cost', /cost|spending|fuel|price|expens|loss|waste|margin|budget/i],
  ['visibility', /visib|real-time|real time|tracking|transparen|insight|report|dashboard/i],
  ['time', /manual|time|slow|hours|days|weeks|delay|late|spreadsheet|paper|repetitive|stoppage/i],
];

const outcomeIn = (text: string) => OUTCOMES.find(([, pattern]) => pattern.test(text))?.[0];
/** What a pain costs, read from the pain first and from its solution when the pain is vague. */
const outcomeOf = (pain: string, solution: string): Outcome => outcomeIn(pain) ?? outcomeIn(solution) ?? 'general';

/**
 * The pain as a short noun phrase for subjects and frames ("manual invoice matching"), when it
 * is one; a pain told as a whole sentence has none (a solution's name would say the opposite).
 */
function topicOf(pain: string): string | undefined {
  if (wordCount(pain) > 6 || pain.length > 40 || /[.!?:]/.test(pain)) return undefined;
  // "No real-time cash visibility" reads as "the lack of real-time cash visibility" in a frame.
  return lowerFirst(pain).replace(/^(no|missing)\s+/i, 'the lack of ');
}

function splitSolution(solution: string, companyName: string): Omit<PainSolution, 'pain' | 'topic' | 'outcome'> {
  const [main = '', proofText] = solution.split(PROOF_MARKER);
  let headline: string | undefined;
  let detail = main;
  const colon = main.indexOf(': ');
  if (colon > 0) {
    const lead = main.slice(0, colon);
    if (wordCount(lead) <= 8 && !/[.!?]/.test(lead)) {
      headline = lead;
      detail = main.slice(colon + 2);
    }
  }
  const detailSentences = sentences(detail);
  let proof = proofText ? proofFrom(`${stripStop(proofText.trim())}.`, companyName) : undefined;
  if (proofText && !proof) {
    proof = { text: truncate(capitalise(proofText.trim()), 220), customer: customerOf(proofText.trim(), companyName) };
  }
  // A result sentence inside the solution itself (LLM and hand-written analyses have no marker).
  const kept: string[] = [];
  for (const sentence of detailSentences) {
    const found = !proof ? proofFrom(sentence, companyName) : undefined;
    if (found) proof = found;
    else kept.push(sentence);
  }
  const text = kept.slice(0, 2).join(' ') || detailSentences[0] || headline || '';
  return {
    headline,
    detail: truncate(capitalise(text || main), 320),
    proof,
  };
}

function shortAudience(audience: string): string {
  let value = stripStop(audience);
  if (wordCount(value) > 8 && value.includes(',')) value = value.slice(0, value.indexOf(','));
  if (wordCount(value) > 12) value = truncate(value, 80).replace(/…$/, '');
  return lowerFirst(value);
}

function firstSentence(description: string, companyName: string): string {
  let first = sentences(description)[0] ?? description;
  // "X is the platform for Y: a, b and c that …" — the part before the colon introduces it.
  if (wordCount(first) > 28 && first.includes(': ')) first = `${first.slice(0, first.indexOf(': '))}.`;
  first = truncate(first, 240);
  const firstWord = companyName.split(' ')[0] ?? companyName;
  if (!first.startsWith(firstWord) && !/^(we|our|it)\b/i.test(first)) {
    return `${companyName}: ${lowerFirst(stripStop(first))}.`;
  }
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}

const CUSTOMERS_SENTENCE = /^(?:customers include|clients include|trusted by|zu den kunden zählen)\s+(.+?)\.?$/i;

function customersOf(description: string): string[] {
  for (const sentence of sentences(description)) {
    const match = CUSTOMERS_SENTENCE.exec(sentence);
    if (match?.[1]) {
      return match[1]
        .split(/,\s*|\s+(?:and|und)\s+/)
        .map((name) => name.trim())
        .filter((name) => name.length >= 2 && name.length <= 60)
        .slice(0, 4);
    }
  }
  return [];
}

const OFFER =
  /\b(free|trial|pilot|discount|% off|offer|offering|complimentary|no[- ]cost|assessment|audit|consultation|credit)\b/i;
const EVENT =
  /\b(conference|summit|expo|event|webinar|trade ?show|booth|meetup|launch|launched|launching|raised|funding|series [a-e]|acquired|acquisition|hiring|expanding|expansion|new office|announce|announced)\b/i;
const STYLE_ONLY =
  /^(please\s+)?(keep|make|use|write|avoid|don'?t|do not|no|be)\b.*\b(short|brief|concise|tone|emoji|emojis|formal|casual|friendly|length|exclamation|jargon|words?|punchy)\b/i;
const ASKS_FOR_MENTION =
  /^(please\s+)?(mention|highlight|emphasi[sz]e|include|reference|talk about|focus on|stress|note|point out|say)\s+(that\s+)?/i;
const CLAUSE_START = /^(we|we're|we've|i|i'm|i've|they|it|it's|there|you|you're)\b/i;
const HAS_VERB = /\b(is|are|was|were|has|have|had|will|can|just|recently)\b/i;

/** What the user typed as additional context, made usable in a body (never in a subject). */
export function readContext(raw: string): AdditionalContext | undefined {
  const text = sanitise(raw, 600);
  if (!text) return undefined;
  const brief = /\b(short|brief|concise)\b/i.test(text);
  const usable = sentences(text).filter((sentence) => !STYLE_ONLY.test(sentence));
  const first = usable.slice(0, 2).join(' ');
  if (!first) return brief ? { kind: 'note', sentence: '', brief } : undefined;
  const kind: AdditionalContext['kind'] = OFFER.test(first) ? 'offer' : EVENT.test(first) ? 'event' : 'note';
  const mention = ASKS_FOR_MENTION.exec(first);
  let body = truncate(stripStop(first.slice(mention?.[0].length ?? 0)), 240);
  if (!body) return undefined;
  const clause = Boolean(mention?.[3]) || CLAUSE_START.test(body) || HAS_VERB.test(body);
  if (clause) {
    body = mention ? lowerFirst(body) : body;
    const sentence = mention
      ? `It's also worth mentioning that ${body}.`
      : `${capitalise(body)}${/[.!?…]$/.test(body) ? '' : '.'}`;
    return { kind, sentence, brief };
  }
  const phrase = lowerFirst(body).replace(/^(?:we(?:'re| are)?\s+)?(?:currently\s+)?(?:offering|offer)\s+/i, '');
  const sentence =
    kind === 'offer'
      ? `We're currently offering ${phrase}.`
      : mention
        ? `It's also worth knowing about ${phrase}.`
        : `Worth knowing: ${phrase}.`;
  return { kind, sentence, brief };
}

export interface BriefInput {
  analysis: Analysis;
  customization: Customization;
  prospect?: CompanyProfile | null | undefined;
}

/** Cleans and structures one request for the writers. */
export function buildBrief({ analysis, customization, prospect }: BriefInput): SequenceBrief {
  const name = sanitise(analysis.companyName, 120) || 'our team';
  const description = sanitise(analysis.companyDescription, 1200);
  const pains = analysis.customerPains.map((pain) => stripStop(sanitise(pain, 200))).filter(Boolean);
  const solutions = analysis.solutions.map((solution) => sanitise(solution, 800)).filter(Boolean);
  const count = Math.max(1, Math.min(Math.max(pains.length, solutions.length), 6));
  const pairs: PainSolution[] = [];
  for (let index = 0; index < count; index += 1) {
    const solution = solutions[index] ?? solutions[0] ?? description;
    const split = splitSolution(solution, name);
    const pain =
      pains[index] ?? (split.headline ? `The work behind ${lowerFirst(split.headline)}` : 'Too much manual work');
    pairs.push({ pain, topic: topicOf(pain), ...split, outcome: outcomeOf(pain, solution) });
  }
  const fromDescription = sentences(description)
    .map((sentence) => proofFrom(sentence, name))
    .filter((proof): proof is Proof => Boolean(proof));
  const proofs = [...pairs.flatMap((pair) => (pair.proof ? [pair.proof] : [])), ...fromDescription].filter(
    (proof, index, all) => all.findIndex((other) => other.text === proof.text) === index,
  );

  const specific = customization.persona === 'specific';
  const role = specific ? sanitise(customization.specificPersona, 80) || undefined : undefined;
  const seniority = specific && customization.seniority ? customization.seniority : undefined;
  const industry =
    customization.industry === 'specific' ? sanitise(customization.specificIndustry, 80) || undefined : undefined;

  let target: Prospect | undefined;
  if (customization.targetSpecificCompany === 'yes' && prospect) {
    const prospectName = sanitise(prospect.companyName, 80);
    if (prospectName && prospectName !== name) {
      target = {
        name: prospectName,
        audience: shortAudience(sanitise(prospect.targetAudience, 300)) || undefined,
        industry: sanitise(prospect.industries[0], 60) || undefined,
      };
    }
  }

  return {
    company: {
      name,
      intro: firstSentence(description || `${name} works with ${sanitise(analysis.targetAudience, 200)}`, name),
      description,
      audience: shortAudience(sanitise(analysis.targetAudience, 300)),
      titles: analysis.targetJobTitles
        .map((title) => sanitise(title, 80))
        .filter(Boolean)
        .slice(0, 6),
      customers: customersOf(description),
    },
    pairs,
    proofs,
    persona: { role, seniority },
    industry,
    tone: customization.tone,
    toneLabel: toneLabel(customization.tone),
    context: readContext(customization.additionalContext),
    prospect: target,
  };
}

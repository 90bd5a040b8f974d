import { isInjection, readingLevel } from '@seqgen/checks';
import type { CheckContext, Customization, SubmittedAnalysis, WritingLanguage } from '@seqgen/proto';
import { type CompanyProfile, isNegative, lexiconFor, midSentence, withoutLegalForm } from '../../analysis/index.ts';
import { clean, sentences, truncate, wordCount, words } from '../../text.ts';
import { type ReaderContext, readContext } from './context.ts';

/**
 * Everything a writer needs for one sequence, cleaned and structured: every string from a page or
 * a form is plain text here (no markup, no template tokens, no sentences aimed at a model), and
 * each fact knows its form — a whole sentence, or a noun phrase that fits inside one — so the
 * composer never splices a fragment where a sentence belongs (docs/architecture.md §6).
 */
export interface SequenceBrief {
  language: WritingLanguage;
  /** Picks between phrasings; the same brief and seed always give the same sequence. */
  seed: number;
  tone: number;
  register: Register;
  length: 'short' | 'normal' | 'long';
  seniority: 'above' | 'below' | undefined;
  company: {
    name: string;
    /** One sentence on what the company does, third person. */
    intro: string | undefined;
    /** Whom it serves, for the middle of a sentence ("warehouse managers at distribution centers"). */
    audience: string | undefined;
    /** A short plural group of the reader's peers ("warehouse managers"), when the audience names one. */
    peers: string | undefined;
  };
  /** Pain i with the solution that answers it; at least one. */
  pairs: Pair[];
  /** Results and quotes, results first; each is used at most once across the sequence. */
  proofs: Proof[];
  /** The addressee's role, as the user wrote it ("Head of Logistics"). */
  persona: string | undefined;
  industry: string | undefined;
  prospect: Prospect | undefined;
  context: ReaderContext;
  manual: ManualFacts;
  sender: { firstName: string | undefined };
  /** What every fact, number and name in the emails must come from. */
  checkContext: CheckContext;
}

export type Register = 'veryCasual' | 'casual' | 'neutral' | 'formal' | 'veryFormal';

export interface Pair {
  pain: {
    /** The reader's situation, one sentence ending with a full stop. */
    sentence: string;
    /** Short noun phrase for the middle of a sentence or a subject ("retailer chargebacks"). */
    phrase: string | undefined;
  };
  solution: {
    /** The capability's name when it reads as one ("continuous cycle counting", "Dock Audit"). */
    name: string | undefined;
    /** What it does, one sentence. */
    sentence: string;
    /**
     * How it does it, when the sentence says ("with AI-timed checkout recovery messages across
     * email, SMS and WhatsApp"): a later email can refer to the solution without repeating it.
     */
    means: string | undefined;
  };
  outcome: Outcome;
}

export type Outcome = 'cost' | 'revenue' | 'risk' | 'time' | 'visibility' | 'general';

export interface Proof {
  customer: string;
  /** A result sentence ("Brightmart cut chargebacks by 41% in two quarters."), or the quote's words. */
  text: string;
  /** For a quote: "Laura Benedict, VP of Distribution". */
  person: string | undefined;
  quote: boolean;
  /** The pair whose solution produced it, when known. */
  pair: number | undefined;
  /** Whether the text names the customer itself (else the writer says whose it is). */
  named: boolean;
}

export interface Prospect {
  name: string;
  /** What they do, said to them ("you deliver fresh produce to restaurants…"), when the page says it plainly. */
  aboutYou: string | undefined;
  trigger: { kind: string; yourNews: string | undefined; headline: string } | undefined;
}

export interface ManualFacts {
  differentiators: string[];
  competitors: string[];
  pricing: string | undefined;
  implementation: string | undefined;
  roi: string | undefined;
  news: string | undefined;
  caseStudies: string | undefined;
}

export interface BriefInput {
  analysis: SubmittedAnalysis;
  customization: Customization;
  language: WritingLanguage;
  prospect?: CompanyProfile | null | undefined;
  sender?: { firstName?: string | undefined } | undefined;
  seed?: number | undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Scraped or typed text as plain prose: tags and entities out (twice, so an encoded tag cannot
 * survive as a real one), template tokens and control characters out, sentences written for a
 * language model out, whitespace collapsed, cut at a word boundary.
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
    .replace(/\{\{[^}]*\}\}|\{%[^%]*%\}|\[\[[^\]]*\]\]|\{[^{}]{1,40}\}/g, ' ')
    .replace(/\[(first ?name|last ?name|name|company|company name|your name|prospect)\]/gi, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ');
  const kept = sentences(clean(value)).filter((sentence) => !isInjection(sentence));
  return truncate(clean(kept.join(' ')).replace(/\s+([,.;:!?])/g, '$1'), maxChars);
}

/** A sentence for a body: capitalised, one full stop, no question (a question would be a second ask). */
function statement(text: string): string | undefined {
  const value = clean(text).replace(/\s+([,.;:!?])/g, '$1');
  if (!value || /\?/.test(value)) return undefined;
  const ended = /[.!…]$/.test(value) ? value.replace(/!+$/, '.') : `${value.replace(/[,;:–—-]+$/, '')}.`;
  return ended.charAt(0).toUpperCase() + ended.slice(1);
}

/** The tone bands of docs/product.md §5: up to 20 Very Casual, 40 Casual, 60 Balanced, 80 Professional, above Very Professional. */
export function registerOf(tone: number, formality: ReaderContext['formality']): Register {
  const bands: Register[] = ['veryCasual', 'casual', 'neutral', 'formal', 'veryFormal'];
  const band = tone <= 20 ? 0 : tone <= 40 ? 1 : tone <= 60 ? 2 : tone <= 80 ? 3 : 4;
  const shifted = formality === 'more' ? Math.min(4, band + 1) : formality === 'less' ? Math.max(0, band - 1) : band;
  return bands[shifted] as Register;
}

const OUTCOMES: [Outcome, RegExp][] = [
  [
    'risk',
    /fraud|complian|audit|risk|secur|breach|phish|ransom|attack|threat|traceab|regulat|aml|kyc|defect|escape|sicherheit|nachweis|zertifiz/i,
  ],
  [
    'revenue',
    /revenue|sales|pipeline|conversion|cart|deal|churn|repeat|leads?\b|booking|no-show|discount|quota|chargeback|denial|denied|claim|slip away|lost (production|customers|patients|orders)|umsatz|vertrieb/i,
  ],
  ['cost', /cost|spend|fuel|price|expens|loss|waste|scrap|margin|profit|budget|fee|overtime|kosten|ausschuss|gewinn/i],
  [
    'visibility',
    /visib|real-time|real time|tracking|transparen|insight|report|dashboard|drift|explain|phantom|stale|out of date|out-of-date|guess|überblick|echtzeit/i,
  ],
  [
    'time',
    /manual|by hand|time|slow|hours|days|weeks|delay|late|spreadsheet|paper|excel|repetitive|stoppage|downtime|wait|schedul|shift|shut|zeit|hand|papier|verschoben/i,
  ],
];

const outcomeIn = (text: string): Outcome | undefined => OUTCOMES.find(([, pattern]) => pattern.test(text))?.[0];
/**
 * What a pain costs, read from the pain alone: a solution's words ("every night", "scheduling")
 * say what the product does, not what the problem costs, and a wrong stakes line is worse than none.
 */
const outcomeOf = (pain: string): Outcome => outcomeIn(pain) ?? 'general';

/**
 * "… reduce cart abandonment with AI-timed checkout recovery messages across email, SMS and
 * WhatsApp." → "AI-timed checkout recovery messages across email, SMS and WhatsApp": what follows
 * the last "with", "through", "using" or "by" in a sentence, when it is a phrase of its own.
 */
function meansOf(sentence: string, language: WritingLanguage): string | undefined {
  const pattern =
    language === 'de'
      ? /\s(?:mit|durch|über)\s+([^,;:]{12,90}?)\.?$/u
      : /\s(?:with|through|using|via|by)\s+([^,;:]*(?:,\s[^,;:]+)*?)\.?$/u;
  const means = pattern
    .exec(sentence)?.[1]
    ?.trim()
    .replace(/[.!]+$/, '');
  if (!means || wordCount(means) < 3 || wordCount(means) > 14) return undefined;
  // "by … before it happens", "with you": a clause or a person is not a means.
  if (/\b(you|your team|us|before|when|until|so that|which|that)\b/i.test(means) && language === 'en') return undefined;
  return means;
}

/** A solution's headline is its name only when it reads as one: short, no verb, no figures. */
function solutionName(headline: string | undefined, language: WritingLanguage): string | undefined {
  if (!headline) return undefined;
  // "Dock Audit: scan-to-verify at pack-out" → "Dock Audit".
  const text = clean(headline.split(': ')[0] ?? headline).replace(/[.:]+$/, '');
  if (wordCount(text) > 5 || /\d|[?!,]/.test(text)) return undefined;
  const imperative =
    /^(cut|reduce|automate|eliminate|stop|get|see|make|keep|turn|prove|install|replace|predict|detect|track|shorten|avoid|improve|boost|fill|build|plan|run|senken|vermeiden|automatisieren|steigern)\b/i;
  if (imperative.test(text)) return undefined;
  // A name of common words ("Transparent FX pricing", "Batch payments & accounting sync") reads as
  // shouting mid-sentence with its capital; names of products ("Smart Recall", "No-Show Shield") keep theirs.
  const [first = '', ...rest] = text.split(' ');
  const common = rest.length > 0 && rest.every((word) => /^(\p{Ll}|&|[\p{Lu}\d]{2,}s?$)/u.test(word));
  if (language === 'en' && /^\p{Lu}\p{Ll}+$/u.test(first) && common)
    return text.charAt(0).toLowerCase() + text.slice(1);
  return text;
}

/**
 * "Dock Audit: scan-to-verify at pack-out: Every carton is checked…" → the headline before the
 * last colon that still leaves a sentence, and that sentence.
 */
function splitSolution(solution: string): { headline: string | undefined; sentence: string } {
  let best: { headline: string; sentence: string } | undefined;
  for (let colon = solution.indexOf(': '); colon > 0; colon = solution.indexOf(': ', colon + 2)) {
    const lead = solution.slice(0, colon);
    const rest = solution.slice(colon + 2);
    if (wordCount(lead) > 12 || /[.!?]/.test(lead) || !/^\p{Lu}/u.test(rest)) continue;
    best = { headline: lead, sentence: rest };
  }
  return best ?? { headline: undefined, sentence: solution };
}

/**
 * The clearest sentence of a solution: the first one short enough to read at a glance, unless a
 * later one is much plainer; never a question.
 */
function bestSentence(text: string, language: WritingLanguage): string | undefined {
  const candidates = sentences(text)
    .map(statement)
    .filter((sentence): sentence is string => Boolean(sentence) && wordCount(sentence as string) >= 4);
  const short = candidates.filter((sentence) => wordCount(sentence) <= 28);
  if (!short.length) return candidates[0];
  const level = (sentence: string) => readingLevel(sentence, language).score;
  const [first, ...rest] = short as [string, ...string[]];
  const plainer = rest.find((sentence) => level(sentence) < level(first) - 4);
  return plainer ?? first;
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** "Pacific Produce delivers fresh produce to…" → "you deliver fresh produce to…" (English pages only). */
function aboutYou(description: string, name: string): string | undefined {
  const first = sentences(description)[0] ?? '';
  const pattern = new RegExp(
    `^(?:the\\s+)?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(is|are|has|have|does|\\p{Ll}+s)\\b(.*)$`,
    'u',
  );
  const match = pattern.exec(first);
  if (!match?.[1]) return undefined;
  const verb = match[1];
  const base =
    verb === 'is' || verb === 'are'
      ? 'are'
      : verb === 'has' || verb === 'have'
        ? 'have'
        : verb === 'does'
          ? 'do'
          : verb.endsWith('ies')
            ? `${verb.slice(0, -3)}y`
            : /(ss|sh|ch|x|z|o)es$/.test(verb)
              ? verb.slice(0, -2)
              : verb.slice(0, -1);
  const rest = clean(match[2] ?? '').replace(/[.!]+$/, '');
  if (wordCount(rest) > 22 || wordCount(rest) < 3) return undefined;
  return `you ${base} ${rest}`.replace(/\bits\b/g, 'your').replace(/\bit\b/g, 'you');
}

function prospectOf(
  profile: CompanyProfile | null | undefined,
  seller: string,
  language: WritingLanguage,
): Prospect | undefined {
  if (!profile) return undefined;
  const name = sanitise(profile.companyName, 80);
  if (!name || squash(name) === squash(seller)) return undefined;
  const trigger = profile.triggers?.[0];
  const headline = trigger ? sanitise(trigger.text, 220) : '';
  return {
    name,
    aboutYou:
      language === 'en' && profile.language === 'en'
        ? aboutYou(sanitise(profile.companyDescription, 400), name)
        : undefined,
    trigger:
      trigger && headline
        ? {
            kind: trigger.kind,
            yourNews: trigger.yourNews && language === profile.language ? sanitise(trigger.yourNews, 200) : undefined,
            headline,
          }
        : undefined,
  };
}

const listed = (items: string[] | undefined, max: number, chars: number) =>
  (items ?? [])
    .map((item) => sanitise(item, chars))
    .filter(Boolean)
    .slice(0, max);

/** Cleans and structures one request for the writers. */
export function buildBrief(input: BriefInput): SequenceBrief {
  const { analysis, customization, language } = input;
  const name = sanitise(analysis.companyName, 120) || 'our team';
  const description = sanitise(analysis.companyDescription, 1200);
  const prospect =
    customization.targetSpecificCompany === 'yes' ? prospectOf(input.prospect, name, language) : undefined;
  const context = readContext(sanitise(customization.additionalContext, 4000), prospect?.name);
  const avoided = (text: string) => context.avoid.some((term) => text.toLowerCase().includes(term));

  const phraseOf = new Map(
    (analysis.painPhrases ?? []).map((entry) => [clean(entry.pain), sanitise(entry.phrase, 80)]),
  );
  const solutions = analysis.solutions.map((solution) => sanitise(solution, 1500));
  const pains = analysis.customerPains.map((pain) => sanitise(pain, 500));
  const pairs: Pair[] = [];
  const count = Math.min(Math.max(pains.length, solutions.length), 8);
  for (let index = 0; index < count; index += 1) {
    const painText = pains[index] ?? '';
    const solutionText = solutions[index] ?? solutions[0] ?? description;
    const painSentence = statement(painText);
    const split = splitSolution(solutionText);
    const sentence = bestSentence(split.sentence, language) ?? (split.headline ? statement(split.headline) : undefined);
    if (!painSentence || !sentence || avoided(`${painText} ${solutionText}`)) continue;
    const phrase = phraseOf.get(clean(analysis.customerPains[index] ?? ''));
    pairs.push({
      pain: { sentence: painSentence, phrase: phrase && !/\?/.test(phrase) ? phrase : shortPain(painText, language) },
      solution: { name: solutionName(split.headline, language), sentence, means: meansOf(sentence, language) },
      outcome: outcomeOf(phrase ? `${painText} ${phrase}` : painText),
    });
  }
  if (!pairs.length) {
    // Everything was filtered (the user asked to leave it out): the first pair, as written.
    pairs.push({
      pain: { sentence: statement(pains[0] ?? '') ?? `${name}.`, phrase: undefined },
      solution: { name: undefined, sentence: statement(solutions[0] ?? description) ?? `${name}.`, means: undefined },
      outcome: 'general',
    });
  }

  const proofs: Proof[] = [];
  for (const point of analysis.proofPoints ?? []) {
    const customer = withoutLegalForm(sanitise(point.customer, 120));
    const text = point.quote ? sanitise(point.result, 300) : statement(sanitise(point.result, 300));
    if (!customer || !text || /\?/.test(text) || avoided(`${customer} ${text}`)) continue;
    if (point.quote && wordCount(text) > 30) continue;
    const credited = point.solution ? solutions.indexOf(sanitise(point.solution, 1500)) : -1;
    const pairIndex =
      credited === -1
        ? undefined
        : pairs.findIndex(
            (pair) =>
              pair.solution.sentence === bestSentence(splitSolution(solutions[credited] ?? '').sentence, language),
          );
    proofs.push({
      customer,
      text,
      person: point.person ? sanitise(point.person, 160) : undefined,
      quote: Boolean(point.quote),
      pair: pairIndex === undefined || pairIndex < 0 ? undefined : pairIndex,
      named: squash(text).includes(squash(customer)),
    });
  }
  // A hand-written case study (Manual Entry) with a result in it.
  for (const sentence of sentences(sanitise(analysis.caseStudies, 4000))) {
    if (!/\d/.test(sentence) || proofs.length >= 8) continue;
    const customer =
      /^((?:\p{Lu}[\p{L}\p{N}&.'-]*\s?){1,4})\s+(?:cut|reduced|increased|raised|grew|saved|doubled|improved|lowered|shortened|senkte|reduzierte|steigerte)\b/u
        .exec(sentence)?.[1]
        ?.trim();
    const text = statement(sentence);
    if (customer && text && !avoided(text))
      proofs.push({ customer, text, person: undefined, quote: false, pair: undefined, named: true });
  }
  proofs.sort((a, b) => Number(a.quote) - Number(b.quote));

  const persona =
    customization.persona === 'specific' ? sanitise(customization.specificPersona, 80) || undefined : undefined;
  const industry =
    customization.industry === 'specific' ? sanitise(customization.specificIndustry, 80) || undefined : undefined;
  const manual: ManualFacts = {
    differentiators: listed(analysis.keyDifferentiators, 6, 300).filter((item) => !avoided(item)),
    competitors: avoided('competitor') ? [] : listed(analysis.competitors, 4, 80),
    pricing: avoided('pric') || avoided('cost') ? undefined : sanitise(analysis.pricingModel, 300) || undefined,
    implementation: sanitise(analysis.implementationTime, 300) || undefined,
    roi: sanitise(analysis.roi, 300) || undefined,
    news: sanitise(analysis.recentNews, 600) || undefined,
    caseStudies: sanitise(analysis.caseStudies, 4000) || undefined,
  };
  const register = registerOf(customization.tone, context.formality);
  // "Zunftwerk ist die Lohnsoftware für das Handwerk: mobile Zeiterfassung, …": the claim, not its list.
  const opening = sentences(description)[0];
  const beforeList = opening?.split(': ')[0];
  const intro = beforeList && beforeList !== opening && wordCount(beforeList) >= 5 ? `${beforeList}.` : opening;
  const sources = [
    name,
    description,
    analysis.targetAudience,
    ...analysis.targetJobTitles,
    ...analysis.customerPains,
    ...analysis.solutions,
    ...(analysis.painPhrases ?? []).map((entry) => entry.phrase),
    ...(analysis.proofPoints ?? []).flatMap((point) => [point.customer, point.result, point.person ?? '']),
    ...(analysis.customers ?? []),
    analysis.industry ?? '',
    analysis.companySize ?? '',
    ...(analysis.keyDifferentiators ?? []),
    analysis.recentNews ?? '',
    ...(analysis.competitors ?? []),
    analysis.pricingModel ?? '',
    analysis.implementationTime ?? '',
    analysis.roi ?? '',
    analysis.caseStudies ?? '',
    customization.additionalContext,
    input.prospect?.companyName ?? '',
    input.prospect?.companyDescription ?? '',
    ...(input.prospect?.triggers ?? []).map((trigger) => trigger.text),
  ].filter(Boolean);
  return {
    language,
    seed: input.seed ?? seedOf(`${name}|${JSON.stringify(customization)}`),
    tone: customization.tone,
    register,
    length: context.length,
    seniority: persona && customization.seniority ? customization.seniority : undefined,
    company: {
      name,
      intro: intro ? statement(intro) : undefined,
      audience: audiencePhrase(sanitise(analysis.targetAudience, 300), language),
      peers: peersOf(sanitise(analysis.targetAudience, 300), language),
    },
    pairs,
    proofs,
    persona,
    industry,
    prospect,
    context,
    manual,
    sender: { firstName: sanitise(input.sender?.firstName, 40).split(' ')[0] || undefined },
    checkContext: {
      language,
      sources,
      ...(persona ? { persona } : {}),
      ...(industry ? { industry } : {}),
      ...(prospect ? { prospect: prospect.name } : {}),
      caseStudyCustomers: [...new Set(proofs.map((proof) => proof.customer))],
    },
  };
}

/** "Warehouse managers at distribution centers and 3PLs." → "warehouse managers at distribution centers and 3PLs". */
function audiencePhrase(audience: string, language: WritingLanguage): string | undefined {
  let value = audience.replace(/[.;:\s]+$/, '');
  if (!value || wordCount(value) > 14) value = value.split(/,|:/)[0] ?? '';
  if (!value || wordCount(value) > 14 || /[.!?]/.test(value)) return undefined;
  if (language === 'de') return value.includes(':') ? undefined : value;
  // "E-commerce brands" → "e-commerce brands"; "SaaS companies" and "B2B teams" keep their capitals.
  return /^\p{Lu}[\p{Ll}-]/u.test(value) && !/^\p{Lu}\p{Ll}*\p{Lu}/u.test(value)
    ? value.charAt(0).toLowerCase() + value.slice(1)
    : value;
}

/**
 * "Warehouse managers, inventory control managers and VPs of Distribution at distribution centers
 * and 3PLs" → "warehouse managers": the first group, short enough to say "most … I speak with".
 */
function peersOf(audience: string, language: WritingLanguage): string | undefined {
  const phrase = audiencePhrase(audience, language);
  // "dental practices and dental teams" says its group twice: the first item says it once.
  const repeats = (text: string) => {
    const seen = words(text).filter((word) => word.length > 3);
    return new Set(seen).size < seen.length;
  };
  if (phrase && wordCount(phrase) <= 6 && !repeats(phrase)) {
    return language === 'de' ? midSentence(phrase, lexiconFor('de'), new Set()) : phrase;
  }
  const who = (language === 'de' ? audience.split(':').at(-1) : audience.split(/\s(?:at|in)\s/)[0]) ?? '';
  // "Logistics & transportation managers" is one group: "&" joins inside an item, "and" between items.
  const first = who
    .split(/,\s*|\s+(?:and|und)\s+/)[0]
    ?.trim()
    .replace(/[.;:]+$/, '');
  if (!first || wordCount(first) > 5 || wordCount(first) < 1) return undefined;
  // German: "mittelständische Fertigungsbetriebe" mid-sentence; the noun keeps its capital.
  if (language === 'de') return midSentence(first, lexiconFor('de'), new Set());
  // Peers are people or organisations in the plural ("shippers"); a field ("logistics") is not.
  const last = first.split(' ').at(-1) ?? '';
  if (!/s$/i.test(last) || /(ics|ops|sales|operations|business|services)$/i.test(last)) return undefined;
  return /^\p{Lu}\p{Ll}/u.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
}

/**
 * A short form of a pain the analysis did not give one for (a hand-written pain): its subject,
 * when that is short, plain and names something that hurts ("retailer chargebacks", not "new hires").
 */
function shortPain(pain: string, language: WritingLanguage): string | undefined {
  const subject =
    /^((?:[\p{L}-]+\s){0,3}[\p{L}-]+)\s+(?:eat|eats|leave|leaves|live|lives|take|takes|cost|costs|slow|slows|pile|piles|stall|stalls|keep|keeps|cause|causes|drain|drains|sit|sits|is|are|go|goes|come|comes)\b/iu.exec(
      clean(pain),
    )?.[1];
  if (
    !subject ||
    /^(the|your|our|their|nobody|no one|you|we|they|it|this|that|there|teams?|most|many)\b/i.test(subject)
  )
    return undefined;
  if (language !== 'en' || !isNegative(subject, lexiconFor(language))) return undefined;
  return /^\p{Lu}\p{Ll}+$/u.test(subject.split(' ')[0] ?? '')
    ? subject.charAt(0).toLowerCase() + subject.slice(1)
    : subject;
}

/** FNV-1a: a stable seed from the request, so the same request reads the same. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

import {
  asksReader,
  detectLanguage,
  finiteVerbs,
  guessLanguage,
  hasSpamPhrase,
  mainClauseVerbs,
  phraseLanguage,
  proseProblems,
} from '@seqgen/checks';
import type {
  AnalysisPair,
  CheckContext,
  Customization,
  ProofPoint,
  SubmittedAnalysis,
  WritingLanguage,
} from '@seqgen/proto';
import { type CompanyProfile, classify, fitOf, withoutLegalForm } from '../../analysis/index.ts';
import { escapeRegExp, stemOf, wordsOf } from '../../match.ts';
import type { Register } from '../../playbook/frames.ts';
import {
  type Capability,
  type FunctionPlaybook,
  GENERAL_FUNCTION,
  type Industry,
  type Lists,
  type Pain,
  playbook,
} from '../../playbook/index.ts';
import { allMatches, bestMatch, phrasesIn, signalScore } from '../../playbook/signals.ts';
import { clean, sentences, wordCount } from '../../text.ts';
import { type ReaderContext, readContext } from '../brief/context.ts';
import { sanitise } from '../brief/sanitise.ts';
import { inLanguage, readsAsUserSentence } from './sentences.ts';

/**
 * Everything the built-in writer needs for one sequence (docs/architecture.md §6), resolved against
 * the playbook: the function's playbook; each pain/solution pair as the playbook's sentences (or the
 * user's own, when they wrote or edited one); the proof the analysis verified; who the reader is
 * (persona, seniority), which industry, the register and length the tone asks for; the user's
 * context read for what it means; and the texts every fact must come from (the checks' context).
 */

export interface Angle {
  /** The pain said to the reader: the playbook's words, or the user's own sentence. */
  pain: string;
  /** Short form for subject lines and recaps ("manual invoice entry"). */
  phrase: string | undefined;
  /** The question a rep asks about it (the email's ask), when the playbook has one. */
  question: string | undefined;
  level: Pain['level'];
  /** What answers it, said by the seller ("Acme reads every invoice…"); none when the company's answer is unknown. */
  value: string | undefined;
  /** The capability's short name on the page ("Smart capture"). */
  name: string | undefined;
  playbookPain: Pain | undefined;
  /** The playbook capability the page or the user shows the company has (never just the playbook's guess). */
  capability: Capability | undefined;
  origin: 'stated' | 'inferred' | 'user';
}

export interface Proof {
  customer: string | undefined;
  /** Who said a quote, and their role ("Priya Raman", "Controller"). */
  person: string | undefined;
  role: string | undefined;
  quote: string | undefined;
  result: string | undefined;
  figures: string[];
  /** The angle whose capability it proves, when known. */
  angle: number | undefined;
  /** Industries its words point at. */
  industries: string[];
  /** The user's own sentence (Manual Entry), said as is; a page's words are quoted and credited. */
  own?: boolean;
}

export interface ComposerBrief {
  language: WritingLanguage;
  seed: number;
  tone: number;
  register: Register;
  /** Short drops every optional sentence; long adds one more angle to each email. */
  length: 'short' | 'normal' | 'long';
  fn: FunctionPlaybook;
  company: string;
  /** What the company does, in its own words (offerOf). */
  offer: Offer | undefined;
  angles: Angle[];
  proofs: Proof[];
  persona: string | undefined;
  seniority: 'above' | 'below' | undefined;
  /**
   * Titles the seller's page names as its buyers (not the analyser's guesses): a persona among
   * them is a natural buyer.
   */
  pageBuyers: string[];
  /**
   * The playbook's industry; else what the user typed, as the emails can say it (their words, in
   * the emails' language, lower case where the language writes it so), when the playbook knows none.
   */
  industry: { industry: Industry | undefined; typed: string | undefined; said: string | undefined };
  /** The company written to: its page's count ("14 warehouses") and its sentence about the seller's topic (hookOf). */
  prospect: { name: string; industries: string[]; scale: string | undefined; hook: string | undefined } | undefined;
  context: ReaderContext & { event: string | undefined; when: WhenKey | undefined; referrer: string | undefined };
  manual: {
    differentiators: string[];
    competitors: string[];
    pricing: string | undefined;
    implementation: string | undefined;
    roi: string | undefined;
    news: string | undefined;
  };
  sender: string | undefined;
  /** The user's context sentences and things to mention that can go into emails in this language. */
  userLines: { events: string[]; offers: string[]; notes: string[]; mentions: string[]; mentionPhrases: string[] };
  /** What the writer could not honour, said to the user (e.g. context in another language). */
  notices: string[];
  checkContext: CheckContext;
}

export interface ComposerInput {
  analysis: SubmittedAnalysis;
  customization: Customization;
  language: WritingLanguage;
  prospect?: CompanyProfile | null | undefined;
  sender?: { firstName?: string | undefined } | undefined;
  seed?: number | undefined;
}

/** Tone to register (docs/product.md §5 bands collapsed to three): up to 33 casual, from 67 formal. */
export function registerOf(tone: number, formality: ReaderContext['formality']): Register {
  const band = tone <= 33 ? 0 : tone >= 67 ? 2 : 1;
  const shifted = formality === 'more' ? Math.min(2, band + 1) : formality === 'less' ? Math.max(0, band - 1) : band;
  return (['casual', 'neutral', 'formal'] as const)[shifted] as Register;
}

/** FNV-1a: the same request always gives the same sequence. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The function a submitted analysis is about: its classification, else the one its own words point at (Manual Entry). */
function functionOf(analysis: SubmittedAnalysis): FunctionPlaybook {
  const source = playbook();
  const named = analysis.classification ? source.functions.get(analysis.classification.function) : undefined;
  if (named) return named;
  const texts = [
    { text: analysis.companyDescription, weight: 3 },
    { text: analysis.industry ?? '', weight: 2 },
    { text: analysis.targetAudience, weight: 1 },
    {
      text: [...analysis.customerPains, ...analysis.solutions, ...(analysis.keyDifferentiators ?? [])].join('. '),
      weight: 1.5,
    },
  ];
  // A few lines say less than a page: the best function wins at a lower score.
  const classification = classify(texts, source, 1.5);
  return source.functions.get(classification.function) ?? (source.functions.get(GENERAL_FUNCTION) as FunctionPlaybook);
}

/** The language the analysis is in: stated, else read from all its words together, else the email's. */
/**
 * What the company does, said once in its own words (docs/architecture.md §6): a reader must learn
 * the offer even where the page shows no capability the playbook knows (the SDR review of heldout-c
 * found 30 sequences that never said it). Its description says it either as a sentence with the
 * company as the subject ("Cindergate finds flaky tests across your CI runs…"), said as it is, or as
 * the list after its name ("Sablecrest: Multi-currency accounts, supplier payments to 94 countries…"),
 * which the `offer` frame says ("What Sablecrest offers: multi-currency accounts…"). Anything else
 * (a tagline, a datasheet's label, a paragraph) is not said.
 */
/** The reader or nobody as a sentence's subject: a problem told to the reader, not a list of offers. */
const READER_VOICE =
  /(?<![\p{L}])(?:you|your|nobody|no one|ihr|ihre|sie|niemand|vous|votre|vos|personne|usted|su|sus|nadie)(?![\p{L}])/iu;
/** Certificates and memberships: what a badge line lists, never an offer. */
const CREDENTIALS =
  /\b(?:iso\s?\d{3,5}|din\s?en|certified|certification|accredited|member of|zertifiziert|zertifizierung|mitglied|certifiée?s?|membre de|certificad[oa]s?|miembro de)\b/iu;

function offerOf(analysis: SubmittedAnalysis, company: string, language: WritingLanguage): Offer | undefined {
  const name = sanitise(analysis.companyName, 120);
  const description = sanitise(analysis.companyDescription, 1200);
  if (!name || !description) return undefined;
  const assumed = analysisLanguage(analysis, language);
  // "Hallenklar Industrieservice: Hallenklar reinigt …": the name put before what it does.
  const prefix = new RegExp(`^${escapeRegExp(name)}\\s*:\\s*`, 'u');
  const listed = prefix.test(description);
  const own = description.replace(prefix, '');
  let first = sentences(own)[0]?.trim() ?? '';
  // "… reinigt Produktionshallen und Lager in Franken: Maschinenreinigung, Hallenböden, …" — what
  // comes before the list says the offer; the list is a catalogue.
  const beforeList = first.split(/:\s/u)[0] ?? first;
  if (beforeList !== first && wordCount(beforeList) >= MIN_OFFER_WORDS)
    first = `${beforeList.replace(/[,;\s]+$/u, '')}.`;
  const short = wordCount(first) <= MAX_OFFER_WORDS;
  const firstName = withoutLegalForm(name).split(/\s+/)[0] ?? '';
  // The company as the subject: its name (with its legal form, "Harwick Vane LLP"), then a lower-case
  // word (the verb: "finds", "reinigt", "conçoit").
  const names = [withoutLegalForm(name), name, firstName].filter(Boolean).map(escapeRegExp);
  if (firstName && new RegExp(`^(?:${names.join('|')})(?:,?\\s+[^\\s\\p{Ll}]\\S*)?\\s+\\p{Ll}`, 'u').test(first)) {
    if (!short || wordCount(first) < MIN_OFFER_WORDS || !first.endsWith('.')) return undefined;
    // An ask inside it ("…: book a demo") would be the email's second ask.
    if (
      !readsAsUserSentence(first, language, assumed) ||
      asksReader(first, language) ||
      hasSpamPhrase(first, language) ||
      proseProblems(first, language).length
    )
      return undefined;
    // The brand as the emails say it ("Quillmere Lyle advises…", not "Quillmere Lyle LLP advises…").
    const said = (/^(?:[^\s\p{Ll}]\S*\s+)+/u.exec(first)?.[0] ?? '').trim();
    return { sentence: withoutLegalForm(said) === company ? company + first.slice(said.length) : first };
  }
  // A list after the name: what it offers, not a clause ("We help…", "Get paid faster"), in the emails' language.
  const phrase = first.replace(/[.!]+$/u, '');
  if (!listed || !short || wordCount(phrase) < MIN_OFFER_WORDS - 2 || /[:?!;]/u.test(phrase)) return undefined;
  const lead = phrase.split(/\s+/u)[0] ?? '';
  if (!inLanguage(phrase, language, assumed) || FIRST_PERSON.test(phrase) || finiteVerbs(phrase, language)[0] === lead)
    return undefined;
  // A list of offers is nouns: a verb and the reader in it make it a sentence of the page's (a
  // problem it states: "your team spends…"), and dots or credentials make it a badge line ("ISO 9001 · member of … · supplier to …")
  // — both said as "Here is what <Seller> offers: …" in the heldout-d SDR review.
  if (
    (finiteVerbs(phrase, language).length && READER_VOICE.test(phrase)) ||
    /[·|•]/u.test(phrase) ||
    CREDENTIALS.test(phrase)
  )
    return undefined;
  if (asksReader(`${phrase}.`, language)) return undefined;
  // "Employment solicitors for employers…" says what the company is, not what it offers: "Here is
  // what <Seller> offers: employment solicitors…" reads wrong (the SDR review, evening).
  const head = phrase.split(/\s*,\s*|\s+(?:for|to|in|with|für|von|mit|in|pour|de|avec|para|en|con)\s+/u)[0] ?? '';
  if (COMPANY_NOUN.test(head.split(/\s+/u).at(-1) ?? '')) return undefined;
  // "Multi-currency accounts…" mid-sentence is "multi-currency accounts…"; "CNC-Lohnfertigung", "ISO" and German nouns keep theirs.
  const lowered =
    language !== 'de' && /^\p{Lu}\p{Ll}/u.test(phrase) ? phrase[0]?.toLowerCase() + phrase.slice(1) : phrase;
  return { phrase: lowered };
}

/**
 * The prospect page's own sentence about the seller's topic, which a rep opens with because it is
 * why they write to this company ("Rund 1.900 Lieferanten, davon etwa 120 Lohnfertiger für Dreh- und
 * Frästeile." to a contract manufacturer; "Création d'une direction des achats groupe." to a
 * procurement consultancy): quoted, never reworded (docs/architecture.md §6). Only a sentence that
 * says the function's own words, in the emails' language: the page's other news says nothing to
 * this reader (the SDR review of heldout-c: every prospect page had such a hook, none was used).
 */
function hookOf(
  prospect: CompanyProfile | null | undefined,
  fn: FunctionPlaybook,
  language: WritingLanguage,
): string | undefined {
  if (!prospect?.statements?.length || prospect.language !== language) return undefined;
  let best: { text: string; score: number } | undefined;
  const strongest = (entries: readonly { signals: Lists }[], text: string) =>
    Math.max(0, ...entries.map((entry) => signalScore(text, entry.signals)));
  for (const raw of prospect.statements) {
    const text = sanitise(raw, MAX_HOOK_CHARS);
    if (
      !text ||
      /["“”„«»]/u.test(text) ||
      !inLanguage(text, language, prospect.language) ||
      hasSpamPhrase(text, language)
    )
      continue;
    const score = signalScore(text, fn.signals) + strongest(fn.capabilities, text) + strongest(fn.pains, text);
    if (score >= MIN_HOOK_SCORE && (!best || score > best.score)) best = { text, score };
  }
  return best?.text;
}

/** A phrase of the function's, or two of its words: one shared word is chance ("service", "team"). */
const MIN_HOOK_SCORE = 1.5;
const MAX_HOOK_CHARS = 220;

/** The company's offer: its own sentence, or the list its description gives (offerOf). */
export type Offer = { sentence: string; phrase?: undefined } | { phrase: string; sentence?: undefined };

const MIN_OFFER_WORDS = 6;
/** Nouns for a company or its people, in the four languages: the head of a phrase that names the company. */
const COMPANY_NOUN =
  /^(?:solicitors?|lawyers?|attorneys?|accountants?|consultants?|consultancy|agency|firm|partners?|providers?|company|specialists?|experts?|team|manufacturers?|distributors?|suppliers?|wholesalers?|hauliers?|carriers?|forwarders?|recruiters?|advis[eo]rs?|studio|bureau|practice|kanzlei|anwälte|rechtsanwälte|berater(?:in)?|agentur|anbieter|spezialist(?:en)?|experten|hersteller|händler|großhändler|dienstleister|spedition|cabinet|avocats?|agence|partenaires?|fournisseurs?|spécialistes?|équipe|fabricant|distributeur|grossiste|transporteur|transitaire|despacho|abogados?|agencia|socios?|proveedor(?:es)?|especialistas?|expertos?|equipo|fabricante|distribuidor|mayorista|consultora|transportista)$/iu;
/** The seller speaking ("we", "our"): a claim in its voice, not a list of what it offers. */
const FIRST_PERSON = /(?:^|\s)(?:we|our|us|wir|unser\p{L}*|uns|nous|notre|nos|nosotros|nuestr[oa]s?)(?=[\s,.]|$)/iu;
/** Longer than this, a description is a paragraph the emails' length and reading checks would refuse. */
const MAX_OFFER_WORDS = 28;

function analysisLanguage(analysis: SubmittedAnalysis, language: WritingLanguage): WritingLanguage {
  return (
    analysis.language ??
    detectLanguage([analysis.companyDescription, ...analysis.customerPains, ...analysis.solutions].join(' ')) ??
    language
  );
}

function anglesOf(
  analysis: SubmittedAnalysis,
  fn: FunctionPlaybook,
  company: string,
  language: WritingLanguage,
): Angle[] {
  const source = analysisLanguage(analysis, language);
  const angles: Angle[] = [];
  const byPain = new Map<string, AnalysisPair>((analysis.pairs ?? []).map((pair) => [clean(pair.pain), pair]));
  analysis.customerPains.forEach((rawPain, index) => {
    const painText = clean(rawPain);
    if (!painText) return;
    const solutionText = clean(analysis.solutions[index] ?? '');
    const pair = byPain.get(painText);
    // The analysis's own pair, untouched: the playbook pain and capability it found.
    let pain = pair?.painId ? fn.pains.find((candidate) => candidate.id === pair.painId) : undefined;
    let capability = pair?.capabilityId
      ? fn.capabilities.find((candidate) => candidate.id === pair.capabilityId)
      : undefined;
    let userPain: string | undefined;
    if (!pair) {
      // Written or edited by the user: their sentence when it reads as one in this language, else the playbook's.
      const own = sanitise(painText, 300);
      if (readsAsUserSentence(own, language, source)) userPain = asStatement(own);
      else pain = bestMatch(fn.pains, [{ text: own, weight: 1 }])?.entry;
    } else if (!pain) {
      // A pain the page states in words the playbook does not know: the playbook's pain closest to it,
      // else the one the page's own capability answers first (the page's words never go into an
      // email, and a capability the page does not show says nothing about its pains).
      const shown = pair.solutionOrigin === 'stated' && pair.capabilityId;
      pain =
        bestMatch(fn.pains, [{ text: painText, weight: 1 }], 0.5)?.entry ??
        (shown ? fn.pains.find((candidate) => candidate.answeredBy[0] === pair.capabilityId) : undefined);
    }
    if (!pain && !userPain) return;
    // The user's own solution: a row they wrote, or a solution they edited on the analysis's row.
    const userSolution = solutionText && (!pair || clean(pair.solution) !== solutionText) ? solutionText : undefined;
    const ownSolution =
      userSolution && readsAsUserSentence(sanitise(userSolution, 400), language, source)
        ? asStatement(sanitise(userSolution, 400))
        : undefined;
    if (userSolution) capability = bestMatch(fn.capabilities, [{ text: userSolution, weight: 1 }])?.entry ?? capability;
    // A capability is the company's when the page shows it or the user says so; the playbook's usual
    // answer alone is not, and nothing is claimed from it (docs/architecture.md §6).
    const verified = userSolution
      ? Boolean(ownSolution || capability)
      : pair
        ? pair.solutionOrigin
          ? pair.solutionOrigin === 'stated'
          : Boolean(pair.capabilityName)
        : false;
    const name =
      pair?.capabilityName && !userSolution && soundsLikeProductName(sanitise(pair.capabilityName, 60))
        ? sanitise(pair.capabilityName, 60)
        : undefined;
    angles.push({
      pain: userPain ?? (pain?.text[language] as string),
      phrase: userPain ? subjectPhrase(userPain, language) : pain?.phrase[language],
      question: pain?.question[language],
      level: pain?.level ?? 'both',
      value: ownSolution ?? (verified ? capability?.value[language].replaceAll('{company}', company) : undefined),
      name: name && sameLanguageName(name, language) ? name : undefined,
      playbookPain: pain,
      capability: verified ? capability : undefined,
      origin: pair ? pair.origin : 'user',
    });
  });
  // One angle per playbook pain: two rows the analysis matched to the same pain say the same thing.
  const distinct = angles.filter(
    (angle, index) =>
      !angle.playbookPain || angles.findIndex((other) => other.playbookPain?.id === angle.playbookPain?.id) === index,
  );
  return [...distinct, ...fillAngles(distinct, fn, company, language)];
}

/** A sequence needs this many pains to tell a different one in each email that tells one. */
const MIN_ANGLES = 3;

/**
 * Rows the playbook cannot tell (a pain it does not know, on a page it cannot match) leave a
 * sequence short: the function's own pains fill it, those a capability the company has answers
 * first, each said with what that capability does, or with nothing specific when none does.
 */
function fillAngles(angles: Angle[], fn: FunctionPlaybook, company: string, language: WritingLanguage): Angle[] {
  if (angles.length >= MIN_ANGLES) return [];
  const told = new Set(angles.flatMap((angle) => (angle.playbookPain ? [angle.playbookPain.id] : [])));
  const shown = new Set(angles.flatMap((angle) => (angle.capability ? [angle.capability.id] : [])));
  const answeredByShown = (pain: Pain) => pain.answeredBy.some((id) => shown.has(id));
  const candidates = fn.pains
    .filter((pain) => !told.has(pain.id))
    .sort((a, b) => Number(answeredByShown(b)) - Number(answeredByShown(a)));
  return candidates
    .slice(0, MIN_ANGLES - angles.length)
    .map((pain) => playbookAngle(pain, fn, shown, company, language));
}

/** A playbook pain as an angle: said with what a capability the company has does, else claiming nothing. */
export function playbookAngle(
  pain: Pain,
  fn: FunctionPlaybook,
  shown: ReadonlySet<string>,
  company: string,
  language: WritingLanguage,
): Angle {
  const capability = fn.capabilities.find(
    (candidate) => pain.answeredBy.includes(candidate.id) && shown.has(candidate.id),
  );
  return {
    pain: pain.text[language],
    phrase: pain.phrase[language],
    question: pain.question[language],
    level: pain.level,
    value: capability?.value[language].replaceAll('{company}', company),
    name: undefined,
    playbookPain: pain,
    capability,
    origin: 'inferred',
  };
}

/** Words that open a noun phrase without adding to it, per language (dropped from a subject line). */
const LEADING: Record<WritingLanguage, RegExp> = {
  en: /^(?:the|our|your|their|its|a|an|too many|many|most|all|every)\s+/i,
  de: /^(?:der|die|das|den|unsere|unser|ihre|ihr|zu viele|viele|alle|jeder|jede|jedes)\s+/i,
  fr: /^(?:(?:les|le|la|nos|notre|vos|votre|leurs|leur|trop de|beaucoup de|tous les|toutes les)\s+|l['’]\s*)/i,
  es: /^(?:el|la|los|las|nuestros|nuestras|nuestro|nuestra|sus|su|demasiados|demasiadas|muchos|muchas|todos los|todas las)\s+/i,
};
const PRONOUN =
  /^(?:i|we|you|they|it|he|she|this|that|these|those|there|nobody|no one|everyone|someone|everybody|somebody|ich|wir|sie|es|man|das|niemand|jeder|jemand|je|nous|vous|ils|elles|on|ce|personne|chacun|quelqu['’]un|yo|nosotros|ellos|esto|eso|nadie|alguien|todos)$/i;

/**
 * What a phrase before the verb may be that is no subject line: an adverbial that opens a German,
 * French or Spanish sentence ("Bei der letzten Betriebsprüfung hat…", "Cada semana viene…"), or
 * two clauses ("Peak season arrives and nobody can…").
 */
const NOT_A_SUBJECT =
  /^(?:bei|in|im|mit|nach|vor|seit|ob|wenn|als|um|für|am|an|auf|dans|avec|après|avant|depuis|quand|si|chaque|en|con|después|antes|desde|cuando|si|cada|cada vez)\s|\s(?:and|or|und|oder|et|ou|y|o|where|whether|what|how|wo|ob|dass)\s|^\d/i;

/**
 * A subject line from the user's own pain: the noun phrase before its main verb ("Forklift
 * accidents keep happening." → "Forklift accidents"), when it is a short phrase and not a pronoun.
 */
function subjectPhrase(sentence: string, language: WritingLanguage): string | undefined {
  const verbs = finiteVerbs(sentence, language);
  let verb = mainClauseVerbs(sentence, language)[0];
  if (!verb) return undefined;
  // "Pallet moves between docks take too long": an English -s word before another verb is the noun.
  const next = verbs[verbs.indexOf(verb) + 1];
  if (language === 'en' && next && /s$/.test(verb) && !/s$/.test(next)) verb = next;
  const words = sentence.split(/\s+/);
  const at = words.findIndex((word) => word.replace(/[^\p{L}'’-]/gu, '') === verb);
  if (at < 1 || at > 6) return undefined;
  const phrase = words
    .slice(0, at)
    .join(' ')
    .replace(LEADING[language], '')
    .replace(/[,;:]$/, '')
    .replace(TRAILING_ADVERB[language], '');
  if (!phrase || /[,;:()"“”]/.test(phrase) || phrase.split(/\s+/).length > 5 || NOT_A_SUBJECT.test(phrase))
    return undefined;
  // "You pay corporation tax every year…": the reader is no subject line, what they pay is.
  if (PRONOUN.test(phrase))
    return language === 'en' && !MODAL.test(verb) ? objectPhrase(words.slice(at + 1)) : undefined;
  return phrase;
}

/** An adverb between the subject and its verb ("Your last two productions never claimed…"). */
const TRAILING_ADVERB: Record<WritingLanguage, RegExp> = {
  en: /\s+(?:never|still|always|often|rarely|usually|also|just|already|only|sometimes)$/i,
  de: /\s+(?:nie|niemals|immer|noch|oft|selten|meist|auch|schon|nur|dagegen|jedoch|aber|also|doch)$/i,
  // and the object pronoun before a French or Spanish verb ("Los encargados los rellenaron").
  fr: /(?:\s+(?:ne|n['’]|jamais|toujours|souvent|rarement|aussi|déjà|le|la|les|l['’]|se|s['’]|en|y|eux|elles))+$/i,
  es: /(?:\s+(?:no|nunca|siempre|todavía|aún|a menudo|también|ya|solo|lo|la|los|las|le|les|se|me|te|nos))+$/i,
};

/** A verb that governs another verb, not a noun phrase ("Nobody could tell them…"). */
const MODAL = /^(?:can|could|will|would|should|must|may|might|do|does|did|cannot|can't|won't)$/i;

/** Words that end a noun phrase after a verb. */
const ENDS_A_NOUN_PHRASE =
  /^(?:every|each|but|and|or|to|for|in|on|at|of|with|because|until|while|when|by|from|never|still|again|before|after|so|than|that|which|who|all|too|twice|once|is|are|was|were|has|have|had|gets|got)$/i;

/** The noun phrase a verb governs ("…pay corporation tax every year" → "Corporation tax"), short and plain. */
function objectPhrase(after: string[]): string | undefined {
  const taken: string[] = [];
  for (const raw of after) {
    const word = raw.replace(/[.,;:!?]+$/, '');
    // "…find out about overspend": a verb's particle and preposition come before what it governs.
    if (!taken.length && /^(?:the|a|an|your|their|its|our|out|up|off|about|back)$/i.test(word)) continue;
    if (ENDS_A_NOUN_PHRASE.test(word) || !/^[\p{L}-]+$/u.test(word)) break;
    taken.push(word);
    if (taken.length === 3 || word !== raw) break;
  }
  const phrase = taken.join(' ');
  return taken.length && taken.some((word) => word.length >= 4) ? phrase : undefined;
}

/** A capability name can cross languages when it is a name ("Smart Capture"), not a phrase in another language. */
function sameLanguageName(name: string, language: WritingLanguage): boolean {
  const detected = detectLanguage(`${name} ${name}`);
  return !detected || detected === language || /^\p{Lu}/u.test(name);
}

const asStatement = (text: string) => {
  const value = clean(text).replace(/[,;:\s]+$/, '');
  const capitalised = value.charAt(0).toUpperCase() + value.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised.replace(/!$/, '.') : `${capitalised}.`;
};

function typedSaid(typed: string | undefined, language: WritingLanguage): string | undefined {
  // A few words too short to detect still say their language by a function word ("Fruit and
  // vegetables" in a Spanish email reads as pasted; the SDR review of heldout-d: English industry
  // labels inside French sentences).
  if (!typed || (detectLanguage(typed) ?? phraseLanguage(typed) ?? language) !== language) return undefined;
  // German nouns keep their capital; elsewhere a common noun mid-sentence is lower case ("teams in food distribution").
  // A form field's Title Case ("Legal Services") is not a name: each word goes lower case, but an
  // acronym ("SaaS", "HVAC") keeps its capitals.
  if (language === 'de') return typed;
  return typed
    .split(' ')
    .map((word) => (/^\p{Lu}\p{Ll}*(?:-\p{Ll}+)*$/u.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

function industryOf(text: string | undefined, language: WritingLanguage): Industry | undefined {
  if (!text) return undefined;
  const source = playbook();
  const words = wordsOf(text);
  // The head noun decides a tie: "Food distribution" is distribution, "Food retail" is retail.
  const best = bestMatch(
    [...source.industries.values()],
    [
      { text, weight: 1 },
      { text: words.at(-1) ?? '', weight: 0.5 },
    ],
  )?.entry;
  // A word before the head names a kind of it, not the industry: "residential care" is care, not
  // real estate. Unless a phrase of the industry says the head ("real estate"), the user's own
  // words are said instead (frames typedIndustry). French and Spanish put the head first
  // ("fabricantes de muebles", "industrie automobile").
  const heads = new Set(
    (language === 'fr' || language === 'es' ? [words[0], words.at(-1)] : [words.at(-1)]).map((word) =>
      stemOf(word ?? ''),
    ),
  );
  if (
    best &&
    !phrasesIn(text, best.signals).some((phrase) => phrase.split(' ').some((word) => heads.has(stemOf(word))))
  )
    return undefined;
  return best;
}

function proofsOf(
  analysis: SubmittedAnalysis,
  angles: Angle[],
  language: WritingLanguage,
  avoided: (text: string) => boolean,
): Proof[] {
  const proofs: Proof[] = [];
  for (const point of analysis.proofPoints ?? []) {
    const said = sanitise(point.result, 400);
    // A quote with a spam filter's word in one sentence ("…ninguno garantizado. Con Almarjal
    // reservamos…") is quoted by its other sentences, when they still say something on their own.
    const text = point.quote && hasSpamPhrase(said, language) ? withoutSpamSentences(said, language) : said;
    if (!text || avoided(text)) continue;
    // Said as people say it in a sentence: "Hortalizas Carrascoy", not "Hortalizas Carrascoy S.A.T.".
    const customer = point.customer ? withoutLegalForm(sanitise(point.customer, 120)) || undefined : undefined;
    const [person, ...roleParts] = (point.person ? sanitise(point.person, 160) : '').split(/\s*,\s*/);
    const role = roleParts.join(', ') || undefined;
    // Quoted words in another language than the email's read as pasted: only proof in its language.
    if (!inLanguage(text, language, analysis.language)) continue;
    // A customer's "guaranteed" is still a spam filter's word, and a result is said in the writer's
    // own prose, which the sentences check reads: either way the email could never pass its checks.
    if (hasSpamPhrase(text, language) || (!point.quote && proseProblems(text, language).length)) continue;
    if (point.quote && wordCount(text) > 40) continue;
    if (!point.quote && (!customer || wordCount(text) > 35)) continue;
    const angle = angles.findIndex((each) => each.capability && proofNames(point, each));
    const industries = allMatches(playbook().industries.values(), [
      { text: `${customer ?? ''} ${text}`, weight: 1 },
    ]).map(({ entry }) => entry.id);
    proofs.push({
      customer,
      person: person || undefined,
      role,
      quote: point.quote ? text.replace(/^["“„«]+|["”“»]+$/g, '') : undefined,
      result: point.quote ? undefined : text,
      figures: point.figures ?? [],
      angle: angle === -1 ? undefined : angle,
      industries,
    });
  }
  return proofs;
}

/** A quote's sentences without those a spam filter flags; empty when too little is left to quote. */
function withoutSpamSentences(quote: string, language: WritingLanguage): string {
  const kept = sentences(quote.replace(/^["“„«]+|["”“»]+$/g, '')).filter(
    (sentence) => !hasSpamPhrase(sentence, language),
  );
  const text = kept.join(' ');
  return wordCount(text) >= MIN_QUOTED_WORDS ? text : '';
}

/** Fewer words than this, cut from a longer quote, no longer say what the customer meant. */
const MIN_QUOTED_WORDS = 8;

/**
 * Manual Entry's case studies, as the user wrote them: each sentence with a figure, credited to
 * the name it opens with ("Acme Foods cut invoice processing time by 60%."); a quoted passage with
 * the name after its dash. Only in the email's language, as all proof.
 */
function caseStudyProofs(text: string, language: WritingLanguage, assumed: WritingLanguage): Proof[] {
  if (!text) return [];
  // A line too short to tell is taken to be in the language of the rest of the analysis.
  if (!inLanguage(text, language, assumed)) return [];
  const proofs: Proof[] = [];
  for (const sentence of sentences(text)) {
    if (hasSpamPhrase(sentence, language)) continue;
    const quoted =
      /["“„«]([^"”“»]{12,})["”“»]\s*[—–-]\s*(\p{Lu}[^,.]{1,60})(?:,\s*([^,.]{2,60}))?(?:,\s*([^.]{2,60}))?/u.exec(
        sentence,
      );
    if (quoted) {
      const [, words, person, role, customer] = quoted;
      proofs.push({
        customer: customer?.trim(),
        person: person?.trim(),
        role: role?.trim(),
        quote: words?.trim(),
        result: undefined,
        figures: [],
        angle: undefined,
        industries: [],
      });
      continue;
    }
    if (!/\d/.test(sentence) || wordCount(sentence) > 35) continue;
    const name = /^((?:\p{Lu}[\p{L}&'’.-]*)(?:\s+(?:\p{Lu}[\p{L}&'’.-]*|&|of|de|und|y|et)){0,4})\s+\p{Ll}/u.exec(
      sentence,
    )?.[1];
    if (
      !name ||
      /^(We|Our|They|Their|The|A|An|In|With|After|Wir|Unsere|Nous|Notre|Nosotros|Nuestro|El|La|Le|Les|Die|Der|Das)$/.test(
        name,
      )
    )
      continue;
    proofs.push({
      customer: name,
      person: undefined,
      role: undefined,
      quote: undefined,
      result: asStatement(sentence),
      figures: [],
      angle: undefined,
      industries: [],
      own: true,
    });
  }
  return proofs;
}

const proofNames = (point: ProofPoint, angle: Angle) =>
  Boolean(angle.name && point.result.toLowerCase().includes(angle.name.toLowerCase()));

/**
 * The user's context sentence as an email can carry it: as written when it reads as a sentence;
 * "Offering a free assessment…" as "We are also offering a free assessment…" (English); else nothing.
 */
function userSentence(text: string, language: WritingLanguage): string | undefined {
  const gerund = /^(offering|running|hosting|launching|giving|providing|including|introducing)\b/i.exec(text);
  if (language === 'en' && gerund) return `We are also ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  if (readsAsUserSentence(text, language, language)) return text;
  return undefined;
}

/** When something happened, in any of the four languages, as a key of the frames' `when`. */
const WHEN: [RegExp, WhenKey][] = [
  [/\b(yesterday|gestern|hier|ayer)\b/i, 'yesterday'],
  [/\b(this week|earlier this week|diese woche|cette semaine|esta semana)\b/i, 'thisWeek'],
  [/\b(last week|letzte woche|letzten woche|vergangene woche|la semaine dernière|la semana pasada)\b/i, 'lastWeek'],
  [/\b(last month|letzten monat|vergangenen monat|le mois dernier|el mes pasado)\b/i, 'lastMonth'],
];
export type WhenKey = 'yesterday' | 'thisWeek' | 'lastWeek' | 'lastMonth';

/** "Met you at LogiMAT last week" → event LogiMAT, when "lastWeek"; "Anna Weber suggested…" → referrer. */
/**
 * An event's name after "at", "auf der", "au", "en la"…: capitalised words and years, with the small
 * words inside a name ("Festival of Work", "Salon des Entrepreneurs", "Salón de la Logística") kept
 * only when a capitalised word follows them (the SDR review found names cut at their first word).
 */
const NAME_WORD = "\\p{Lu}[\\p{L}\\p{N}&'’-]*";
const NAME_LINK = "(?:of|the|for|and|de|del|des|du|la|le|les|l'|d'|der|die|das|für|und|et|y|el|los|las)";
const EVENT_NAME = new RegExp(
  `\\b(?:at|during|on|auf der|auf dem|bei der|beim|au|à la|lors du|lors de la|en la|en el)\\s+((?:the\\s+)?${NAME_WORD}(?:\\s+(?:${NAME_LINK}\\s*){0,2}(?:${NAME_WORD}|\\d{4}))*)`,
  'u',
);

export function occasionOf(raw: string): {
  event: string | undefined;
  when: WhenKey | undefined;
  referrer: string | undefined;
} {
  const event = EVENT_NAME.exec(raw);
  const when = WHEN.find(([pattern]) => pattern.test(raw))?.[1];
  const referrer =
    /\b(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)\s+(?:suggested|recommended|referred|introduced|told me|empfahl|hat mir empfohlen|m'a conseillé|me recomendó)\b/u.exec(
      raw,
    ) ??
    /\b(?:referred by|introduced by|recommended by|empfohlen von|recommandé par|recomendado por)\s+(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)/u.exec(
      raw,
    );
  const met = /\b(met|meet|saw|spoke|chatted|talked|getroffen|kennengelernt|rencontré|conocimos|vimos)\b/i.test(raw);
  return {
    event: met && event?.[1] ? event[1].replace(/^the\s+/i, '') : undefined,
    when,
    referrer: referrer?.[1],
  };
}

export function buildComposerBrief(input: ComposerInput): ComposerBrief {
  const { analysis, customization, language } = input;
  // A rep says the brand, not the register entry: "Kestrel & Vane Advisory", not "… LLP".
  const company = withoutLegalForm(sanitise(analysis.companyName, 120)) || 'our team';
  const fn = functionOf(analysis);
  const contextText = sanitise(customization.additionalContext, 4000);
  const prospectName =
    customization.targetSpecificCompany === 'yes' && input.prospect
      ? sanitise(input.prospect.companyName, 80) || undefined
      : undefined;
  const read = readContext(contextText, prospectName);
  const prospectHook = prospectName ? hookOf(input.prospect, fn, language) : undefined;
  const avoided = (text: string) => read.avoid.some((term) => text.toLowerCase().includes(term));
  const angles = anglesOf(analysis, fn, company, language);
  const proofs = [
    ...proofsOf(analysis, angles, language, avoided),
    ...caseStudyProofs(sanitise(analysis.caseStudies, 4000), language, analysisLanguage(analysis, language)),
  ];
  const persona =
    customization.persona === 'specific' ? sanitise(customization.specificPersona, 80) || undefined : undefined;
  const typedIndustry =
    customization.industry === 'specific' ? sanitise(customization.specificIndustry, 80) || undefined : undefined;
  // The industry the user typed, else the prospect's own.
  const prospectIndustry =
    prospectName && input.prospect?.industries?.[0]
      ? playbook().industries.get(input.prospect.industries[0])
      : undefined;
  const industry = industryOf(typedIndustry, language) ?? prospectIndustry;
  const seniority =
    customization.persona === 'specific' && customization.seniority ? customization.seniority : undefined;
  const register = registerOf(customization.tone, read.formality);
  const occasion = occasionOf(contextText);
  // The user's own sentences go into emails as written only in the email's language.
  // A short line ("We are at SaaStr next month.") is too little to detect: its function words guess it.
  const contextLanguage = detectLanguage(contextText) ?? guessLanguage(contextText);
  const sameLanguage = (text: string) => inLanguage(text, language, contextLanguage);
  const notices: string[] = [];
  const usable = read.facts
    .filter((fact) => sameLanguage(fact.sentence))
    .flatMap((fact) => {
      const sentence = userSentence(fact.sentence, language);
      return sentence ? [{ ...fact, sentence }] : [];
    });
  const mentions = read.mentions.filter((mention) => sameLanguage(mention.text));
  if (prospectName && input.prospect) {
    const fit = fitOf(
      { companyName: prospectName, industries: input.prospect.industries ?? [] },
      {
        companyName: company,
        function: analysis.classification?.function ?? fn.id,
        industries: analysis.classification?.industries.map((each) => each.industry),
      },
    );
    if (fit && !fit.fits) notices.push(fit.reason);
  }
  if (usable.length < read.facts.length || mentions.length < read.mentions.length) {
    notices.push(
      occasion.event || occasion.referrer
        ? "Your additional context is in another language than the emails: only its event and names were used. Write it in the emails' language to have all of it woven in."
        : "Your additional context is in another language than the emails, so it wasn't pasted in. Write it in the emails' language to have it woven in.",
    );
  }
  const listed = (items: string[] | undefined, max: number, chars: number) =>
    (items ?? [])
      .map((item) => sanitise(item, chars))
      .filter((item) => item && !avoided(item))
      .slice(0, max);
  const manual = {
    differentiators: listed(analysis.keyDifferentiators, 6, 300),
    competitors: avoided('competitor') ? [] : listed(analysis.competitors, 4, 80),
    pricing: avoided('pric') || avoided('cost') ? undefined : sanitise(analysis.pricingModel, 300) || undefined,
    implementation: sanitise(analysis.implementationTime, 200) || undefined,
    roi: sanitise(analysis.roi, 300) || undefined,
    news: sanitise(analysis.recentNews, 600) || undefined,
  };
  const caseStudies = sanitise(analysis.caseStudies, 4000);
  const industryLabel = industry?.label[language];
  const sources = [
    company,
    analysis.companyDescription,
    analysis.targetAudience,
    ...analysis.targetJobTitles,
    ...analysis.customerPains,
    ...analysis.solutions,
    ...(analysis.proofPoints ?? []).flatMap((point) => [point.customer ?? '', point.result, point.person ?? '']),
    ...(analysis.customers ?? []),
    ...manual.differentiators,
    ...manual.competitors,
    manual.pricing ?? '',
    manual.implementation ?? '',
    manual.roi ?? '',
    manual.news ?? '',
    caseStudies,
    contextText,
    prospectName ?? '',
    input.prospect?.companyDescription ?? '',
    // The prospect page's own count ("14 distribution centres") and sentence, which the opener may say.
    input.prospect?.scale ?? '',
    prospectHook ?? '',
  ].filter(Boolean);
  const seed = input.seed ?? seedOf(JSON.stringify([analysis.companyName, analysis.customerPains, customization]));
  return {
    language,
    seed,
    tone: customization.tone,
    register,
    length:
      read.length === 'short' || (register === 'casual' && read.length !== 'long')
        ? 'short'
        : read.length === 'long'
          ? 'long'
          : 'normal',
    fn,
    company,
    offer: offerOf(analysis, company, language),
    angles,
    proofs,
    persona,
    seniority,
    // Not the roles of quoted customers: a held-out SDR review found "<topic> usually sits with
    // you as <role>" false for three of five readers who shared only a quoted customer's role.
    pageBuyers: (analysis.titlesInferred ? [] : analysis.targetJobTitles.map((title) => sanitise(title, 150))).filter(
      Boolean,
    ),
    industry: { industry, typed: typedIndustry, said: industry ? undefined : typedSaid(typedIndustry, language) },
    prospect: prospectName
      ? {
          name: prospectName,
          industries: input.prospect?.industries ?? [],
          // A figure with its unit is the prospect page's words: only in that page's language, and
          // only in English, whose nouns do not change with their case ("an 14 Standorten").
          scale: language === 'en' && input.prospect?.language === language ? input.prospect.scale : undefined,
          hook: prospectHook,
        }
      : undefined,
    context: { ...read, ...occasion },
    manual,
    sender: sanitise(input.sender?.firstName, 40).split(' ')[0] || undefined,
    userLines: {
      events: usable.filter((fact) => fact.kind === 'event').map((fact) => fact.sentence),
      offers: usable.filter((fact) => fact.kind === 'offer').map((fact) => fact.sentence),
      notes: usable.filter((fact) => fact.kind === 'note').map((fact) => fact.sentence),
      mentions: mentions.filter((mention) => mention.form === 'sentence').map((mention) => mention.text),
      mentionPhrases: mentions.filter((mention) => mention.form === 'phrase').map((mention) => mention.text),
    },
    notices,
    checkContext: {
      language,
      sources,
      ...(persona ? { persona } : {}),
      // The industry as the user typed it, and as the emails name it.
      ...(typedIndustry ? { industry: typedIndustry } : industryLabel ? { industry: industryLabel } : {}),
      ...(industry
        ? { industryNames: [industry.label[language], industry.peers[language], industry.in[language]] }
        : {}),
      ...(prospectName ? { prospect: prospectName } : {}),
      caseStudyCustomers: [...new Set(proofs.flatMap((proof) => (proof.customer ? [proof.customer] : [])))],
      proofs: proofs.slice(0, 48).map((proof) => ({
        ...(proof.customer ? { customer: proof.customer } : {}),
        ...(proof.person ? { person: proof.role ? `${proof.person}, ${proof.role}` : proof.person } : {}),
        text: (proof.quote ?? proof.result ?? '').slice(0, 600),
      })),
      pairs: angles.slice(0, 24).map((angle) => ({ pain: angle.pain, solution: angle.value ?? '' })),
    },
  };
}

/**
 * A capability's name that can be said as the product's own ("We call it Dock Audit"): Title Case,
 * a CamelCase or numbered word, or marked ™/®. A descriptive heading in sentence case ("Real-time
 * location visibility") or one plain word ("Security") describes, and "We call it …" would not read.
 */
export function soundsLikeProductName(name: string): boolean {
  if (/[™®]/u.test(name)) return true;
  const words = name.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 4) return false;
  if (words.some((word) => /^\p{Lu}?\p{Ll}+\p{Lu}/u.test(word) || /\p{L}\d|\d\p{L}/u.test(word))) return true;
  if (words.length < 2) return false;
  const minor = /^(?:of|and|for|to|the|by|de|la|le|les|des|du|und|für|von|y|del|el|en|et|à)$/iu;
  return words.every((word, index) => (index > 0 && minor.test(word)) || /^[\p{Lu}\p{N}]/u.test(word));
}

import { normalise, PhraseIndex, phrasePattern, stemOf, wordsOf } from '../../match.ts';
import {
  type FunctionPlaybook,
  GENERAL_FUNCTION,
  type Industry,
  type Playbook,
  playbook,
} from '../../playbook/index.ts';
import type { BlockRole, ReadPage } from '../read/roles.ts';

/**
 * Which business function a company serves, and for which industries, from the words of its page
 * read by role (docs/architecture.md §6): the playbook's signal words of every function are counted
 * in the page's title, hero, headings and cards, weighted by where they appear and by how few
 * functions share them. The function decides which playbook the writers use; its confidence is
 * shown so a user can correct it.
 */

export interface Classification {
  /** A playbook function id; `general-b2b` when no function stands out. */
  function: string;
  /** How clearly the function won, 0–1 (its share of the two best scores, scaled by how much was found). */
  confidence: number;
  /** The next best functions, with their share. */
  alternatives: { function: string; confidence: number }[];
  kind: 'software' | 'services' | 'products';
  /** Industries the page says it serves, best first. */
  industries: { industry: string; confidence: number }[];
}

/** How much a word says by where it stands on the page. */
const ROLE_WEIGHT: Record<BlockRole | 'title', number> = {
  title: 3,
  hero: 3,
  heading: 2,
  feature: 1.5,
  problem: 1.5,
  step: 1,
  audience: 1,
  text: 1,
  story: 0.8,
  spec: 0.7,
  faq: 0.6,
  quote: 0.6,
  stat: 0.6,
  team: 0.3,
  news: 0.3,
  price: 0.3,
  integrations: 0.2,
  attribution: 0.2,
  logos: 0.1,
  cta: 0.2,
  legal: 0,
  nav: 0,
};

/**
 * Where a page says whom it serves: its audience lines above all; a feature's or a spec's words
 * ("pay suppliers by bank transfer") say what the product does, not for which industry.
 */
const INDUSTRY_ROLE_WEIGHT: Record<BlockRole | 'title', number> = {
  ...ROLE_WEIGHT,
  // A heading names a topic ("News from Northgate", "Insurance we accept") more often than the
  // industry served; one that says for whom (FOR_WHOM) counts as an audience line.
  heading: 1,
  audience: 3,
  feature: 0.5,
  step: 0.5,
  spec: 0.2,
  price: 0,
  integrations: 0,
};

const FOR_WHOM = /(?:^|\s)(?:for|serving|serves|trusted by|für|pour|para)\s/iu;

/** Signal words of a function count fully; its capabilities' and pains' words less. */
const SOURCE_WEIGHT = { function: 1, capability: 0.45, pain: 0.35, buyer: 0.6 } as const;
/** Below this score no function is named (the page says too little about what the company does). */
const MIN_SCORE = 4;

interface SignalIndex {
  phrases: PhraseIndex;
  /** Normalised phrase → the functions it points at and how strongly. */
  weights: Map<string, Map<string, number>>;
}

let signalIndex: { source: Playbook; index: SignalIndex } | undefined;
let industryIndex: { source: Playbook; index: SignalIndex } | undefined;

/**
 * A phrase that names an industry ("care providers", "retailers") says whom a company serves, not
 * what it does: a law firm's "we act for manufacturers, retailers and care providers" is no care
 * software. As a function's signal it counts this much.
 */
const INDUSTRY_PHRASE_WEIGHT = 0.3;

/** Phrases by their words' stems: "care provider" and "care providers" are one signal, counted once. */
function stemKeys(): (phrase: string) => string {
  const keys = new Map<string, string>();
  return (phrase) => {
    const words = wordsOf(phrase);
    const stem = words.map(stemOf).join(' ');
    const key = keys.get(stem) ?? words.join(' ');
    keys.set(stem, key);
    return key;
  };
}

function indexOf(source: Playbook): SignalIndex {
  if (signalIndex?.source === source) return signalIndex.index;
  const raw = new Map<string, Map<string, number>>();
  const keyOf = stemKeys();
  const industryPhrases = new Set<string>();
  for (const industry of source.industries.values())
    for (const list of Object.values(industry.signals))
      for (const phrase of list) industryPhrases.add(wordsOf(phrase).map(stemOf).join(' '));
  const add = (phrase: string, fn: string, weight: number) => {
    const key = keyOf(phrase);
    if (!key) return;
    if (industryPhrases.has(wordsOf(phrase).map(stemOf).join(' '))) weight *= INDUSTRY_PHRASE_WEIGHT;
    const byFunction = raw.get(key) ?? new Map<string, number>();
    byFunction.set(fn, Math.max(byFunction.get(fn) ?? 0, weight));
    raw.set(key, byFunction);
  };
  for (const fn of source.functions.values()) {
    if (fn.id === GENERAL_FUNCTION) continue;
    for (const list of Object.values(fn.signals)) for (const phrase of list) add(phrase, fn.id, SOURCE_WEIGHT.function);
    // The function's own name ("warehouse operations") and its buyers' titles ("Warehouse Manager").
    for (const label of Object.values(fn.label)) add(label, fn.id, SOURCE_WEIGHT.function);
    for (const lists of [fn.buyers.above, fn.buyers.below]) {
      for (const list of Object.values(lists)) for (const title of list) add(title, fn.id, SOURCE_WEIGHT.buyer);
    }
    for (const capability of fn.capabilities) {
      for (const list of Object.values(capability.signals))
        for (const phrase of list) add(phrase, fn.id, SOURCE_WEIGHT.capability);
    }
    for (const pain of fn.pains) {
      for (const list of Object.values(pain.signals)) for (const phrase of list) add(phrase, fn.id, SOURCE_WEIGHT.pain);
    }
  }
  const functions = Math.max(1, source.functions.size - 1);
  const weights = new Map<string, Map<string, number>>();
  for (const [phrase, byFunction] of raw) {
    // A word many functions use says little about any one of them; a phrase says more than a word.
    const rarity = Math.log(1 + functions / byFunction.size);
    const length = phrase.includes(' ') ? 1.5 : 1;
    const scaled = new Map([...byFunction].map(([fn, weight]) => [fn, weight * rarity * length]));
    weights.set(phrase, scaled);
  }
  const index = { phrases: new PhraseIndex(weights.keys()), weights };
  signalIndex = { source, index };
  return index;
}

function industriesIndex(source: Playbook): SignalIndex {
  if (industryIndex?.source === source) return industryIndex.index;
  const weights = new Map<string, Map<string, number>>();
  // "retailer" and "retailers" are one phrase to the index (it compares stems): listed both ways,
  // a word would count twice where it is said once.
  const keyOf = stemKeys();
  for (const industry of source.industries.values()) {
    for (const list of Object.values(industry.signals)) {
      for (const phrase of list) {
        const key = keyOf(phrase);
        const byIndustry = weights.get(key) ?? new Map<string, number>();
        byIndustry.set(industry.id, 1);
        weights.set(key, byIndustry);
      }
    }
  }
  const index = { phrases: new PhraseIndex(weights.keys()), weights };
  industryIndex = { source, index };
  return index;
}

/** Weighted texts of a page: its title and description, then every block by its role. */
export interface WeightedText {
  text: string;
  weight: number;
  /** What the text says of the industries served, when not its weight (INDUSTRY_ROLE_WEIGHT). */
  industryWeight?: number;
  /** The page saying what the company is: its title, descriptions and hero (see IDENTITY_SHARE). */
  identity?: boolean;
}

export function weightedTexts(read: ReadPage, head: string[]): WeightedText[] {
  // A paragraph the page repeats (a template's filler, a footer on every card) says it once.
  const seen = new Set<string>();
  const blocks = read.blocks.filter((entry) => {
    const key = normalise(entry.block.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [
    ...head.filter(Boolean).flatMap((text) => whatAndForWhom({ text, weight: ROLE_WEIGHT.title, identity: true })),
    ...blocks.flatMap((entry) => {
      const text: WeightedText = {
        text: entry.block.text,
        weight: ROLE_WEIGHT[entry.role],
        // A heading that says whom the page is for ("Built for retailers and 3PLs") is an audience
        // line; one that only names a topic ("News from Northgate") is not.
        industryWeight:
          entry.role === 'heading' && FOR_WHOM.test(entry.block.text)
            ? INDUSTRY_ROLE_WEIGHT.audience
            : INDUSTRY_ROLE_WEIGHT[entry.role],
      };
      // The hero and the page's main heading say what the company is.
      return entry.role === 'hero' || (entry.block.kind === 'heading' && entry.block.level === 1)
        ? whatAndForWhom({ ...text, identity: true })
        : [text];
    }),
  ];
}

/**
 * The texts of a page read for the industry the company is in rather than those it serves (a
 * prospect: "Chilled ready meals and sauces for UK retailers" is a food maker, not a retailer):
 * where a line that says what the company is turns to its customers, their trade counts
 * AUDIENCE_SHARE, and lines that say what the company is count double.
 */
export function ownIndustryTexts(texts: readonly WeightedText[]): WeightedText[] {
  return texts.flatMap((text) => {
    const industryWeight = (text.industryWeight ?? text.weight) * (text.identity ? 2 : 1);
    const split = atAudience(text.text, SUPPLIED_TO);
    if (!split) return [{ ...text, industryWeight }];
    return [
      { ...text, text: split.what, industryWeight },
      { ...text, text: split.whom, industryWeight: industryWeight * AUDIENCE_SHARE },
    ];
  });
}

/** Where a line that says what a company is turns to whom it serves ("Chartered accountants for production companies"). */
const FOR_AUDIENCE = /\s(?:for|für|pour|para|dédiée?s? aux?)\s/iu;
/** The same, and "to" after a verb of supplying ("supplies own-label ranges to three supermarket chains"). */
const SUPPLIED_TO = new RegExp(
  `${FOR_AUDIENCE.source.slice(0, -3)}|(?:supplying|supplied|supplies|supply|delivering|selling)\\s+(?:\\S+\\s+){0,4}?to|à destination de)\\s`,
  'iu',
);
/** What the words after "for" say of the company's own function: they name its customers' trade. */
const AUDIENCE_SHARE = 0.3;

/** A line cut where it turns to its customers: what the company is, and whom it serves. */
function atAudience(text: string, turn: RegExp): { what: string; whom: string } | undefined {
  const match = turn.exec(text);
  if (!match || match.index < 3) return undefined;
  return { what: text.slice(0, match.index), whom: text.slice(match.index + match[0].length) };
}

/**
 * A line that says what the company is, split where it turns to its customers: "Chartered
 * accountants" says the function, "production companies and creative studios" the industry served
 * (an accountancy for creative studios is not a creative agency).
 */
function whatAndForWhom(text: WeightedText): WeightedText[] {
  const split = atAudience(text.text, FOR_AUDIENCE);
  // "Software for accounts payable teams": when the words before "for" name no function, the
  // function is in what follows.
  if (!split || !indexOf(playbook()).phrases.matches(split.what).length) return [text];
  const industryWeight = text.industryWeight ?? text.weight;
  return [
    { ...text, text: split.what, industryWeight },
    { ...text, text: split.whom, weight: text.weight * AUDIENCE_SHARE, industryWeight },
  ];
}

/** Scores per id: each phrase counts by the square root of its weighted occurrences (a word said ten times is not ten times the evidence). */
function score(
  texts: readonly WeightedText[],
  index: SignalIndex,
  weightOf: (text: WeightedText) => number = (text) => text.weight,
): Map<string, number> {
  const occurrences = new Map<string, number>();
  for (const entry of texts) {
    const { text } = entry;
    const weight = weightOf(entry);
    if (!weight) continue;
    for (const phrase of index.phrases.matches(text)) occurrences.set(phrase, (occurrences.get(phrase) ?? 0) + weight);
  }
  const scores = new Map<string, number>();
  for (const [phrase, total] of occurrences) {
    for (const [id, weight] of index.weights.get(phrase) ?? []) {
      scores.set(id, (scores.get(id) ?? 0) + weight * Math.sqrt(total));
    }
  }
  return scores;
}

const ranked = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/** Reads the playbook and builds the classifier's phrase indexes now (about 1.5 s): see prepareAnalysis. */
export function prepareClassifier(source: Playbook = playbook()): void {
  indexOf(source);
  industriesIndex(source);
}

export function classify(
  texts: readonly WeightedText[],
  source: Playbook = playbook(),
  minScore: number = MIN_SCORE,
): Classification {
  const scores = withIdentity(
    ranked(score(texts, indexOf(source))),
    score(
      texts.filter((text) => text.identity),
      indexOf(source),
    ),
  );
  const [first, second] = scores;
  const top = first?.[1] ?? 0;
  const share = (value: number) => (top ? value / (top + (second?.[1] ?? 0)) : 0);
  // Confidence: the winner's share of the top two, scaled down when little was found at all.
  const strength = Math.min(1, top / (MIN_SCORE * 3));
  const confidence = first && top >= minScore ? round(share(top) * strength) : 0;
  const industryScores = ranked(score(texts, industriesIndex(source), (text) => text.industryWeight ?? text.weight));
  const industryTop = industryScores[0]?.[1] ?? 0;
  return {
    function: first && top >= minScore ? first[0] : GENERAL_FUNCTION,
    confidence,
    alternatives: scores
      .slice(1, 4)
      .map(([fn, value]) => ({ function: fn, confidence: round(share(value) * strength) })),
    kind: kindOf(texts),
    industries: industryScores
      .filter(([, value]) => value >= Math.max(1.5, industryTop * 0.35))
      .slice(0, 3)
      .map(([industry, value]) => ({ industry, confidence: round(Math.min(1, value / 6)) })),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Where the page says what the company is (title, descriptions, hero) it names its own field
 * clearly enough, only functions it names there are candidates: a page's other words also
 * describe its customers' work ("we act for manufacturers and care providers"), and counted over
 * a whole page they outweigh a title that says "employment law". A function needs this share of
 * the best identity score to stay a candidate, and the restriction applies only when the best
 * identity score is at least IDENTITY_MIN (a title that is only a brand says nothing).
 */
const IDENTITY_SHARE = 0.25;
const IDENTITY_MIN = 4;

function withIdentity(scores: [string, number][], identity: Map<string, number>): [string, number][] {
  const best = Math.max(0, ...identity.values());
  if (best < IDENTITY_MIN) return scores;
  const named = (fn: string) => (identity.get(fn) ?? 0) >= best * IDENTITY_SHARE;
  const candidates = scores.filter(([fn]) => named(fn));
  const lead = candidates[0]?.[1] ?? 0;
  // The others stay as alternatives, below the lead: their page-wide score no longer outranks it.
  const others = scores
    .filter(([fn]) => !named(fn))
    .map(([fn, value]): [string, number] => [fn, Math.min(value, lead * 0.9)]);
  return ranked(new Map([...candidates, ...others]));
}

const KIND_CUES = {
  software: phrasePattern([
    'platform',
    'software',
    'saas',
    'app',
    'dashboard',
    'api',
    'integrations',
    'free trial',
    'sign up',
    'log in',
    'cloud',
    'per user',
    'per seat',
    'plattform',
    'anwendung',
    'logiciel',
    'plateforme',
    'application',
    'plataforma',
    'aplicación',
  ]),
  services: phrasePattern([
    'our team',
    'our experts',
    'consultants',
    'consulting',
    'our services',
    'agency',
    'firm',
    'we help',
    'managed',
    'outsourcing',
    'advisors',
    'recruiters',
    'solicitors',
    'lawyers',
    'attorneys',
    'law firm',
    'accountants',
    'we act for',
    'fixed fee',
    'rechtsanwälte',
    'anwälte',
    'avocats',
    'abogados',
    'unser team',
    'beratung',
    'dienstleistung',
    'dienstleistungen',
    'agentur',
    'kanzlei',
    'notre équipe',
    'cabinet',
    'conseil',
    'agence',
    'nuestro equipo',
    'consultoría',
    'agencia',
    'despacho',
    // Trades that sell their work, not a product (the playbook's services functions).
    'freight forwarder',
    'haulier',
    'our fleet',
    'spedition',
    'transitaire',
    'transitario',
    'we place',
    'temporary staff',
    'personaldienstleister',
    'intérim',
    'contract manufacturer',
    'lohnfertigung',
    'sous-traitant',
    'invoice finance',
    'factoring',
    'affacturage',
    // Training providers: people who teach, on the customer's site or in a room.
    'training provider',
    'trainers',
    'our coaches',
    'workshops',
    'programmes',
    'apprenticeship',
    'on your site',
    'schulungsanbieter',
    'trainer',
    'seminare',
    'organisme de formation',
    'formateurs',
    'empresa de formación',
    'formadores',
    // People supplied on contract: a staffing firm's own terms.
    'day rates',
    'contract and permanent',
    'permanent and contract',
  ]),
  products: phrasePattern([
    'our products',
    'sensors',
    'sensoren',
    'capteurs',
    'sensores',
    'battery life',
    'ip67',
    'product range',
    'catalogue',
    'catalog',
    'in stock',
    'order online',
    'datasheet',
    'wholesale',
    'sku',
    'skus',
    'add to cart',
    'request a quote',
    'manufacturer of',
    'produkte',
    'katalog',
    'großhandel',
    'lieferbar',
    'datenblatt',
    'produits',
    'catalogue',
    'grossiste',
    'en stock',
    'productos',
    'catálogo',
    'mayorista',
    'distribuidor',
  ]),
};

function kindOf(texts: readonly WeightedText[]): Classification['kind'] {
  const counts = { software: 0, services: 0, products: 0 };
  for (const { text, weight } of texts) {
    const words = normalise(text);
    for (const kind of ['software', 'services', 'products'] as const) {
      const pattern = KIND_CUES[kind];
      pattern.lastIndex = 0;
      counts[kind] += (words.match(pattern)?.length ?? 0) * weight;
    }
  }
  if (counts.services > counts.software && counts.services >= counts.products) return 'services';
  if (counts.products > counts.software && counts.products > counts.services) return 'products';
  return 'software';
}

export type { FunctionPlaybook, Industry };

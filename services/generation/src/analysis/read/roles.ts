import { detectLanguage, guessLanguage, isSentence } from '@seqgen/checks';
import type { WritingLanguage } from '@seqgen/proto';
import { hasMatch, matchesIn, normalise, phrasePattern } from '../../match.ts';
import { isFigureOnly, sentences } from '../../text.ts';
import type { Block } from '../extraction/content.ts';
import { CTA_PHRASES, PAIN_IMPERATIVES, PIVOT_CUES, PROBLEM_CUES, PROMISE_CUES, WEAK_PROMISE_CUES } from './lexicon.ts';
import { roleOfHeading, type Section, sectionsOf } from './structure.ts';

/**
 * Every block of a page given the role it plays (docs/architecture.md §6: navigation, heading, hero,
 * feature, problem, step, spec, price, integrations, logos, testimonial, story, FAQ, legal), from
 * the section it sits in, the markup around it and its own shape. What the analysis keeps is read
 * from blocks by role: a feature's name is never taken for a pain, a price line never for a solution.
 */

export type BlockRole =
  | 'hero'
  | 'heading'
  | 'feature'
  | 'problem'
  | 'step'
  | 'spec'
  | 'price'
  | 'integrations'
  | 'logos'
  | 'quote'
  | 'attribution'
  | 'story'
  | 'stat'
  | 'faq'
  | 'legal'
  | 'nav'
  | 'cta'
  | 'team'
  | 'news'
  | 'audience'
  | 'text';

export interface ReadBlock {
  block: Block;
  role: BlockRole;
  /** The section it sits in (an index into ReadPage.sections). */
  section: number;
  /** How sure the role is, 0–1: a section's label or the markup say more than the words alone. */
  confidence: number;
  /** For a problem: how strongly its words say something goes wrong today (see problemScore). */
  problem?: number;
}

export interface ReadPage {
  blocks: ReadBlock[];
  sections: Section[];
}

const PROBLEM_PATTERN = phrasePattern(PROBLEM_CUES);
const PROMISE_PATTERN = phrasePattern(PROMISE_CUES);
const WEAK_PROMISES = new Set(WEAK_PROMISE_CUES);
/** The seller speaking of itself: what it does, not the reader's problem. */
const OUR_VOICE = /\b(we|our|us|wir|unser|unsere|nous|notre|nos|nosotros|nuestro|nuestra|nuestros)\b/i;
/**
 * The seller's voice as the subject of a figure ("98 % of our clients stay", "We cut…"), within its
 * first words; further on it is where a finding comes from ("38% of the firms we audit pay twice").
 */
const OUR_VOICE_LEADS =
  /^\s*(?:\S+\s+){0,3}(we|our|us|wir|unser|unsere|nous|notre|nos|nosotros|nuestro|nuestra|nuestros)\b/i;
/** A comparison right after a figure: "5× more expensive…", "3x faster", "40 % weniger". */
const COMPARATIVE =
  /^\s*(?:more|less|fewer|faster|slower|cheaper|higher|lower|better|mehr|weniger|schneller|günstiger|plus|moins|más|menos)\b/iu;

/** Promise words that as often name what is missing ("llega sin la pieza", "ohne Rückmeldung"). */
const NAMES_A_LACK = new Set(['without the', 'keine', 'ohne', 'sans', 'sin']);

/** A figure of what got better: "40 % faster", "3× more", "98 % retention", "saved". */
const COMPARATIVE_GAIN =
  /\b(?:faster|quicker|fewer|less|more|saved|saving|savings|retention|uptime|satisfaction|schneller|weniger|mehr|gespart|plus rapide|moins|économis\p{L}*|más rápido|menos|ahorr\p{L}*)\b/iu;

/** Where a figure comes from: "Source: …", "From the 2025 survey…", "Laut …", "Selon …". */
const SOURCE_LINE = /^\s*(?:source|sources|from the|according to|quelle|laut|selon|d['’]après|fuente|según)\b/iu;

/** A customer's own words: quoted, or in the first person singular or plural. */
const SPOKEN =
  /^["“„«‘]|(?:^|[^\p{L}'’])(?:i|i'm|i've|i'd|we|we're|we've|our|us|my|me|ich|wir|unser\p{L}*|mein\p{L}*|uns|je|j['’]|nous|notre|nos|mon|ma|mes|yo|nosotros|nuestr\p{L}*|mis?)(?![\p{L}'’])/iu;
const PIVOT_PATTERN = phrasePattern(PIVOT_CUES, 'u');
const IMPERATIVE_PATTERN = phrasePattern(PAIN_IMPERATIVES, 'u');
const CTA_PATTERN = phrasePattern(CTA_PHRASES, 'u');
/** An invitation in a sentence ("If this sounds like your team, we should talk."): a call to action, however long. */
const INVITATION = phrasePattern(CTA_PHRASES.slice(0, 9), 'u');

/** Cues that on their own say little ("still", "every week"): they need company. */
const WEAK_CUES = new Set([
  'one by one',
  'einzeln',
  'un par un',
  'uno por uno',
  'weeks after',
  'months after',
  'wochen später',
  'semaines après',
  'semanas después',
  'still',
  'encore',
  'toujours',
  'todavía',
  'aún',
  'every week',
  'every month',
  'wait',
  'waiting',
  'waits',
  'keeps',
  'late',
  'slow',
  'hidden',
  'paper',
  'papier',
  'papel',
  'excel',
  'tarde',
  'suchen',
  'warten',
  'wartet',
  'attendre',
  'attente',
  'esperar',
  'espera',
  'lost',
  'kostet',
  'coûte',
  'cuesta',
  'surprise',
  'surprises',
  'weeks of',
  'hours of',
  'difficult',
  'risky',
  'unnecessary',
  'dauert',
  'dauern',
  'wochen',
  'kaum',
  'schwierig',
  'risiko',
  'des semaines',
  'des heures',
  'difficile',
  'compliqué',
  'risque',
  'semanas',
  'difícil',
  'complicado',
  'riesgo',
  'lento',
]);

/**
 * How strongly a text says something goes wrong for the reader today: strong cues count 2, weak
 * ones 1 (at most 4 in all), a promise takes 2 away ("no more spreadsheets" names a problem only to
 * say it is gone), and "Tired of…?" / "Stop…" keep their problem (they state it, then promise).
 */
export function problemScore(text: string): number {
  const known = problemScores.get(text);
  if (known !== undefined) return known;
  const score = scoreProblem(text);
  // The same block is scored by its role, its paragraph and its pains: remember the last few thousand.
  if (problemScores.size >= 4096) problemScores.clear();
  problemScores.set(text, score);
  return score;
}

const problemScores = new Map<string, number>();

/** A figure said to be too low: "only 65 %", "nur 65 bis 75 %", "à peine la moitié", "apenas un 20 %". */
const ONLY_A_FIGURE =
  /(?:^|[^\p{L}])(?:only|just|barely|nur|lediglich|kaum|seulement|à peine|solo|sólo|apenas)\s+(?:\d|half|one in|die hälfte|la moitié|la mitad|un[oa]? de cada)/iu;

/** German separable verbs the phrase list cannot hold: "legt den Betrieb zwei Tage still / lahm". */
const BRINGS_TO_A_STOP = /(?:^|[^\p{L}])(?:legt|legen|steht|stehen)\s(?:[^!?]{0,60}\s)?(?:still|lahm)(?:[^\p{L}]|$)/iu;

/**
 * Something never done that should have been: "never executed", "never know how much", "nie
 * geprüft", "jamais vérifié", "nunca revisado". (A promise says "never again", "never miss": those
 * are promise cues and take the point back.)
 */
const NEVER_DONE =
  /(?:^|[^\p{L}])(?:never (?:been |got |get |gets )?(?:\p{L}+(?:ed|en|wn)|knows?|see|sees|hear|hears|found|got|made|paid|sent|heard|told|kept|built|done|seen|known|run|read|left|met|set|put|won|caught|taught|thought)|(?:nie|niemals) (?:ge\p{L}+(?:t|en))|jamais (?:été )?\p{L}+(?:é|ée|és|ées|is|u|us)|nunca (?:se |lo |la |los |las )?(?!más)\p{L}+)(?:[^\p{L}]|$)/iu;

/**
 * Something that does not happen as it should, where the negation wraps or precedes the verb:
 * "ne se présente pas", "ne répond pas" (not "n'avez plus à", the promise that the reader no longer
 * has to); "no aparece", "no llega" in a Spanish sentence (English "no idea", "no surprise" are nouns;
 * the checks' function words tell the languages apart).
 */
const DOES_NOT_HAPPEN_FR =
  /(?:^|[^\p{L}])(?:ne|n['’])\s?(?:se |s['’])?\p{L}+ (?:pas|jamais|plus)(?! [aà]\s)(?:[^\p{L}]|$)/iu;
const DOES_NOT_HAPPEN_ES =
  /(?:^|[^\p{L}])no (?:se |le |lo |la |les )?\p{L}+(?:a|an|e|en|ó|ió|aron|ieron)(?:[^\p{L}]|$)/iu;
const doesNotHappen = (words: string) =>
  DOES_NOT_HAPPEN_FR.test(words) || (DOES_NOT_HAPPEN_ES.test(words) && guessLanguage(words) === 'es');

function scoreProblem(text: string): number {
  const words = normalise(text);
  let score =
    (ONLY_A_FIGURE.test(words) ? 1 : 0) +
    (BRINGS_TO_A_STOP.test(words) ? 2 : 0) +
    (NEVER_DONE.test(words) ? 1 : 0) +
    (doesNotHappen(words) ? 1 : 0);
  for (const cue of matchesIn(words, PROBLEM_PATTERN)) score += WEAK_CUES.has(cue) ? 1 : 2;
  score = Math.min(score, 4);
  if (score === 0) return 0;
  const imperative =
    hasMatch(words, IMPERATIVE_PATTERN) &&
    /^(stop|tired|done|sick|schluss|genug|fini|marre|assez|basta|cansado|harto)\b/.test(words);
  if (!imperative && hasMatch(words, PROMISE_PATTERN)) {
    // "without the", "sans", "keine": words a complaint uses too take one point, a real promise two.
    const weak = matchesIn(words, PROMISE_PATTERN).every((cue) => WEAK_PROMISES.has(cue));
    score -= weak ? 1 : 2;
  }
  if (/\?$/.test(words) && score > 0) score += 1;
  return Math.max(0, score);
}

/** A paragraph's problem score: its strongest sentence, plus one when two or more sentences complain. */
function strongestSentence(text: string): number {
  const scores = text
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .map(problemScore)
    .filter((score) => score > 0);
  if (!scores.length) return 0;
  return Math.min(5, Math.max(...scores) + (scores.length >= 2 ? 1 : 0));
}

const PRICE =
  /(?:[$€£¥]\s?\d|\d(?:[.,]\d+)?\s?(?:€|eur|usd|\$|chf|£)\b)|(?:\/\s?(?:mo|month|yr|year|user|seat|monat|mois|mes)\b)|(?:\b(?:per|pro|par|por)\s+(?:month|user|seat|year|monat|nutzer|mois|utilisateur|mes|usuario)\b)/i;
/** A datasheet line: "Weight: 2.4 kg", a value with a unit, a revision or version, a certification mark. */
const SPEC_LINE =
  /^[\p{Lu}\p{L}][\p{L} ()/.-]{1,40}:\s*[\d<>±~≤≥-]|\b\d+(?:[.,]\d+)?\s?(?:mm|cm|kg|g|v|vdc|vac|w|kw|ma|mah|hz|khz|mhz|ghz|°c|°f|bar|psi|db|dba|lm|nm|gb|tb|mb|ms|rpm)\b|\brev\.\s?[a-z0-9]{1,3}\b|\brevision\s[a-z0-9]{1,3}\b|\bv\d+(?:\.\d+)+\b|\b(?:ip6[5-9]|iso\s?\d{3,5}|rohs|atex)\b/iu;
/** Marks written in capitals only ("CE", "UL"): in lower case they are words ("ce" in French). */
const SPEC_MARK = /\b(?:CE|UL|FCC|IP\d\d)\b/u;
/** A datasheet line is short; a paragraph that mentions a version or a unit is prose. */
const SPEC_MAX_WORDS = 25;

const SECTION_BLOCK_ROLE: Partial<Record<Section['kind'], BlockRole>> = {
  hero: 'hero',
  features: 'feature',
  steps: 'step',
  pricing: 'price',
  faq: 'faq',
  stories: 'story',
  integrations: 'integrations',
  logos: 'logos',
  specs: 'spec',
  team: 'team',
  stats: 'stat',
  news: 'news',
  legal: 'legal',
  cta: 'cta',
  audience: 'audience',
};

/** Problem score from which a block in no problem section counts as one. */
const PROBLEM_ALONE = 3;
/** In a section labelled as problems, a little says enough. */
const PROBLEM_IN_SECTION = 1;

/** `language`: the page's own (its lang attribute, read by pageLanguage), else told from its words. */
export function readPage(blocks: readonly Block[], pageLanguage?: WritingLanguage): ReadPage {
  const sections = sectionsOf(blocks);
  const read: ReadBlock[] = blocks.map((block) => ({ block, role: 'text', section: 0, confidence: 0.3 }));
  // The page's language, for the grammar: one short sentence is too little to tell.
  const language =
    pageLanguage ??
    detectLanguage(
      blocks
        .slice(0, 120)
        .map((block) => block.text)
        .join(' '),
    ) ??
    'en';
  for (const section of sections) {
    if (section.kind === 'other' && asksWhyItGoesWrong(blocks, section)) section.kind = 'problems';
    for (const index of section.blocks) {
      const entry = read[index] as ReadBlock;
      entry.section = section.id;
      Object.assign(
        entry,
        roleOf(entry.block, section, index === section.heading || index === section.eyebrow, language),
      );
    }
  }
  for (const section of sections) {
    offeringCards(section, read);
    problemCards(section, read);
    answersAmongProblems(section, read);
    problemRun(section, read);
    comparisonTable(section, read);
    comparisonLists(section, read);
    alternatingComparison(blocks, section, read);
  }
  return { blocks: read, sections };
}

/** A heading that asks why something goes wrong: "Why schema changes still take sites down". */
const WHY = /^(?:why|warum|wieso|weshalb|pourquoi|por qué|porque)\s/iu;

/**
 * A section under "Why <it still goes wrong>" lists the reasons, which are the problems. Not "Why
 * <Brand>" or "Why choose us" (the seller's reasons), nor a question the seller answers for itself.
 */
function asksWhyItGoesWrong(blocks: readonly Block[], section: Section): boolean {
  const heading = section.heading === undefined ? undefined : blocks[section.heading];
  if (!heading || !WHY.test(heading.text) || OUR_VOICE.test(heading.text)) return false;
  return problemScore(heading.text) >= 1;
}

/** Column headings of a before/after table: the side that is the problem, and the side that answers it. */
const BEFORE_COLUMN =
  /^(?:without|before|the old way|today|ohne|vorher|bisher|heute|sans|avant|aujourd['’]hui|sin|antes|hoy)\b/i;
const AFTER_COLUMN = /^(?:with|after|the new way|mit|nachher|avec|après|con|después)\b/i;

/**
 * A before/after table ("Ohne Preisfeld | Mit Preisfeld", a row per topic): each row's cell in the
 * "without" column is a problem the page states, the cell in the "with" column its answer.
 */
function comparisonTable(section: Section, read: ReadBlock[]): void {
  const cells = section.blocks.filter((index) => read[index]?.block.kind === 'cell');
  const header = cells.filter((index) => !read[index]?.block.item);
  const before = header.findIndex((index) => BEFORE_COLUMN.test(read[index]?.block.text ?? ''));
  const after = header.findIndex((index) => AFTER_COLUMN.test(read[index]?.block.text ?? ''));
  if (before === -1 || after === -1) return;
  const rows = new Map<string, number[]>();
  for (const index of cells) {
    const item = read[index]?.block.item;
    if (!item) continue;
    const key = `${item.list}:${item.index}`;
    rows.set(key, [...(rows.get(key) ?? []), index]);
  }
  for (const row of rows.values()) {
    // Rows may open with a label cell the header leaves empty: columns are counted from the right.
    const offset = row.length - header.length;
    if (offset < 0) continue;
    const problem = read[row[offset + before] as number];
    const answer = read[row[offset + after] as number];
    // The row's label ("Paperwork") names the topic; the "before" cell says the problem.
    for (const label of row.slice(0, offset)) {
      const entry = read[label];
      if (entry) Object.assign(entry, { role: 'heading', confidence: 0.7, problem: undefined });
    }
    if (problem)
      Object.assign(problem, {
        role: 'problem',
        confidence: 0.85,
        problem: Math.max(1, problemScore(problem.block.text)),
      });
    if (answer) Object.assign(answer, { role: 'feature', confidence: 0.6 });
  }
}

/** A heading that promises both sides: "Before and after Horalba", "Vorher / nachher", "Antes y después". */
const BEFORE_AND_AFTER =
  /\b(?:before (?:and|&|vs\.?|\/) after|then (?:and|&|vs\.?) now|vorher (?:und|\/|-) nachher|früher (?:und|vs\.?) heute|avant (?:et|\/) après|antes y después|antes (?:vs\.?|\/) después)\b/iu;

/**
 * Paragraphs under "Before and after <X>" with no column labels: they alternate, the situation
 * before, then the same thing after ("El cuadrante se hace en Excel el domingo…" | "Cuadrantes en
 * la app…"). The run up to the section's first card heading is read in pairs; each "before" that
 * complains more than its "after" is a problem, the "after" its answer.
 */
function alternatingComparison(blocks: readonly Block[], section: Section, read: ReadBlock[]): void {
  const heading = section.heading === undefined ? undefined : blocks[section.heading];
  if (!heading || !BEFORE_AND_AFTER.test(heading.text)) return;
  const run: number[] = [];
  for (const index of section.blocks) {
    if (index === section.heading || index === section.eyebrow) continue;
    const entry = read[index] as ReadBlock;
    if (entry.block.kind === 'heading' || !['text', 'feature', 'problem'].includes(entry.role)) break;
    run.push(index);
  }
  if (run.length < 2) return;
  for (let at = 0; at + 1 < run.length; at += 2) {
    const before = read[run[at] as number] as ReadBlock;
    const after = read[run[at + 1] as number] as ReadBlock;
    const said = strongestSentence(before.block.text);
    if (said < strongestSentence(after.block.text) || OUR_VOICE.test(before.block.text)) continue;
    Object.assign(before, { role: 'problem', confidence: 0.8, problem: Math.max(1, said) });
    Object.assign(after, { role: 'feature', confidence: 0.6, problem: undefined });
  }
}

/**
 * One paragraph that says both sides ("Hoy: cada subcontrata manda su documentación por correo…
 * Con Tablestaca: portal de subcontratas…", "Before: … After: …"): the problem and its answer.
 */
export function inlineComparison(text: string): { problem: string; answer: string } | undefined {
  const match = INLINE_COMPARISON.exec(text.trim());
  if (!match) return undefined;
  const [, problem, answer] = match;
  if (!problem || !answer || problem.split(/\s+/).length < 4) return undefined;
  const capitalised = (side: string) => side.trim().replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
  return { problem: capitalised(problem), answer: capitalised(answer) };
}
const INLINE_COMPARISON = new RegExp(
  `^(?:${BEFORE_COLUMN.source.slice(1)})[^:.!?]{0,30}:\\s*(.+?[.!?])\\s+(?:${AFTER_COLUMN.source.slice(1)})[^:.!?]{0,30}:\\s*(.+)$`,
  'iu',
);

/** A before/after label alone on its line ("Before", "Without Orrisdale", "Vorher"), at most four words. */
const isColumnLabel = (text: string, column: RegExp) => {
  const label = text.trim().replace(/[:.]$/, '');
  return label.split(/\s+/).length <= 4 && column.test(label) && !/[,;.!?]/.test(label);
};
/** How many blocks a before/after list may run: more is not one comparison. */
const MAX_COMPARED = 10;

/**
 * A before/after pair of lists laid out in plain blocks (site-builder cards: "Before", four
 * sentences, "After", four sentences): what the "before" side says is a problem the page states,
 * the "after" side its answers. Without this the sentences read as feature copy and the page's own
 * problems were lost (the tuning set's outsourced-billing site).
 */
function comparisonLists(section: Section, read: ReadBlock[]): void {
  const blocks = section.blocks;
  for (const index of blocks) {
    const entry = read[index] as ReadBlock;
    if (!['text', 'feature', 'problem', 'hero', 'story'].includes(entry.role)) continue;
    const compared = inlineComparison(entry.block.text);
    if (compared)
      Object.assign(entry, {
        role: 'problem',
        confidence: 0.85,
        problem: Math.max(1, strongestSentence(compared.problem)),
      });
  }
  for (const [position, index] of blocks.entries()) {
    if (!isColumnLabel(read[index]?.block.text ?? '', BEFORE_COLUMN)) continue;
    const afterAt = blocks.findIndex(
      (other, at) =>
        at > position + 1 &&
        at <= position + 1 + MAX_COMPARED &&
        isColumnLabel(read[other]?.block.text ?? '', AFTER_COLUMN),
    );
    if (afterAt === -1) continue;
    const before = blocks.slice(position + 1, afterAt);
    const after = blocks.slice(afterAt + 1, afterAt + 1 + before.length);
    const plain = (at: number) => ['text', 'feature', 'problem', 'hero', 'story'].includes(read[at]?.role ?? '');
    if (!before.every(plain)) continue;
    for (const label of [index, blocks[afterAt] as number]) {
      Object.assign(read[label] as ReadBlock, { role: 'heading', confidence: 0.7, problem: undefined });
    }
    for (const at of before) {
      const entry = read[at] as ReadBlock;
      Object.assign(entry, {
        role: 'problem',
        confidence: 0.85,
        problem: Math.max(1, strongestSentence(entry.block.text)),
      });
    }
    for (const at of after) if (plain(at)) Object.assign(read[at] as ReadBlock, { role: 'feature', confidence: 0.6 });
  }
}

/**
 * Cards or tabs labelled as problems inside a section about something else ("Un outil, trois
 * métiers": "Le constat" / "Avec Servalis", three times over): what a "Le constat" card says is a
 * problem the page states, however mildly it words it.
 */
function problemCards(section: Section, read: ReadBlock[]): void {
  if (section.kind === 'problems') return;
  for (const card of section.cards) {
    if (card.heading === undefined || card.heading === section.heading) continue;
    const heading = read[card.heading];
    // A label ("Le constat", "The problem", "Before"), not a claim that happens to hold a label's
    // word ("Never pay before it ships").
    if (!heading || heading.block.text.split(' ').length > 4 || roleOfHeading(heading.block.text) !== 'problems')
      continue;
    // Its text runs to the next heading ("Avec Servalis" and the answer under it are not part of it).
    const after = card.blocks.filter((index) => index > (card.heading as number));
    const next = after.find((index) => read[index]?.block.kind === 'heading');
    for (const index of after) {
      if (next !== undefined && index >= next) break;
      const entry = read[index];
      if (!entry || !['text', 'feature', 'problem', 'hero', 'story'].includes(entry.role)) continue;
      const score = strongestSentence(entry.block.text);
      Object.assign(entry, { role: 'problem', confidence: 0.85, problem: Math.max(1, score) });
    }
  }
}

/**
 * Feature cards that follow the complaints under the same problem heading ("Why teams come to us":
 * four complaints, then "Unlimited helpdesk" — "answered by our own engineers…"): a card whose
 * heading complains of nothing and whose text is the seller at work is an answer, not a problem.
 */
function answersAmongProblems(section: Section, read: ReadBlock[]): void {
  if (section.kind !== 'problems') return;
  const cards = section.cards.flatMap((card) => {
    const heading = card.heading === undefined ? undefined : read[card.heading];
    if (!heading || card.heading === section.heading || problemScore(heading.block.text) > 0) return [];
    const body = card.blocks.filter((index) => index !== card.heading).map((index) => read[index] as ReadBlock);
    if (!body.length || body.some((entry) => strongestSentence(entry.block.text) >= 2)) return [];
    return [{ heading, body, voiced: body.every((entry) => OUR_VOICE.test(entry.block.text)) }];
  });
  // Most of them in the seller's voice: the run of cards is the offer (a card or two may list
  // what is included without a "we": "Endpoint detection, MFA everywhere, monthly patching").
  const voiced = cards.filter((card) => card.voiced).length;
  // Or the section states its problems as plain items first, then lays out headed cards that
  // complain of nothing at all ("Equipo fijo en su centro" — "Las mismas personas cada día…").
  const inCards = new Set(section.cards.flatMap((card) => (card.heading === undefined ? [] : card.blocks)));
  const plainComplaints = section.blocks.filter(
    (index) => !inCards.has(index) && read[index]?.role === 'problem' && index !== section.heading,
  ).length;
  const silent = cards.filter((card) => card.body.every((entry) => strongestSentence(entry.block.text) === 0));
  const offer =
    voiced >= 2 && voiced * 2 >= cards.length ? cards : plainComplaints >= 2 && silent.length >= 2 ? silent : [];
  for (const { heading, body } of offer) {
    Object.assign(heading, { role: 'heading', confidence: 0.5, problem: undefined });
    for (const entry of body) Object.assign(entry, { role: 'feature', confidence: 0.5, problem: undefined });
  }
}

/** Prose blocks a section needs before its complaints say it is about problems. */
const PROBLEM_RUN_MIN = 2;

/**
 * A section whose heading the lexicon does not know ("A familiar week", "The old way") but whose
 * prose mostly complains — two blocks or more, most of them with a problem cue, none promising —
 * is a problem section: its complaining blocks are the page's stated pains.
 */
function problemRun(section: Section, read: ReadBlock[]): void {
  if (section.kind !== 'other') return;
  const prose = section.blocks
    .map((index) => read[index])
    .filter(
      (entry): entry is ReadBlock =>
        !!entry &&
        entry.role !== 'heading' &&
        (entry.role === 'text' || entry.role === 'feature' || entry.role === 'problem'),
    );
  if (prose.length < PROBLEM_RUN_MIN) return;
  const scored = prose.map((entry) => ({
    entry,
    score: entry.block.lead
      ? problemScore(entry.block.lead) || problemScore(entry.block.text)
      : strongestSentence(entry.block.text),
    promises: hasMatch(normalise(entry.block.lead ?? entry.block.text), PROMISE_PATTERN),
  }));
  const complaining = scored.filter(({ score, promises }) => score >= 2 && !promises);
  if (complaining.length < PROBLEM_RUN_MIN || complaining.length * 3 < prose.length * 2) return;
  for (const { entry, score } of complaining) {
    entry.role = 'problem';
    entry.problem = score;
    entry.confidence = 0.6;
  }
}

/**
 * Cards under a heading the lexicon does not know ("Mehr als Lieferung"), two or more of them each
 * with its own heading and prose: what the company offers, one capability a card — unless their
 * words already gave them another role (a problem, a quote, a price, a person's details).
 */
function offeringCards(section: Section, read: ReadBlock[]): void {
  // Also under the hero's heading, where a page without section headings lays out what it sells
  // as headed cards ("First-Line Manager Programme" | "Four days over eight weeks…").
  const hero = section.kind === 'hero';
  if (section.kind !== 'other' && !hero) return;
  const headed = section.cards.filter(
    (card) =>
      card.heading !== undefined &&
      card.blocks.some((index) => index !== card.heading && read[index]?.block.kind === 'p'),
  );
  if (headed.length < 2) return;
  for (const card of headed) {
    for (const index of card.blocks) {
      const entry = read[index];
      if (!entry || index === card.heading || entry.role !== (hero ? 'hero' : 'text') || entry.block.kind !== 'p')
        continue;
      if ((entry.block.hints ?? []).some((hint) => hint === 'person' || hint === 'team' || hint === 'author')) continue;
      entry.role = 'feature';
      entry.confidence = 0.45;
    }
  }
}

function roleOf(
  block: Block,
  section: Section,
  labelsSection: boolean,
  language: WritingLanguage,
): Pick<ReadBlock, 'role' | 'confidence' | 'problem'> {
  const hints = block.hints ?? [];
  const text = block.text;
  const words = normalise(text);
  if (block.attribution) return { role: 'attribution', confidence: 0.9 };
  if (hints.includes('cookie') || section.kind === 'legal') return { role: 'legal', confidence: 0.9 };
  if (hints.includes('nav')) return { role: 'nav', confidence: 0.8 };
  if (
    hints.includes('footer') &&
    !hints.some((hint) => hint === 'quote' || hint === 'testimonial' || hint === 'author')
  ) {
    return { role: 'legal', confidence: 0.7 };
  }
  if (labelsSection) return { role: 'heading', confidence: 0.9 };
  // A paragraph that is a quotation with its byline after a dash ("“…” — Luis Moreno, Head of Logistics").
  const quotedWithByline = /^["“„«‘].{12,}["”»“’]\s*[—–-]\s*\p{Lu}/u.test(text);
  // A testimonial carousel under any heading ("Ils nous font confiance"): its words are quotes and
  // its short name lines bylines, whatever the section is called.
  const quoted = hints.includes('quote') || hints.includes('testimonial');
  if (quoted && !labelsSection && looksLikeByline(text)) return { role: 'attribution', confidence: 0.6 };
  if (block.kind === 'quote' || quotedWithByline || (quoted && block.text.split(' ').length >= 6)) {
    return { role: 'quote', confidence: block.kind === 'quote' ? 0.9 : 0.7 };
  }
  if (text.split(' ').length <= 6 && hasMatch(words, CTA_PATTERN)) return { role: 'cta', confidence: 0.8 };
  if (text.split(' ').length <= 18 && hasMatch(words, INVITATION)) return { role: 'cta', confidence: 0.7 };
  if (
    section.kind === 'testimonials' &&
    (hints.includes('author') || hints.includes('name') || hints.includes('role') || looksLikeByline(text))
  ) {
    return { role: 'attribution', confidence: 0.6 };
  }
  if (PRICE.test(text) && (section.kind === 'pricing' || text.split(' ').length <= 14))
    return { role: 'price', confidence: 0.8 };
  const specLine = text.split(' ').length <= SPEC_MAX_WORDS && (SPEC_LINE.test(text) || SPEC_MARK.test(text));
  if (block.kind === 'cell' || block.kind === 'dt' || block.kind === 'dd' || hints.includes('spec') || specLine) {
    if (section.kind !== 'problems') return { role: 'spec', confidence: section.kind === 'specs' ? 0.9 : 0.6 };
  }
  // "<strong>5×</strong> more expensive to win a customer than to keep one": a figure led, a stat.
  // (Unless the words complain of the reader's teams: "43% of teams drop logs, then can't debug the
  // incident" states a pain; "5× more expensive to win a customer than keep one" is a market fact.)
  // Among a section's problems, a figure about the reader's own kind of company is one of them
  // ("43% of the practices we audit have a former employee who can still log in").
  if (
    block.lead &&
    isFigureOnly(block.lead) &&
    ((section.kind !== 'problems' && strongestSentence(text) < 2) || COMPARATIVE.test(text.slice(block.lead.length)))
  )
    return { role: 'stat', confidence: 0.7 };
  const score = block.lead ? problemScore(block.lead) || problemScore(text) : strongestSentence(text);
  if (section.kind === 'problems' || hints.includes('problem')) {
    if (hasMatch(words, PIVOT_PATTERN)) return { role: 'text', confidence: 0.6 };
    // A figure the markup calls a stat, among the problems: the problem in numbers ("71 min to find
    // the root cause when logs and traces live apart"), less sure than a sentence that says it; a
    // figure that promises ("98 % of clients stay") is the seller's stat.
    if (hints.includes('stat') && score < 2) {
      if (
        hasMatch(words, PROMISE_PATTERN) ||
        OUR_VOICE_LEADS.test(text) ||
        COMPARATIVE_GAIN.test(text) ||
        SOURCE_LINE.test(text)
      )
        return { role: 'stat', confidence: 0.6 };
      return { role: 'problem', confidence: 0.8, problem: Math.max(1, score) };
    }
    // A card the markup calls a feature needs a real complaint to be a problem ("Fixed account
    // pricing… no surprise increases" is the answer, laid out beside the problems).
    const featureCard = hints.includes('feature') && !hints.includes('problem');
    if (featureCard ? score >= 2 : score >= PROBLEM_IN_SECTION)
      return { role: 'problem', confidence: 0.85, problem: score };
    // No complaint word: a question or a statement about the reader's day still is one; a
    // promise, or a feature's name or description, is not.
    const says = /\?\s*$/.test(text) || (isSentence(text, detectLanguage(text) ?? language) && !OUR_VOICE.test(text));
    // "sin", "ohne", "sans" name a lack as often as they promise one ("llega sin la pieza"): only a
    // real promise makes the line the answer.
    const promises = matchesIn(words, PROMISE_PATTERN).some((cue) => !NAMES_A_LACK.has(cue));
    if (!featureCard && !promises && (block.kind === 'heading' || says))
      return { role: 'problem', confidence: 0.85, problem: score };
    return { role: featureCard || promises ? 'feature' : 'text', confidence: 0.5 };
  }
  if (hints.includes('stat') && section.kind !== 'stories') return { role: 'stat', confidence: 0.7 };
  // An FAQ's question that first says what goes wrong, in the asker's words ("We pay corporation
  // tax every year but never know how much until the accounts are done. Is that normal?", "En
  // plena campaña, el camión que confirmé el lunes no aparece el jueves. ¿Con ustedes también
  // pasa?"): the worry clients bring.
  if (section.kind === 'faq' && /\?\s*$/.test(text)) {
    const told = statementsBeforeTheQuestion(text);
    if (told && problemScore(told) >= 1) return { role: 'problem', confidence: 0.8, problem: problemScore(told) };
  }
  const fixed = SECTION_BLOCK_ROLE[section.kind];
  if (section.kind === 'hero' && score >= PROBLEM_ALONE) return { role: 'problem', confidence: 0.6, problem: score };
  if (fixed) return { role: fixed, confidence: 0.75 };
  // In a section of testimonials, what a customer says is in the first person ("we won the
  // framework"); the case told about them ("Patchgrove rolled out MFA…") is their story, and a line
  // that speaks to the reader ("Want results like these?") neither.
  if (section.kind === 'testimonials') {
    if (block.kind === 'heading') return { role: 'heading', confidence: 0.5 };
    if (SPOKEN.test(text)) return { role: 'quote', confidence: 0.5 };
    return { role: /\d/.test(text) && text.split(' ').length >= 12 ? 'story' : 'text', confidence: 0.45 };
  }
  if (score >= PROBLEM_ALONE) return { role: 'problem', confidence: 0.6, problem: score };
  if (hints.includes('feature') || hints.includes('card') || block.lead) return { role: 'feature', confidence: 0.55 };
  if (hints.includes('stat')) return { role: 'stat', confidence: 0.6 };
  if (block.kind === 'heading') return { role: 'heading', confidence: 0.5 };
  return { role: 'text', confidence: 0.4 };
}

/** What a question block says before it asks: "Our audits never found it." of "Our audits never found it. Is it too late?" */
function statementsBeforeTheQuestion(text: string): string | undefined {
  const told = sentences(text)
    .filter((sentence) => !/[?¿]/.test(sentence))
    .join(' ');
  return told || undefined;
}

/** "Maria Lopez, VP Finance, Arcadia Foods" / "— Jan Weber": a name, a role and a company, short. */
function looksLikeByline(text: string): boolean {
  const words = text.split(' ');
  if (words.length > 14 || /[.!?]$/.test(text)) return false;
  return (
    /^[—–~-]?\s*\p{Lu}[\p{L}'’.-]+\s+\p{Lu}[\p{L}'’.-]+/u.test(text) &&
    (text.includes(',') || /^[—–~-]/.test(text) || words.length <= 4)
  );
}

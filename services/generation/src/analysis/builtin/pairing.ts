import { words } from '../../text.ts';
import { CONCEPTS, type Lexicon } from '../lexicon/index.ts';

/**
 * Matching by meaning: a pain and the capability that answers it share the words, stems and
 * concepts ("chargebacks" and "compliance deductions") that set them apart from the page's other
 * capabilities. Words every capability shares weigh next to nothing (inverse document frequency
 * over the options), so "inventory" on an inventory site pairs nothing on its own.
 */

export type Topic = Set<string>;

const STEM = 6;
const conceptEntries = Object.entries(CONCEPTS);
const EN_SUFFIXES = /(?:ings|ing|edly|ed|ers|er|ies|es|ly|s)$/;
const DE_SUFFIXES = /(?:ungen|en|er|es|e|n|s)$/;

/**
 * How often and how long ("every week", "hours a day") say nothing about which problem: nightly
 * cleaning does not answer "the same things get missed every week".
 */
const FREQUENCY =
  /^(days?|daily|weeks?|weekly|months?|monthly|years?|yearly|annual|nights?|nightly|hours?|hourly|minutes?|times?|today|tomorrow|tage?n?|täglich|wochen?|wöchentlich|monate?|monatlich|jahre?|stunden?|minuten)$/;

/** "counting", "counts" → "count"; "drifted" → "drift"; long words cut to six letters. */
export function stemOf(word: string, lex: Lexicon): string {
  const suffixes = lex.code === 'de' ? DE_SUFFIXES : EN_SUFFIXES;
  const match = suffixes.exec(word);
  const base = match && word.length - match[0].length >= 4 ? word.slice(0, word.length - match[0].length) : word;
  // German compounds share their first part ("Risikoanalyse", "Risikoregister"): a shorter stem.
  return base.slice(0, lex.code === 'de' ? STEM - 1 : STEM);
}

/** "RFIs", "ERP", "SKU": short names written in capitals say as much as long words. */
const ACRONYM = /\b([A-Z][A-Z0-9]{2,4})s?\b/g;

export function topicOf(text: string, lex: Lexicon): Topic {
  const topic: Topic = new Set();
  const lower = text.toLowerCase();
  for (const token of words(lower)) {
    // "call-out" also matches "calls": hyphenated words count as their parts too.
    for (const part of token.includes('-') ? [token, ...token.split('-')] : [token]) {
      const word = part.replace(/['’]s$/, '');
      if (word.length < 4 || lex.stopwords.has(word) || FREQUENCY.test(word) || /^\d/.test(word)) continue;
      topic.add(stemOf(word, lex));
    }
  }
  for (const match of text.matchAll(ACRONYM)) topic.add((match[1] as string).toLowerCase());
  for (const [concept, starts] of conceptEntries) {
    if (starts.some((start) => hasWordStart(lower, start))) topic.add(`#${concept}`);
  }
  return topic;
}

function hasWordStart(text: string, start: string): boolean {
  let at = text.indexOf(start);
  while (at !== -1) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(at - 1))) return true;
    at = text.indexOf(start, at + 1);
  }
  return false;
}

/**
 * A topic that also marks the words of a short key (a feature's name, a pain's label) with "^":
 * "field working off old drawings" and "Always-current drawings" share a name word, which counts
 * on top of the words their texts share.
 */
export function keyedTopicOf(text: string, key: string | undefined, lex: Lexicon): Topic {
  const topic = topicOf(text, lex);
  if (key) for (const term of topicOf(key, lex)) if (!term.startsWith('#')) topic.add(`^${term}`);
  return topic;
}

/** Weights of each term across the options: rare terms say more. */
export function weightsOf(options: Topic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const option of options) for (const term of option) counts.set(term, (counts.get(term) ?? 0) + 1);
  const weights = new Map<string, number>();
  const n = Math.max(1, options.length);
  for (const [term, count] of counts) {
    // A term every option shares ("invoice" on an invoicing site) tells them apart not at all:
    // pairing on it alone would pick one at random.
    if (n >= 2 && count === n) {
      weights.set(term, 0);
      continue;
    }
    // Concepts are softer evidence than the page's own words.
    const scale = term.startsWith('#') ? 0.6 : 1;
    weights.set(term, scale * Math.log(1 + n / count));
  }
  return weights;
}

export function similarity(a: Topic, b: Topic, weights: Map<string, number>): number {
  let score = 0;
  for (const term of a) if (b.has(term)) score += weights.get(term) ?? 1;
  // A word of one side's key in the other's text ("Techs arrive without the right part" and
  // "every van's parts list updates"): what the pain says, in what the feature does, counts over
  // what the pain's explanation happens to share ("the customer waits for a second visit").
  const across = (keyed: Topic, plain: Topic) => {
    for (const term of keyed) {
      if (!term.startsWith('^') || plain.has(term)) continue;
      const word = term.slice(1);
      if (plain.has(word)) score += KEY_IN_TEXT * (weights.get(word) ?? 1);
    }
  };
  across(a, b);
  across(b, a);
  return score;
}

/** What a key word found in the other side's text adds, against its weight as a shared word. */
const KEY_IN_TEXT = 0.5;

/**
 * One option per item, each option used at most once, maximising the total score (the Hungarian
 * method: a greedy pick of the single best pair can leave another pain with nothing, as when one
 * capability is the best match of two pains). Pairs under `minimum` do not count: such an item
 * gets none, better unpaired than paired with the wrong thing.
 */
export function assign(items: Topic[], options: Topic[], minimum: number): (number | undefined)[] {
  if (!items.length || !options.length) return items.map(() => undefined);
  const weights = weightsOf(options);
  const score = items.map((item) =>
    options.map((option) => {
      const value = similarity(item, option, weights);
      return value >= minimum ? value : 0;
    }),
  );
  const assignment = maximise(score);
  return assignment.map((option, item) =>
    option !== undefined && (score[item]?.[option] ?? 0) > 0 ? option : undefined,
  );
}

/** Kuhn–Munkres on a rectangular score matrix (rows: items): the column of each row, maximising the sum. */
function maximise(score: number[][]): (number | undefined)[] {
  const rows = score.length;
  const cols = score[0]?.length ?? 0;
  const n = Math.max(rows, cols);
  const cost = (i: number, j: number) => -(score[i - 1]?.[j - 1] ?? 0);
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j += 1) {
        if (used[j]) continue;
        const current = cost(i0, j) - (u[i0] as number) - (v[j] as number);
        if (current < (minv[j] as number)) {
          minv[j] = current;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j += 1) {
        if (used[j]) {
          u[p[j] as number] = (u[p[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else {
          minv[j] = (minv[j] as number) - delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      p[j0] = p[j1] as number;
      j0 = j1;
    } while (j0);
  }
  const result: (number | undefined)[] = new Array(rows).fill(undefined);
  for (let j = 1; j <= n; j += 1) {
    const row = (p[j] as number) - 1;
    if (row >= 0 && row < rows && j - 1 < cols) result[row] = j - 1;
  }
  return result;
}

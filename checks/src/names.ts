import type { Cues, NameRules } from './compiled.ts';
import { compact } from './text.ts';

interface Token {
  readonly text: string;
  readonly lower: string;
  readonly word: boolean;
  /** Capitalised, without digits: could be part of a name. */
  readonly cap: boolean;
  readonly possessive: boolean;
}

const TOKEN = /[\p{L}\p{N}]+(?:[’'&.-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const POSSESSIVE = /['’]s$/i;

function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  for (const [raw] of sentence.matchAll(TOKEN)) {
    const word = /^[\p{L}\p{N}]/u.test(raw);
    const possessive = word && POSSESSIVE.test(raw);
    const text = possessive ? raw.replace(POSSESSIVE, '') : raw;
    tokens.push({
      text,
      lower: text.toLowerCase().replace(/’/g, "'"),
      word,
      cap: word && /^\p{Lu}/u.test(text) && !/\p{N}/u.test(text),
      possessive,
    });
  }
  return tokens;
}

const matchesAt = (tokens: readonly Token[], at: number, sequence: readonly string[]): boolean =>
  sequence.every((word, k) => tokens[at + k]?.lower === word);

/** Where any of the cues occurs: its first token and the token after it. */
function occurrences(tokens: readonly Token[], cues: Cues): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  tokens.forEach((token, i) => {
    for (const sequence of cues.get(token.lower) ?? []) {
      if (matchesAt(tokens, i, sequence)) found.push({ start: i, end: i + sequence.length });
    }
  });
  return found;
}

/** The capitalised run ending right before `at`, after skipping a few words like "has". */
function runBefore(tokens: readonly Token[], at: number, rules: NameRules): Token[] {
  let end = at - 1;
  for (let skipped = 0; skipped < 2; skipped += 1) {
    const token = tokens[end];
    if (token?.word && !token.cap && rules.beforeVerbSkip.has(token.lower)) end -= 1;
    else break;
  }
  let start = end;
  while (start >= 0 && tokens[start]?.cap) start -= 1;
  return tokens.slice(start + 1, end + 1);
}

/** The capitalised run starting at `at`, after an optional lower-case determiner ("at the X"). */
function runAfter(tokens: readonly Token[], at: number, rules: NameRules): Token[] {
  let start = at;
  const first = tokens[start];
  if (first && !first.cap && rules.determiners.has(first.lower)) start += 1;
  let end = start;
  while (tokens[end]?.cap) {
    end += 1;
    // "Globocorp's team": the name ends at the possessive.
    if (tokens[end - 1]?.possessive) break;
  }
  return tokens.slice(start, end);
}

const isSeparator = (token: Token, rules: NameRules): boolean =>
  token.text === ',' || token.text === '&' || (!token.cap && rules.conjunctions.has(token.lower));

/** The items of "customers like A, B and C". */
function listAfter(tokens: readonly Token[], at: number, rules: NameRules): Token[][] {
  const items: Token[][] = [];
  let i = at;
  for (;;) {
    const item = runAfter(tokens, i, rules);
    if (!item.length) break;
    items.push(item);
    i = tokens.indexOf(item[item.length - 1] as Token) + 1;
    let separated = false;
    for (let token = tokens[i]; token && isSeparator(token, rules); token = tokens[i]) {
      i += 1;
      separated = true;
    }
    if (!separated) break;
  }
  return items;
}

/** A run without the words that are never names at its edges ("After", "The", "Team", "May"). */
function trimRun(run: readonly Token[], rules: NameRules): Token[] {
  let start = 0;
  let end = run.length;
  while (start < end && rules.ignorable.has(run[start]?.lower ?? '')) start += 1;
  while (end > start && rules.ignorable.has(run[end - 1]?.lower ?? '')) end -= 1;
  return run.slice(start, end);
}

function looksLikeCommonNoun(run: readonly Token[], rules: NameRules): boolean {
  const [only] = run;
  if (!rules.capitalisedNouns || run.length !== 1 || !only) return false;
  return rules.commonNounEndings.some((ending) => only.lower.endsWith(ending));
}

/**
 * Customer-name candidates of one sentence, and whether it states a result (a digit and a
 * result verb). Names are only looked for where a name makes a claim: next to a result
 * verb or after "at/for/with" in a result sentence, in "customers like A, B and C", and after
 * "helped", "worked with" or before "'s team". In a language that capitalises all nouns, a
 * sentence-initial run counts only as the subject of a result ("Brightmart hat … gesenkt").
 */
export function sentenceClaims(sentence: string, rules: NameRules): { names: string[]; result: boolean } {
  const digits = /\p{N}/u.test(sentence);
  // Most sentences have neither a number nor a cue: skip tokenising them (this runs per keystroke).
  if (!digits && !rules.cuePattern.test(sentence)) return { names: [], result: false };
  const tokens = tokenize(sentence);
  const runs: Token[][] = [];
  let result = false;
  if (digits) {
    for (const { start, end } of occurrences(tokens, rules.resultVerbs)) {
      result = true;
      runs.push(runBefore(tokens, start, rules));
      // German inversion: "2023 senkte Brightmart die Kosten".
      if (rules.capitalisedNouns) runs.push(runAfter(tokens, end, rules));
    }
    if (result) {
      tokens.forEach((token, i) => {
        if (token.word && rules.prepositions.has(token.lower)) runs.push(runAfter(tokens, i + 1, rules));
        if (rules.capitalisedNouns && token.word && rules.auxiliaries.has(token.lower)) {
          runs.push(runAfter(tokens, i + 1, rules));
        }
      });
      const first = tokens[0];
      if (rules.capitalisedNouns && first?.cap && !rules.determiners.has(first.lower)) {
        const run = runAfter(tokens, 0, rules);
        if (tokens[run.length]?.word) runs.push(run);
      }
    }
  }
  for (const { end } of occurrences(tokens, rules.enumerationCues)) runs.push(...listAfter(tokens, end, rules));
  for (const { end } of occurrences(tokens, rules.afterCues)) runs.push(runAfter(tokens, end, rules));
  for (const { start } of occurrences(tokens, rules.beforeCues)) runs.push(runBefore(tokens, start, rules));
  tokens.forEach((token, i) => {
    if (token.possessive && token.cap && rules.possessiveNouns.has(tokens[i + 1]?.lower ?? '')) {
      runs.push(runBefore(tokens, i + 1, rules));
    }
  });

  const names = new Map<string, string>();
  for (const raw of runs) {
    const run = trimRun(raw, rules);
    if (!run.length || looksLikeCommonNoun(run, rules)) continue;
    const name = run.map((token) => token.text).join(' ');
    const key = compact(name);
    if (key && !names.has(key)) names.set(key, name);
  }
  return { names: [...names.values()], result };
}

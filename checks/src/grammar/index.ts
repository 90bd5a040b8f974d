/**
 * Sentence grammar a sales manager applies to copy: does a sentence have a finite verb, and does
 * anything read as pasted or fused (a heading run into text, a slot left, a sentence cut off)?
 * Lexicon and rules only: pure, synchronous and deterministic, for the playbook's tests and the
 * email checks alike. Each language's verb forms are generated once, on first use.
 */
import type { WritingLanguage } from '@seqgen/proto';
import { clauses } from './clauses.ts';
import { germanFiniteVerbs } from './de.ts';
import { GERMAN_LEMMAS } from './de-lexicon.ts';
import { englishFiniteVerbs } from './en.ts';
import { ENGLISH_LEMMAS } from './en-lexicon.ts';
import { spanishFiniteVerbs } from './es.ts';
import { SPANISH_LEMMAS } from './es-lexicon.ts';
import { isFormula } from './formulae.ts';
import { frenchFiniteVerbs } from './fr.ts';
import { FRENCH_LEMMAS } from './fr-lexicon.ts';
import { findSeams, type Seam, type SeamKind, seams } from './seams.ts';
import { type Token, tokenize } from './tokens.ts';

export type { Seam, SeamKind };
export { seams };

/** How many verbs (lemmas) each language's lexicon lists; their forms are generated from them. */
export const VERB_LEMMAS: Readonly<Record<WritingLanguage, number>> = {
  en: ENGLISH_LEMMAS,
  de: GERMAN_LEMMAS,
  fr: FRENCH_LEMMAS,
  es: SPANISH_LEMMAS,
};

/** Each language's finite verbs, as indices into the tokens. */
const FINDERS: Readonly<Record<WritingLanguage, (tokens: readonly Token[]) => number[]>> = {
  en: englishFiniteVerbs,
  de: germanFiniteVerbs,
  fr: frenchFiniteVerbs,
  es: spanishFiniteVerbs,
};

/**
 * The finite verbs of a sentence as written ("We're", "kostet", "appelons", "Escríbame"): forms
 * that carry tense and person, imperatives included; no infinitives, participles or -ing forms on
 * their own. Merge fields and slots are names. A word that is also a noun ("plans", "la demande")
 * counts only where a verb stands.
 */
export function finiteVerbs(sentence: string, language: WritingLanguage): string[] {
  const tokens = tokenize(sentence, language);
  return FINDERS[language](tokens).map((i) => tokens[i]?.text ?? '');
}

/** Whether the sentence has a finite verb anywhere (a relative clause's counts: see mainClauseVerbs). */
export function hasFiniteVerb(sentence: string, language: WritingLanguage): boolean {
  return FINDERS[language](tokenize(sentence, language)).length > 0;
}

/**
 * The finite verbs of the main clause: none when the sentence is only a subordinate or relative
 * clause ("If you have time.", "Plans that actually work.", "Pläne, die funktionieren.") or one
 * with an elliptical main clause ("If it's not a priority, no worries.").
 */
export function mainClauseVerbs(sentence: string, language: WritingLanguage): string[] {
  const tokens = tokenize(sentence, language);
  return clauses(tokens, FINDERS[language](tokens), language).main.map((i) => tokens[i]?.text ?? '');
}

/**
 * Why a text is not one full sentence: 'start', 'end', 'no-verb' (no finite verb, and no formula
 * a reader takes as a whole utterance: "Fair question.", "Gute Frage.", "La plupart, oui.",
 * "Happy to share the numbers."), 'no-main-verb' (finite verbs only in a subordinate or relative
 * clause) and the kinds of its seams.
 */
export type SentenceIssue = 'start' | 'end' | 'no-verb' | 'no-main-verb' | SeamKind;

// A capital, a digit, an opening quote, bracket or Spanish mark, or a merge field or slot.
const START = /^["“„«‘'(¿¡\s\u00a0\u202f]*[\p{Lu}\p{N}{]/u;
// . ? ! (French with a space before ? and !), then closing quotes or brackets: German “, French « … » with
// its space.
const CLOSING = '(?:["”“’)]|[\\s\\u00a0\\u202f]?»)*$';
const END = new RegExp(`[^.][.?!]${CLOSING}|[^.\\s][\\s\\u00a0\\u202f]?[?!]${CLOSING}`, 'u');

export function sentenceIssues(text: string, language: WritingLanguage): SentenceIssue[] {
  const trimmed = text.trim();
  const issues: SentenceIssue[] = [];
  if (!START.test(trimmed)) issues.push('start');
  if (!END.test(trimmed)) issues.push('end');
  const tokens = tokenize(trimmed, language);
  const verbs = FINDERS[language](tokens);
  if (!verbs.length) {
    if (!isFormula(trimmed, language)) issues.push('no-verb');
  } else {
    const { main, elliptical } = clauses(tokens, verbs, language);
    if (!main.length && !elliptical) issues.push('no-main-verb');
  }
  for (const seam of findSeams(trimmed, tokens, language)) if (!issues.includes(seam.kind)) issues.push(seam.kind);
  return issues;
}

/**
 * One full sentence: it starts with a capital, a digit, an opening quote or mark, or a merge field
 * or slot; ends with . ? or ! (a closing quote may follow); has a finite verb in its main clause
 * (or is a conversational formula without a verb); and has no seam.
 */
export function isSentence(text: string, language: WritingLanguage): boolean {
  return sentenceIssues(text, language).length === 0;
}

import type { WritingLanguage } from '@seqgen/proto';
import { LANGUAGES, LEXICONS } from './lexicon/index.ts';
import { LIMITS } from './limits.ts';
import { stripMergeFields } from './merge-fields.ts';
import { letterWords } from './text.ts';

// Word → the languages it is a function word of ("de" counts for French and Spanish alike).
const FUNCTION_WORDS = new Map<string, WritingLanguage[]>();
for (const language of LANGUAGES) {
  for (const word of LEXICONS[language].functionWords) {
    const languages = FUNCTION_WORDS.get(word) ?? [];
    if (!languages.includes(language)) languages.push(language);
    FUNCTION_WORDS.set(word, languages);
  }
}

/**
 * The language a text is written in, by counting each language's function words. Undefined when
 * the text is too short or no language leads clearly (a shared word like "de" counts for both).
 */
export function detectLanguage(text: string): WritingLanguage | undefined {
  const words = letterWords(stripMergeFields(text));
  const limits = LIMITS.detectLanguage;
  if (words.length < limits.minWords) return undefined;
  const hits: Record<WritingLanguage, number> = { en: 0, de: 0, fr: 0, es: 0 };
  for (const word of words) {
    for (const language of FUNCTION_WORDS.get(word) ?? []) hits[language] += 1;
  }
  const ranked = [...LANGUAGES].sort((a, b) => hits[b] - hits[a]);
  const [best, second] = ranked;
  if (!best || !second) return undefined;
  if (hits[best] < limits.minHits || hits[best] < hits[second] * limits.minLead) return undefined;
  return best;
}

/** Whether a lower-case word is a function word (article, pronoun, preposition…) of any of the four languages. */
/**
 * The language of a text too short for detectLanguage ("We are at SaaStr next month."): at least
 * two function words of one language, more than any other has — a guess, for a user's
 * short line, never for judging an email.
 */
/**
 * The language of a short phrase too short to detect ("Fruit and vegetables", "Frutas y hortalizas"):
 * the one language all its function words belong to, when it has any; undefined when they belong to
 * several ("de" is French and Spanish) or it has none ("Industrial machinery").
 */
export function phraseLanguage(text: string): WritingLanguage | undefined {
  let shared: WritingLanguage[] | undefined;
  for (const word of letterWords(stripMergeFields(text))) {
    const languages = FUNCTION_WORDS.get(word);
    if (!languages) continue;
    shared = shared ? shared.filter((language) => languages.includes(language)) : [...languages];
  }
  return shared?.length === 1 ? shared[0] : undefined;
}

export function guessLanguage(text: string): WritingLanguage | undefined {
  const hits: Record<WritingLanguage, number> = { en: 0, de: 0, fr: 0, es: 0 };
  for (const word of letterWords(stripMergeFields(text))) {
    for (const language of FUNCTION_WORDS.get(word) ?? []) hits[language] += 1;
  }
  const [best, second] = [...LANGUAGES].sort((a, b) => hits[b] - hits[a]);
  if (!best || !second || hits[best] < 2 || hits[best] <= hits[second]) return undefined;
  return best;
}

export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}

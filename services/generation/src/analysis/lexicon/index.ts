import { GERMAN } from './de.ts';
import { ENGLISH } from './en.ts';
import type { Lexicon } from './types.ts';

export { AUDIENCE } from './audience.ts';
export { CONCEPTS } from './concepts.ts';
export { FUNCTIONS, type FunctionProfile } from './functions.ts';
export type { BenefitRule, LanguageCode, Lexicon, TriggerKind } from './types.ts';
export { ENGLISH, GERMAN };

/** The lexicon the built-in analyser reads a page with: German for German pages, else English. */
export function lexiconFor(language: string | undefined): Lexicon {
  return language === 'de' ? GERMAN : ENGLISH;
}

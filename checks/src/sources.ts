import type { CheckContext } from '@seqgen/proto';
import { findNumbers, valueKey } from './numbers.ts';
import { compact, normaliseForMatching } from './text.ts';

/** The sources in the forms the checks compare with, derived once per distinct set of sources. */
export interface Sources {
  /** Letters and digits only, lower-case: names are looked up here. */
  readonly compact: string;
  /** Lower-case with plain quotes: phrases are looked up here. */
  readonly lower: string;
  /** Every value any number in the sources may mean. */
  readonly numbers: ReadonlySet<string>;
  /** All-capital words as written ("HIPAA"): acronyms the sources use are not shouting. */
  readonly capsWords: ReadonlySet<string>;
}

const CAPS_WORD = /(?<![\p{L}\p{N}])\p{Lu}{2,}(?![\p{L}\p{N}])/gu;

// The browser re-runs the checks on every keystroke with the same sources, so the last
// derivation is kept; sources can be pages long, emails are short.
let last: { key: string; sources: Sources } | undefined;

export function sourcesOf(context: CheckContext): Sources {
  const texts = [
    ...context.sources,
    context.persona ?? '',
    context.industry ?? '',
    context.prospect ?? '',
    ...(context.caseStudyCustomers ?? []),
  ];
  const key = texts.join('\u0000');
  if (last?.key === key) return last.sources;
  const numbers = new Set<string>();
  const capsWords = new Set<string>();
  for (const text of texts) {
    // Both readings of "12 500": one number in French, two in a list.
    for (const mention of findNumbers(text, true)) {
      for (const value of [...mention.values, ...mention.parts]) numbers.add(valueKey(value));
    }
    for (const [word] of text.matchAll(CAPS_WORD)) capsWords.add(word);
  }
  const joined = texts.join('\n');
  const sources: Sources = {
    compact: compact(joined),
    lower: normaliseForMatching(joined.toLowerCase()),
    numbers,
    capsWords,
  };
  last = { key, sources };
  return sources;
}

/** Small text helpers shared by extraction and the built-in analyser. Pure, no I/O. */

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/** Collapses whitespace and drops zero-width characters (a favourite for hiding text). */
/** Anything clean() would change: a hidden character, a run or edge of whitespace, or a non-space one. */
const UNCLEAN = /[\u200B-\u200D\u2060\uFEFF\u00AD]|\s\s|[^\S ]|^\s|\s$/;

export function clean(text: string | undefined | null): string {
  if (!text) return '';
  // Most text is clean already: one test instead of two replacements and a copy.
  if (!UNCLEAN.test(text)) return text;
  return text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
}

const ABBREVIATIONS = [
  'Dr',
  'Mr',
  'Mrs',
  'Ms',
  'Prof',
  'Nr',
  'No',
  'vs',
  'ca',
  'bzw',
  'St',
  'Hr',
  'Fr',
  'Mio',
  'Mrd',
  'Tsd',
  'inkl',
  'Inkl',
  'ggf',
  'evtl',
  'vgl',
  'usw',
  'bzgl',
  'approx',
  'incl',
  'z\\.B',
  'u\\.a',
  'd\\.h',
  'e\\.g',
  'i\\.e',
];
const ABBREVIATION_AWARE_BREAK = new RegExp(
  `(?<=(?<!\\b(?:${ABBREVIATIONS.join('|')}))[.!?])\\s+(?=["“„'(]?[\\p{Lu}\\p{N}])`,
  'u',
);

/** Sentence split good enough for marketing copy: ends at . ! ? before a capital, digit or quote. */
export function sentences(text: string): string[] {
  return (
    clean(text)
      // "Dr. Elaine Foster", "38 Mio. Euro", "inkl. Baulohn": an abbreviation's full stop ends no sentence.
      .split(ABBREVIATION_AWARE_BREAK)
      .map((s) => s.trim())
      .filter(Boolean)
  );
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&+-]*/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

export function wordCount(text: string): number {
  return (text.match(WORD) ?? []).length;
}

/**
 * Words in whitespace-collapsed text (blocks, headings), counted by their spaces: for size
 * thresholds on every block of a large page, where a regex per block would dominate the cost.
 */
export function spacedWords(text: string): number {
  if (!text) return 0;
  let count = 1;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) count += 1;
  return count;
}

/** Cuts at a word boundary and adds an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}

/** Letters and digits only, lower case: how names are compared ("Müller & Co." ~ "müllerco"). */
export const squash = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export const capitalise = (text: string): string => (text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text);

export const lowerFirst = (text: string): string => {
  // Keep acronyms and proper nouns ("CRM", "Excel") as they are.
  if (/^[\p{Lu}\p{N}]{2,}\b/u.test(text) || /^\p{Lu}\p{Ll}+[\p{Lu}]/u.test(text)) return text;
  return text ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text;
};

/** Ends a sentence with a full stop unless it already ends with punctuation. */
export const asSentence = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** "a, b and c" in the given language. */
export function joinList(items: string[], and = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

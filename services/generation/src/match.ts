/**
 * Whole-word, case-insensitive phrase matching for word lists in any of the four languages: a
 * list becomes one regular expression (longest phrases first), and text is compared in one
 * normal form (lower case, typographic apostrophes and dashes made plain).
 */

/** Text in the form lists are written in: lower case, one kind of apostrophe and hyphen, single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text that a regular expression matches literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const escapeForPattern = (phrase: string) => escapeRegExp(phrase).replace(/ /g, '\\s+');

/**
 * One regular expression for a list of phrases, matched as whole words; a phrase that ends in a
 * letter also matches its plural in s or es ("warehouse" finds "warehouses", "factura" "facturas").
 */
export function phrasePattern(phrases: readonly string[], flags = 'gu'): RegExp {
  const unique = [...new Set(phrases.map(normalise).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!unique.length) return /(?!)/gu;
  const alternatives = unique.map((phrase) =>
    /\p{L}$/u.test(phrase) ? `${escapeForPattern(phrase)}(?:e?s)?` : escapeForPattern(phrase),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, flags);
}

/** The phrases of `pattern` found in `text` (already normalised), each once. */
export function matchesIn(text: string, pattern: RegExp): string[] {
  pattern.lastIndex = 0;
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) found.add(match[0].replace(/\s+/g, ' '));
  return [...found];
}

export function hasMatch(text: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

/** Words of a normalised text as the phrase index compares them: letters and digits, inner ' and - kept. */
export function wordsOf(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
}

/**
 * A word without its plural ending, for comparing: "warehouses" and "warehouse", "processes" and
 * "process", "categories" and "category", "facturas" and "factura" meet.
 */
export function stemOf(word: string): string {
  if (word.length <= 3) return word;
  if (/(?:ss|ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}

/**
 * Tens of thousands of phrases matched in one pass over a text's words (one regular expression of
 * them all is more than the engine compiles): phrases are looked up by their first word, and every
 * word is compared without its plural ending, so "pallet" finds "pallets" and the other way round.
 */
export class PhraseIndex {
  private readonly byFirst = new Map<string, { phrase: string; stems: string[] }[]>();

  constructor(phrases: Iterable<string>) {
    for (const phrase of new Set([...phrases].map(normalise).filter(Boolean))) {
      const words = wordsOf(phrase);
      const stems = words.map(stemOf);
      const first = stems[0];
      if (!first) continue;
      const list = this.byFirst.get(first) ?? [];
      list.push({ phrase: words.join(' '), stems });
      this.byFirst.set(first, list);
    }
  }

  /** The distinct phrases found in a text. */
  matches(text: string): string[] {
    const stems = wordsOf(text).map(stemOf);
    const found = new Set<string>();
    for (let index = 0; index < stems.length; index += 1) {
      for (const candidate of this.byFirst.get(stems[index] as string) ?? []) {
        if (candidate.stems.every((stem, offset) => stems[index + offset] === stem)) found.add(candidate.phrase);
      }
    }
    return [...found];
  }
}

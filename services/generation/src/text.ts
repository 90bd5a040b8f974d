/** Plain-text helpers shared by the analysis and the writing. Pure, no I/O. */

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/** Anything clean() would change: a hidden character, a run or edge of whitespace, or a non-space one. */
const UNCLEAN = /[\u200B-\u200D\u2060\uFEFF\u00AD]|\s\s|[^\S ]|^\s|\s$/;

/** Collapses whitespace and drops zero-width characters (a favourite for hiding text). */
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
  // Titles before a name and company forms in a byline, in Spanish, French and German
  // ("Dña. María López", "Cía. Levantina", "Me Durand", "Dipl.-Ing. Jan Weber").
  'Dña',
  'Ing',
  'Lic',
  'Arq',
  'Cía',
  'Dpto',
  'Avda',
  'Sres',
  'Cie',
  'Dipl',
  'Dir',
  'Gral',
  'Coord',
  'Resp',
  'Kfm',
  'Abt',
  'Stv',
];

/**
 * Sentence boundaries are Unicode's (Intl.Segmenter, UAX #29), held to three rules of ours where
 * those read marketing copy differently:
 * - an abbreviation's full stop ends no sentence ("Dr. Elaine Foster", "38 Mio. Euro", "inkl.
 *   Baulohn"): UAX #29 knows no abbreviations;
 * - a sentence ends at . ! or ? followed by a space and then a capital, a digit or an opening
 *   quote, never inside "e.g. the", "3.5" or "said.” Then";
 * - a figure after a full stop opens a sentence ("Trusted by 500 teams. 98% renew."), where UAX #29
 *   (rule SB8) joins a full stop to a number that a lower-case word follows.
 */
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });
const ENDS_SENTENCE = /[.!?]\s+$/;
const ENDS_WITH_ABBREVIATION = new RegExp(`\\b(?:${ABBREVIATIONS.join('|')})[.!?]\\s+$`, 'u');
const STARTS_SENTENCE = /^["“„'(¿¡]?[\p{Lu}\p{N}]/u;
const BEFORE_FIGURE = /(?<=\.\s+)(?=["“„'(]?\p{N})/u;
/** Without a mark followed by a space there is one sentence at most: nothing to segment. */
const MAY_END = /[.!?]\s/;

/** The sentences of a text, whitespace collapsed. */
export function sentences(text: string): string[] {
  const cleaned = clean(text);
  if (!MAY_END.test(cleaned)) return cleaned ? [cleaned] : [];
  const found: string[] = [];
  let sentence = '';
  for (const { segment } of SENTENCES.segment(cleaned)) {
    for (const piece of segment.split(BEFORE_FIGURE)) {
      const ends =
        ENDS_SENTENCE.test(sentence) && !ENDS_WITH_ABBREVIATION.test(sentence) && STARTS_SENTENCE.test(piece);
      if (sentence && !ends) {
        sentence += piece;
        continue;
      }
      if (sentence) found.push(sentence.trim());
      sentence = piece;
    }
  }
  if (sentence) found.push(sentence.trim());
  return found;
}

/**
 * Words: a letter or digit, then letters, digits and the joiners of "e-commerce", "AT&T", "C++"
 * and "don't". Not Intl.Segmenter's word boundaries: UAX #29 splits "real-time" and "AT&T" (words
 * the lexicons match whole) and joins "3.5" and "1,000" (two words here); it would count a third
 * of the corpus's texts differently.
 */
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

/** Whether a text says a name (a capability's, say) as whole words, in any case. */
export function saysName(text: string, name: string): boolean {
  const wanted = name.toLocaleLowerCase();
  const at = text.toLocaleLowerCase().indexOf(wanted);
  return at >= 0 && !/[\p{L}\p{N}]/u.test(`${text.charAt(at - 1)}${text.charAt(at + wanted.length)}`);
}

/**
 * A figure alone, as pages set stats: "43%", "5×", "5 tools", "71 min", "€2.4M", "12,000+". Used for
 * a big figure drawn above its words (extraction/blocks.ts) and a bold lead that is only a figure
 * (read/roles.ts).
 */
export const isFigureOnly = (text: string) => FIGURE_ONLY.test(text);

const FIGURE_ONLY =
  /^[~≈<>+]?\s*[$€£]?\s*\d[\d.,\s]*\s*(?:×|x|%|\+|k|m|bn|mio\.?|min|mins|minutes?|h|hrs?|s|ms|seconds?|days?|hours?|weeks?|months?|years?|tools?|stunden|minuten|tage|wochen|monate|jahre|heures|jours|semaines|mois|ans|horas|minutos|días|semanas|meses|años|(?:in|von|sur|de cada|of|out of)\s+\d+)?\s*$/iu;

import type { WritingLanguage } from '@seqgen/proto';

/*
 * Syllables by vowel groups, with each language's main exceptions. Readability formulas were
 * calibrated on hand counts, so a heuristic that is right for common words is close enough.
 */

function english(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 0;
  if (w.length <= 3) return 1;
  let count = (w.match(/[aeiouy]+/g) ?? []).length;
  // "ia" and "io" (not "-ion") are usually two syllables: "Australian", "period", "radio".
  count += (w.match(/[^cgst]i(?:a|o(?!n))/g) ?? []).length;
  // Silent final e ("make"), but not consonant + "le" ("table").
  if (/[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) count -= 1;
  // "-es" and "-ed" add no syllable ("makes", "worked") except after sibilants and t/d ("boxes", "needed").
  else if (/[^aeiouy]es$/.test(w) && !/(?:[cgsxz]|ch|sh)es$/.test(w)) count -= 1;
  else if (/[^aeiouy]ed$/.test(w) && !/[td]ed$/.test(w)) count -= 1;
  return Math.max(1, count);
}

// Diphthongs, long vowels, and "ou" from loanwords ("Retoure", "Tour").
const GERMAN_ONE_SOUND = new Set(['ei', 'ie', 'au', 'eu', 'äu', 'ai', 'ey', 'ay', 'aa', 'ee', 'oo', 'ou']);

function german(word: string): number {
  const w = word
    .toLowerCase()
    .replace(/qu/g, 'q')
    .replace(/[^a-zäöüßy]/g, '');
  let count = 0;
  for (const group of w.match(/[aeiouäöüy]+/g) ?? []) {
    // A group like "eue" ("neue") is a diphthong and a vowel: walk it two letters at a time.
    let i = 0;
    while (i < group.length) {
      i += GERMAN_ONE_SOUND.has(group.slice(i, i + 2)) ? 2 : 1;
      count += 1;
    }
  }
  return Math.max(w ? 1 : 0, count);
}

const FRENCH_VOWELS = 'aeiouyàâäéèêëîïôöùûüœæ';
const FRENCH_GROUP = new RegExp(`[${FRENCH_VOWELS}]+`, 'g');
const FRENCH_SILENT_E = new RegExp(`[^${FRENCH_VOWELS}]es?$`);

function french(word: string): number {
  const w = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  if (!w) return 0;
  let count = (w.match(FRENCH_GROUP) ?? []).length;
  // Final mute e ("entreprise", "équipes").
  if (count > 1 && FRENCH_SILENT_E.test(w)) count -= 1;
  return Math.max(1, count);
}

const SPANISH_STRONG = new Set(['a', 'e', 'o', 'á', 'é', 'ó', 'í', 'ú']);

function spanish(word: string): number {
  const w = word
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '')
    // "y" before a vowel is a consonant ("ya", "yo").
    .replace(/y(?=[aeiouáéíóú])/g, 'j');
  if (!w) return 0;
  let count = 0;
  for (const group of w.match(/[aeiouáéíóúüy]+/g) ?? []) {
    count += 1;
    // Two strong vowels side by side are two syllables (hiatus: "ta-re-a", "dí-a").
    for (let i = 1; i < group.length; i += 1) {
      if (SPANISH_STRONG.has(group.charAt(i - 1)) && SPANISH_STRONG.has(group.charAt(i))) count += 1;
    }
  }
  return Math.max(1, count);
}

const COUNTERS: Readonly<Record<WritingLanguage, (word: string) => number>> = {
  en: english,
  de: german,
  fr: french,
  es: spanish,
};

// The same words come back on every keystroke; a bounded cache keeps counting off the hot path.
const cache = new Map<string, number>();
const CACHE_LIMIT = 20_000;

export function syllables(word: string, language: WritingLanguage): number {
  const key = `${language}:${word}`;
  let count = cache.get(key);
  if (count === undefined) {
    count = COUNTERS[language](word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, count);
  }
  return count;
}

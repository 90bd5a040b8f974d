import type { WritingLanguage } from '@seqgen/proto';
import { LIMITS, type ReadingBand, type ReadingScale } from './limits.ts';
import { stripMergeFields } from './merge-fields.ts';
import { syllables } from './syllables.ts';
import { splitSentences } from './text.ts';

export interface ReadingLevel {
  score: number;
  scale: ReadingScale;
}

const MAYBE_URL = /[@/]|www\./;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+/g;
const TOKEN = /[\p{L}\p{N}]+(?:['’‐-][\p{L}\p{N}]+)*/gu;
const HAS_LETTER = /\p{L}/u;

/**
 * How hard a text is to read: en Flesch–Kincaid grade, de Wiener Sachtextformel 1 (a grade
 * too), fr Kandel–Moles and es Fernández-Huerta reading ease. Merge fields, links and bare
 * numbers are not measured. Rounded to one decimal.
 */
export function readingLevel(text: string, language: WritingLanguage): ReadingLevel {
  return readingOfSentences(splitSentences(text, language), language);
}

/** readingLevel of text already split into sentences (merge fields and links are dropped here). */
export function readingOfSentences(sentences: readonly string[], language: WritingLanguage): ReadingLevel {
  const { scale } = LIMITS.reading[language];
  let counted = 0;
  let words = 0;
  let totalSyllables = 0;
  let polysyllables = 0;
  let monosyllables = 0;
  let longWords = 0;
  for (const sentence of sentences) {
    const text = MAYBE_URL.test(sentence) ? sentence.replace(URL, ' ') : sentence;
    const tokens = (stripMergeFields(text).match(TOKEN) ?? []).filter((token) => HAS_LETTER.test(token));
    if (!tokens.length) continue;
    counted += 1;
    for (const token of tokens) {
      const count = syllables(token, language);
      words += 1;
      totalSyllables += count;
      if (count >= 3) polysyllables += 1;
      if (count === 1) monosyllables += 1;
      if (token.replace(/[^\p{L}]/gu, '').length > 6) longWords += 1;
    }
  }
  // Nothing to read is as easy as it gets.
  if (!words) return { score: scale === 'grade' ? 0 : 100, scale };
  const perSentence = words / counted;
  const perWord = totalSyllables / words;
  const score = {
    en: () => 0.39 * perSentence + 11.8 * perWord - 15.59,
    de: () => {
      const pct = (count: number) => (100 * count) / words;
      return (
        0.1935 * pct(polysyllables) +
        0.1672 * perSentence +
        0.1297 * pct(longWords) -
        0.0327 * pct(monosyllables) -
        0.875
      );
    },
    fr: () => 207 - 1.015 * perSentence - 73.6 * perWord,
    es: () => 206.84 - 0.6 * (100 * perWord) - 1.02 * perSentence,
  }[language]();
  return { score: Math.round(score * 10) / 10, scale };
}

/** Where a score falls in a band: grades pass low, ease scores pass high. */
export function bandStatus(score: number, band: ReadingBand): 'pass' | 'warn' | 'fail' {
  const within = (limit: number) => (band.scale === 'grade' ? score <= limit : score >= limit);
  if (within(band.pass)) return 'pass';
  return within(band.warn) ? 'warn' : 'fail';
}

import type { WritingLanguage } from '@seqgen/proto';
import { LANGUAGES, LEXICONS } from './lexicon/index.ts';

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/** Collapses whitespace and drops zero-width characters (a favourite for hiding text). */
export function clean(text: string | undefined | null): string {
  if (!text) return '';
  return text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
}

/** Cuts at a word boundary and adds an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}

// Ends at . ! ? … (optionally closed by a quote or bracket) before a capital, digit, quote,
// Spanish opening mark or a merge field.
const SENTENCE_BREAK = /(?<=[.!?…]["”’»)]?)\s+(?=["“„'‘«(¿¡]?[\p{Lu}\p{N}{])/u;
const BULLET = /^\s*(?:[-*•–·▪]|\d{1,2}[.)])\s+/;

const abbreviationSets = new Map<WritingLanguage | 'all', ReadonlySet<string>>();
function abbreviationsFor(language: WritingLanguage | undefined): ReadonlySet<string> {
  const key = language ?? 'all';
  let set = abbreviationSets.get(key);
  if (!set) {
    set = new Set((language ? [language] : LANGUAGES).flatMap((lang) => LEXICONS[lang].abbreviations));
    abbreviationSets.set(key, set);
  }
  return set;
}

function endsWithAbbreviation(sentence: string, abbreviations: ReadonlySet<string>): boolean {
  if (!sentence.endsWith('.')) return false;
  const last = sentence.slice(sentence.lastIndexOf(' ') + 1, -1).toLowerCase();
  return /^[\p{L}.-]+$/u.test(last) && (last.length === 1 || abbreviations.has(last));
}

function splitRun(text: string, abbreviations: ReadonlySet<string>, out: string[]): void {
  let pending = '';
  for (const piece of clean(text).split(SENTENCE_BREAK)) {
    const sentence = pending ? `${pending} ${piece}` : piece;
    // "z. B." and initials end with a dot without ending the sentence.
    if (endsWithAbbreviation(sentence, abbreviations)) pending = sentence;
    else {
      pending = '';
      if (sentence) out.push(sentence);
    }
  }
  if (pending) out.push(pending);
}

/**
 * Sentences of a text. Paragraph breaks end a sentence, single line breaks do not (wrapped
 * lines), and every bullet line ("- x", "1. x") is a sentence of its own. `language` picks the
 * abbreviations that do not end a sentence; without it, all languages' are used.
 */
export function splitSentences(text: string, language?: WritingLanguage): string[] {
  const abbreviations = abbreviationsFor(language);
  const out: string[] = [];
  let buffer: string[] = [];
  const flush = () => {
    if (buffer.length) splitRun(buffer.join(' '), abbreviations, out);
    buffer = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim()) {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      flush();
      splitRun(line.slice(bullet[0].length), abbreviations, out);
    } else buffer.push(line);
  }
  flush();
  return out;
}

/** Any double-brace token, supported or not: it is one word, and no number or name inside counts. */
export const ANY_FIELD = /\{\{[^{}\n]*\}\}/g;

const WORD = /[\p{L}\p{N}]+(?:(?:['’‐-]|[.,](?=\p{N}))[\p{L}\p{N}]+)*/gu;

/** Words: runs of letters and digits with inner apostrophes or hyphens; a merge field is one word. */
export function countWords(text: string): number {
  const plain = text.includes('{{') ? text.replace(ANY_FIELD, ' w ') : text;
  return (plain.match(WORD) ?? []).length;
}

/** Lower-case letter runs, for word lists (apostrophes split: "l'équipe" → "l", "équipe"). */
export function letterWords(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Letters and digits only, lower-case: how names are compared with the sources. */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Typographic quotes and spaces as plain ones, and "30 %" as "30%", so one phrase list fits all. */
export function normaliseForMatching(text: string): string {
  return text
    .replace(/[’‘ʼ]/g, "'")
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/(\d) %/g, '$1%');
}

// Only syntax characters: with the `u` flag, escaping anything else (like '-') is an error.
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const WORD_CHAR = /[\p{L}\p{N}]/u;
const BEFORE_WORD = '(?<![\\p{L}\\p{N}])';
const AFTER_WORD = '(?![\\p{L}\\p{N}])';

const startsWithWordChar = (phrase: string): boolean => WORD_CHAR.test(phrase.trim().charAt(0));

/**
 * A regex source for a phrase: words separated by any whitespace, '…' for a gap of up to three
 * words, and word boundaries where the phrase starts or ends with a letter or digit. `open`
 * lets the last word continue ("schließe" matches "schließen"); `start: false` leaves the
 * leading boundary to the caller.
 */
export function phraseSource(phrase: string, { open = false, start = true } = {}): string {
  const normalised = normaliseForMatching(phrase.toLowerCase()).trim();
  let source = '';
  let gap = false;
  for (const word of normalised.split(/\s+/)) {
    if (word === '…') {
      gap = true;
      continue;
    }
    if (source) source += gap ? '\\s+(?:\\S+\\s+){0,3}?' : '\\s+';
    source += escapeRegExp(word);
    gap = false;
  }
  const before = start && startsWithWordChar(normalised) ? BEFORE_WORD : '';
  const after = !open && WORD_CHAR.test(normalised.charAt(normalised.length - 1)) ? AFTER_WORD : '';
  return `${before}${source}${after}`;
}

/** One case-insensitive regex matching any of the phrases; never matches when there are none. */
export function phrasesRegExp(phrases: readonly string[], options: { open?: boolean; global?: boolean } = {}): RegExp {
  // One shared leading boundary: checked once per position instead of once per phrase.
  const edged = phrases
    .filter(startsWithWordChar)
    .map((phrase) => phraseSource(phrase, { open: options.open, start: false }));
  const others = phrases
    .filter((phrase) => !startsWithWordChar(phrase))
    .map((phrase) => phraseSource(phrase, { open: options.open }));
  const sources = [...(edged.length ? [`${BEFORE_WORD}(?:${edged.join('|')})`] : []), ...others];
  return new RegExp(sources.length ? sources.join('|') : '(?!)', options.global ? 'giu' : 'iu');
}

/** A quote of the user's text for a reason: one line, cut short. */
export function quote(text: string, max: number): string {
  return truncate(clean(text), max);
}

/**
 * Quoted passages ("…", “…”, „…“, «…», ‚…‘ of three words or more): someone else's words, which the
 * writer reproduces as said. Reading level, language and grammar are measured on the prose around them.
 */
const QUOTED = /"[^"\n]{8,}"|“[^”\n]{8,}”|„[^“”\n]{8,}[“”]|«[^»\n]{8,}»|‚[^‘’\n]{8,}[‘’]/g;

export function withoutQuotes(text: string, replacement = '"…"'): string {
  return text.replace(QUOTED, (match) => (match.split(/\s+/).length >= 3 ? replacement : match));
}

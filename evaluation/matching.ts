/**
 * Text matching for the expectations (./expectations.ts): terms are looked for as substrings of
 * the folded text, so a stem ("reconcil") matches every form of the word and a German compound
 * ("Pflegedokumentation") still contains its parts.
 */
import type { Alternatives, Terms } from './expectations.ts';

/**
 * Lower case, accents removed, typographic quotes and dashes made plain, non-breaking spaces made
 * spaces, "38 %" written "38%", and runs of white space collapsed.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2013]/g, '-')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .replace(/(\d)\s+%/g, '$1%')
    .replace(/\s+/g, ' ')
    .trim();
}

export function hasAll(text: string, terms: Terms): boolean {
  const folded = fold(text);
  return terms.every((term) => folded.includes(fold(term)));
}

export function hasAny(text: string, alternatives: Alternatives): boolean {
  return alternatives.some((terms) => hasAll(text, terms));
}

/** The first alternative that matches, written out (for the details file). */
export function whichAlternative(text: string, alternatives: Alternatives): string | undefined {
  return alternatives.find((terms) => hasAll(text, terms))?.join(' + ');
}

const LEGAL_SUFFIXES = [
  'gmbh',
  'ag',
  'kg',
  'inc',
  'ltd',
  'llc',
  'llp',
  'plc',
  'limited',
  'corp',
  'co',
  'sas',
  'sarl',
  'sa',
  'sl',
  's l',
  's a',
  'aps',
];

/** A company or person name reduced for comparison: folded, punctuation and legal suffixes gone. */
export function nameKey(name: string): string {
  let key = fold(name)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  for (;;) {
    const suffix = LEGAL_SUFFIXES.find((candidate) => key.endsWith(` ${candidate}`));
    if (!suffix) break;
    key = key.slice(0, -(suffix.length + 1)).trim();
  }
  return key;
}

/** Whether the text names this company or person (whole words, legal suffix optional). */
export function names(text: string, name: string): boolean {
  const key = nameKey(name);
  if (!key) return false;
  const haystack = ` ${nameKey(text)} `;
  return haystack.includes(` ${key} `);
}

/** Two names for the same company or person: one names the other. */
export function sameName(a: string, b: string): boolean {
  return names(a, b) || names(b, a);
}

/** Every string inside a JSON value, for "nothing forbidden anywhere". */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

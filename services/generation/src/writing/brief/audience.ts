import type { WritingLanguage } from '@seqgen/proto';
import { lexiconFor, midSentence } from '../../analysis/index.ts';
import { wordCount, words } from '../../text.ts';

/** "Warehouse managers at distribution centers and 3PLs." → "warehouse managers at distribution centers and 3PLs". */
export function audiencePhrase(audience: string, language: WritingLanguage): string | undefined {
  let value = audience.replace(/[.;:\s]+$/, '');
  if (!value || wordCount(value) > 14) value = value.split(/,|:/)[0] ?? '';
  if (!value || wordCount(value) > 14 || /[.!?]/.test(value)) return undefined;
  if (language === 'de') return value.includes(':') ? undefined : value;
  // "E-commerce brands" → "e-commerce brands"; "SaaS companies" and "B2B teams" keep their capitals.
  return /^\p{Lu}[\p{Ll}-]/u.test(value) && !/^\p{Lu}\p{Ll}*\p{Lu}/u.test(value)
    ? value.charAt(0).toLowerCase() + value.slice(1)
    : value;
}

/**
 * "Warehouse managers, inventory control managers and VPs of Distribution at distribution centers
 * and 3PLs" → "warehouse managers": the first group, short enough to say "most … I speak with".
 */
export function peersOf(audience: string, language: WritingLanguage): string | undefined {
  const phrase = audiencePhrase(audience, language);
  // "dental practices and dental teams" says its group twice: the first item says it once.
  const repeats = (text: string) => {
    const seen = words(text).filter((word) => word.length > 3);
    return new Set(seen).size < seen.length;
  };
  if (phrase && wordCount(phrase) <= 6 && !repeats(phrase)) {
    return language === 'de' ? midSentence(phrase, lexiconFor('de'), new Set()) : phrase;
  }
  const who = (language === 'de' ? audience.split(':').at(-1) : audience.split(/\s(?:at|in)\s/)[0]) ?? '';
  // "Logistics & transportation managers" is one group: "&" joins inside an item, "and" between items.
  const first = who
    .split(/,\s*|\s+(?:and|und)\s+/)[0]
    ?.trim()
    .replace(/[.;:]+$/, '');
  if (!first || wordCount(first) > 5 || wordCount(first) < 1) return undefined;
  // German: "mittelständische Fertigungsbetriebe" mid-sentence; the noun keeps its capital.
  if (language === 'de') return midSentence(first, lexiconFor('de'), new Set());
  // Peers are people or organisations in the plural ("shippers"); a field ("logistics") is not.
  const last = first.split(' ').at(-1) ?? '';
  if (!/s$/i.test(last) || /(ics|ops|sales|operations|business|services)$/i.test(last)) return undefined;
  return /^\p{Lu}\p{Ll}/u.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
}

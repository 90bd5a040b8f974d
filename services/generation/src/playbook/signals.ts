import { normalise, phrasePattern } from '../match.ts';
import type { Lists } from './index.ts';

/**
 * How well a text matches a playbook entry's signal words (any of the four languages: pages mix
 * them). A phrase counts more than a word; each signal once.
 */

const patterns = new WeakMap<Lists, RegExp>();

function patternOf(signals: Lists): RegExp {
  let pattern = patterns.get(signals);
  if (!pattern) {
    pattern = phrasePattern([...signals.en, ...signals.de, ...signals.fr, ...signals.es]);
    patterns.set(signals, pattern);
  }
  return pattern;
}

export function signalScore(text: string, signals: Lists): number {
  return normalisedScore(normalise(text), signals);
}

/** signalScore of a text already normalised (bestMatch normalises each text once, not once per entry). */
function normalisedScore(normalised: string, signals: Lists): number {
  if (!normalised) return 0;
  const pattern = patternOf(signals);
  pattern.lastIndex = 0;
  const seen = new Set<string>();
  let score = 0;
  for (const match of normalised.matchAll(pattern)) {
    const phrase = match[0].replace(/\s+/g, ' ');
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    score += phrase.includes(' ') ? 1.5 : 1;
  }
  return score;
}

/** The signal phrases a text says, as written in the text. */
export function phrasesIn(text: string, signals: Lists): string[] {
  const pattern = patternOf(signals);
  pattern.lastIndex = 0;
  return [...normalise(text).matchAll(pattern)].map((match) => match[0].replace(/\s+/g, ' '));
}

/** Every entry whose signals the texts match at `minimum` or more, with its score, in entry order. */
export function allMatches<T extends { signals: Lists }>(
  entries: Iterable<T>,
  texts: readonly { text: string; weight: number }[],
  minimum = 1,
): { entry: T; score: number }[] {
  // Each text is normalised once, not once per entry: the composer scores every proof against
  // every industry, which was a seventh of its time.
  const normalised = texts.map(({ text, weight }) => ({ text: normalise(text), weight }));
  const matches: { entry: T; score: number }[] = [];
  for (const entry of entries) {
    const score = normalised.reduce((sum, { text, weight }) => sum + normalisedScore(text, entry.signals) * weight, 0);
    if (score >= minimum) matches.push({ entry, score });
  }
  return matches;
}

/** The entry whose signals a text matches best, with its score; undefined below `minimum`. */
export function bestMatch<T extends { signals: Lists }>(
  entries: readonly T[],
  texts: readonly { text: string; weight: number }[],
  minimum = 1,
): { entry: T; score: number } | undefined {
  let best: { entry: T; score: number } | undefined;
  for (const match of allMatches(entries, texts, minimum)) if (!best || match.score > best.score) best = match;
  return best;
}

import { isFunctionWord } from '@seqgen/checks';
import type { Capability, FunctionPlaybook, Pain } from '../../playbook/index.ts';
import { bestMatch } from '../../playbook/signals.ts';
import type { PageCapability } from './capabilities.ts';
import type { StatedPain } from './pains.ts';

/**
 * Pain/solution pairs (docs/architecture.md §6): each pain the page states, with the capability
 * that answers it (the answer the page puts beside it; else the page's capability of a kind the
 * playbook says answers that pain); then, for capabilities the page shows that no stated pain
 * took, the playbook's pain each answers, marked inferred; then, so that no page is a dead end,
 * the function's most common pains until there are at least MIN_PAIRS. Every pair says where it
 * came from, so the user can review the inferred ones before anything is written.
 */

export interface FoundPair {
  origin: 'stated' | 'inferred';
  /** The stated pain as the page says it; undefined for an inferred pain (its playbook text is used). */
  stated: StatedPain | undefined;
  pain: Pain | undefined;
  /** The page's capability that answers it, when the page shows one. */
  capability: PageCapability | undefined;
  /** The playbook capability it is (from the page's capability, or the pain's first answer). */
  kind: Capability | undefined;
  /** The page's own answer text beside a stated pain ("<strong>Pain.</strong> answer"). */
  answer: string | undefined;
  confidence: number;
}

export const MIN_PAIRS = 3;
export const MAX_PAIRS = 5;
/** How sure a second page pain told by an already used playbook pain must be to be kept. */
const REPEATED_PAIN_CONFIDENCE = 0.5;

export function pairsOf(fn: FunctionPlaybook, stated: StatedPain[], capabilities: PageCapability[]): FoundPair[] {
  const pairs: FoundPair[] = [];
  const usedCapabilities = new Set<PageCapability>();
  const usedPains = new Set<string>();
  const capabilityById = (id: string) => fn.capabilities.find((capability) => capability.id === id);

  const rarity = rarityOf(capabilities);
  /** How well a page capability answers a pain: its kind by the playbook, and the rare words they share. */
  const answerScore = (pain: Pain | undefined, words: string, capability: PageCapability) => {
    const rank = pain && capability.kind ? pain.answeredBy.indexOf(capability.kind.id) : -1;
    return (
      (rank === -1 ? 0 : 2 - 0.4 * rank) +
      (words ? 1.5 * overlap(words, `${capability.headline ?? ''} ${capability.text}`, rarity) : 0)
    );
  };
  /**
   * The page's capability that answers a pain best, unused: one of the kinds the playbook says
   * answer it (the first kind counts most), and the words the page's pain and capability share
   * (rare ones count more: "retailer" in the pain and in "Dock Audit" only says more than "scan").
   */
  const answering = (pain: Pain | undefined, words = ''): PageCapability | undefined => {
    let best: { capability: PageCapability; score: number } | undefined;
    for (const capability of capabilities) {
      if (usedCapabilities.has(capability)) continue;
      const rank = pain && capability.kind ? pain.answeredBy.indexOf(capability.kind.id) : -1;
      const kindScore = rank === -1 ? 0 : 2 - 0.4 * rank;
      const shared = words ? overlap(words, `${capability.headline ?? ''} ${capability.text}`, rarity) : 0;
      const score = kindScore + shared;
      if (score >= 1 && (!best || score > best.score)) best = { capability, score };
    }
    return best?.capability;
  };

  // Stated pains, most confident first. A pain the playbook's words come close to is told, in the
  // emails, as that playbook pain, once: a second page pain the same playbook pain names stays the
  // page's own (the analysis shows what the page says; the emails tell each playbook pain once).
  const kept: StatedPain[] = [];
  /** Pains told as a playbook pain the page's words did not name: its answers by kind say nothing of this page. */
  const assigned = new Set<StatedPain>();
  for (let pain of [...stated].sort((a, b) => b.confidence - a.confidence)) {
    if (kept.length >= MAX_PAIRS) break;
    if (pain.pain && usedPains.has(pain.pain.id)) {
      // Only when the page says it clearly: a weak reading that repeats a pain adds nothing.
      if (pain.confidence >= REPEATED_PAIN_CONFIDENCE) kept.push({ ...pain, pain: undefined });
      continue;
    }
    if (!pain.pain) {
      // The playbook pain the page's words come close to; none when nothing does (a pain this
      // function's playbook does not know stays the page's own, and is never told as another one).
      const closest = bestMatch(
        fn.pains.filter((candidate) => !usedPains.has(candidate.id)),
        [{ text: `${pain.sentence} ${pain.answer ?? ''}`, weight: 1 }],
        0.5,
      )?.entry;
      if (closest) {
        pain = { ...pain, pain: closest, confidence: round(pain.confidence * 0.85) };
        assigned.add(pain);
      }
    }
    if (pain.pain) usedPains.add(pain.pain.id);
    kept.push(pain);
  }
  // Each stated pain's answer on the page: the best-scoring pain and capability pairs first, so a
  // strong match ("Cycle counts shut down pick faces" ↔ "Continuous cycle counting") is not taken
  // by a weaker one that came first.
  const scored = kept.flatMap((pain) =>
    pain.answer
      ? []
      : capabilities.map((capability) => ({
          pain,
          capability,
          score: answerScore(assigned.has(pain) ? undefined : pain.pain, pain.sentence, capability),
        })),
  );
  const answers = new Map<StatedPain, PageCapability>();
  for (const { pain, capability, score } of scored.sort((a, b) => b.score - a.score)) {
    if (score < 1 || answers.has(pain) || usedCapabilities.has(capability)) continue;
    answers.set(pain, capability);
    usedCapabilities.add(capability);
  }
  for (const pain of kept) {
    const capability = answers.get(pain);
    const answerKind = pain.answer ? kindOfAnswer(fn, pain) : undefined;
    pairs.push({
      origin: 'stated',
      stated: pain,
      pain: pain.pain,
      capability,
      kind:
        capability?.kind ?? answerKind ?? (pain.pain ? capabilityById(pain.pain.answeredBy[0] as string) : undefined),
      answer: pain.answer,
      confidence: pain.confidence,
    });
  }

  // Capabilities no stated pain took: the playbook pain each answers.
  for (const capability of [...capabilities].sort((a, b) => b.confidence - a.confidence)) {
    if (pairs.length >= MAX_PAIRS) break;
    if (usedCapabilities.has(capability) || !capability.kind) continue;
    const kind = capability.kind;
    const pain =
      fn.pains.find((candidate) => candidate.answeredBy[0] === kind.id && !usedPains.has(candidate.id)) ??
      fn.pains.find((candidate) => candidate.answeredBy.includes(kind.id) && !usedPains.has(candidate.id));
    if (!pain) continue;
    usedCapabilities.add(capability);
    usedPains.add(pain.id);
    pairs.push({
      origin: 'inferred',
      stated: undefined,
      pain,
      capability,
      kind,
      answer: undefined,
      confidence: round(0.5 * capability.confidence + 0.2),
    });
  }

  // Never a dead end: the function's own pains, in the playbook's order, until there are enough.
  for (const pain of fn.pains) {
    if (pairs.length >= MIN_PAIRS) break;
    if (usedPains.has(pain.id)) continue;
    usedPains.add(pain.id);
    const capability = answering(pain);
    if (capability) usedCapabilities.add(capability);
    pairs.push({
      origin: 'inferred',
      stated: undefined,
      pain,
      capability,
      kind: capability?.kind ?? capabilityById(pain.answeredBy[0] as string),
      answer: undefined,
      confidence: capability ? 0.35 : 0.2,
    });
  }
  return pairs;
}

/** The playbook capability a stated pain's own answer describes, else the pain's first answer. */
function kindOfAnswer(fn: FunctionPlaybook, pain: StatedPain): Capability | undefined {
  const answer = pain.answer ?? '';
  let best: { capability: Capability; score: number } | undefined;
  for (const capability of fn.capabilities) {
    const words = [
      ...capability.signals.en,
      ...capability.signals.de,
      ...capability.signals.fr,
      ...capability.signals.es,
    ];
    const score = words.filter((word) => answer.toLowerCase().includes(word)).length;
    if (score && (!best || score > best.score)) best = { capability, score };
  }
  return (
    best?.capability ??
    (pain.pain ? fn.capabilities.find((capability) => capability.id === pain.pain?.answeredBy[0]) : undefined)
  );
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Content words of a text as stems: inflections off ("counts", "counting" → "count"; "retailer's" →
 * "retailer"), then six letters at most, so a stem does not swallow another word ("trail" is not "trailer").
 */
function stems(text: string): Set<string> {
  const found = new Set<string>();
  for (const raw of text
    .toLowerCase()
    .normalize('NFC')
    .match(/\p{L}+(?:['’]s)?/gu) ?? []) {
    const word = raw.replace(/['’]s$/, '');
    if (word.length < 4 || isFunctionWord(word)) continue;
    const base = word.replace(/(?:ing|ed|es|s)$/, '');
    found.add((base.length >= 4 ? base : word).slice(0, 6));
  }
  return found;
}

/** How rare each stem is among the page's capabilities: a stem one capability uses weighs 1, one all use little. */
function rarityOf(capabilities: PageCapability[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const capability of capabilities) {
    for (const stem of stems(`${capability.headline ?? ''} ${capability.text}`))
      counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  return new Map([...counts].map(([stem, count]) => [stem, 1 / count]));
}

/** The rare words a pain and a capability share. */
function overlap(pain: string, capability: string, rarity: Map<string, number>): number {
  const theirs = stems(capability);
  let score = 0;
  for (const stem of stems(pain)) if (theirs.has(stem)) score += rarity.get(stem) ?? 0;
  return score;
}

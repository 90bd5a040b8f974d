import type { WritingLanguage } from '@seqgen/proto';
import type { Register } from '../../playbook/frames.ts';

/**
 * Register beyond word choice (English): a casual email uses contractions, a formal one spells
 * them out. The copy is written neutral; this is applied to the whole body, quotes left as said.
 */

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI am\b/g, "I'm"],
  [/\bI will\b/g, "I'll"],
  [/\bI have\b(?= (?:been|seen|heard|worked|spoken|talked))/g, "I've"],
  [/\bdo not\b/g, "don't"],
  [/\bDo not\b/g, "Don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bis not\b/g, "isn't"],
  [/\bare not\b/g, "aren't"],
  [/\bcannot\b/g, "can't"],
  [/\bwill not\b/g, "won't"],
  [/\bhave not\b/g, "haven't"],
  [/\bit is\b/g, "it's"],
  [/\bIt is\b/g, "It's"],
  [/\bthat is\b/g, "that's"],
  [/\byou are\b/g, "you're"],
  [/\bwe are\b/g, "we're"],
  [/\bWe are\b/g, "We're"],
];

const EXPANSIONS: [RegExp, string][] = [
  [/\bI'm\b/g, 'I am'],
  [/\bI'll\b/g, 'I will'],
  [/\bI've\b/g, 'I have'],
  [/\bdon't\b/g, 'do not'],
  [/\bDon't\b/g, 'Do not'],
  [/\bdoesn't\b/g, 'does not'],
  [/\bisn't\b/g, 'is not'],
  [/\baren't\b/g, 'are not'],
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
  [/\bhaven't\b/g, 'have not'],
  [/\bit's\b/g, 'it is'],
  [/\bIt's\b/g, 'It is'],
  [/\bthat's\b/g, 'that is'],
  [/\bwhat's\b/g, 'what is'],
  [/\bWhat's\b/g, 'What is'],
  [/\byou're\b/g, 'you are'],
  [/\bwe're\b/g, 'we are'],
  [/\bWe're\b/g, 'We are'],
];

/** Applies the register's contractions outside quotation marks. */
export function adjustRegister(body: string, language: WritingLanguage, register: Register): string {
  if (language !== 'en' || register === 'neutral') return body;
  const rules = register === 'casual' ? CONTRACTIONS : EXPANSIONS;
  // Split on quoted passages so a customer's words stay exactly as said.
  return body
    .split(/("[^"\n]*"|“[^”\n]*”)/)
    .map((part, index) =>
      index % 2 === 1 ? part : rules.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), part),
    )
    .join('');
}

import type { Email, EmailSequence, RegenerateModifier } from '@seqgen/proto';
import type { SequenceBrief } from '../brief/types.ts';
import { DE } from '../copy/de.ts';
import { EN } from '../copy/en.ts';
import { Composition, STEPS, type Tweak } from './composition.ts';
import { EMAILS } from './emails.ts';

/**
 * The built-in writer (docs/architecture.md §2, §6): seven emails with seven angles — an intro opened on the
 * prospect's news or the reader's role, a second pain, a customer's proof, a new angle
 * (differentiators, competitors, the cost of waiting), an objection or quick win (implementation
 * time, ROI, pricing, an offer), something useful, and a breakup. Pain i is always told with the
 * solution that answers it, each proof point is used once and credited to its customer, and the
 * words come from the copy files (../copy), chosen by a seeded generator.
 */
export function composeSequence(brief: SequenceBrief): EmailSequence {
  return [...composeEmails(brief)];
}

/** The seven emails one at a time, in order (the streaming endpoint sends each as it is written). */
export function* composeEmails(brief: SequenceBrief, tweak?: Tweak): Generator<Email, void, undefined> {
  const composition = new Composition(brief, brief.language === 'de' ? DE : EN, tweak);
  for (const step of STEPS) yield EMAILS[step](composition);
}

/**
 * One email written again (the studio's Regenerate): the same sequence up to `index`, that email
 * with the modifier and the seed `variant`, so each variant differs and stays reproducible.
 */
export function composeVariant(
  brief: SequenceBrief,
  index: number,
  options: { modifier?: RegenerateModifier | undefined; variant: number },
): Email {
  const step = STEPS[index];
  if (!step) throw new RangeError(`no email ${index}`);
  const tweak: Tweak = { step, modifier: options.modifier, variant: options.variant };
  let position = 0;
  // The emails before it are written too: what they told (solutions, proof) is not told again.
  for (const written of composeEmails(brief, tweak)) {
    if (position === index) return written;
    position += 1;
  }
  throw new RangeError(`no email ${index}`);
}

import { bodyParts, checkSequence, readingLevel, withoutQuotes } from '@seqgen/checks';
import type { Email, RegenerateModifier, SequenceChecks, WritingLanguage } from '@seqgen/proto';
import type { ComposerBrief } from './brief.ts';
import { composeEmails } from './compose.ts';

/**
 * Other versions of the built-in writer's emails: the same brief with another seed, or changed the
 * way the studio's Regenerate asks (shorter, longer, more casual, more formal, a stronger ask, a
 * different pain). Used to rewrite an email that fails a check before a sequence is returned, and
 * to regenerate one email.
 */

const REGISTERS = ['casual', 'neutral', 'formal'] as const;

export function briefFor(
  brief: ComposerBrief,
  modifier: RegenerateModifier | undefined,
  variant: number,
): ComposerBrief {
  const step = REGISTERS.indexOf(brief.register);
  switch (modifier) {
    case 'shorter':
      return { ...brief, length: 'short' };
    case 'longer':
      return { ...brief, length: brief.length === 'short' ? 'normal' : 'long' };
    case 'casual':
      return { ...brief, register: REGISTERS[Math.max(0, step - 1)] as ComposerBrief['register'] };
    case 'formal':
      return { ...brief, register: REGISTERS[Math.min(2, step + 1)] as ComposerBrief['register'] };
    case 'different_angle': {
      // Another pain leads: the angles turned by one more place each time it is asked.
      const by = 1 + (variant % Math.max(1, brief.angles.length - 1));
      return { ...brief, angles: [...brief.angles.slice(by), ...brief.angles.slice(0, by)] };
    }
    default:
      return brief;
  }
}

/** Email `index` written another way. */
export function composeVariant(
  brief: ComposerBrief,
  index: number,
  options: { modifier?: RegenerateModifier | undefined; variant: number },
): Email {
  const emails = composeEmails(briefFor(brief, options.modifier, options.variant), options.variant, {
    strongAsk: options.modifier === 'stronger_cta' ? index : undefined,
  });
  return emails[index] as Email;
}

const failing = (checks: SequenceChecks, index: number) =>
  [...(checks.emails[index] ?? []), ...checks.sequence]
    .filter((check) => check.status === 'fail')
    .map((check) => check.id);
const failures = (checks: SequenceChecks, index: number) => failing(checks, index).length;

/** An email's reading grade, as the checks measure it (the writer's prose, quotes left out). */
const gradeOf = (email: Email, language: WritingLanguage) =>
  readingLevel(withoutQuotes(bodyParts(email.body).prose, ''), language).score;

/**
 * What a version of email `index` costs: its failing checks, and when the sequence reads too hard
 * on average, its grade (a plainer version of any email helps, though one alone may not be enough).
 */
const costOf = (checks: SequenceChecks, index: number, email: Email, language: WritingLanguage) =>
  failures(checks, index) +
  (checks.sequence.some((check) => check.id === 'reading-average' && check.status === 'fail')
    ? gradeOf(email, language) / 100
    : 0);

/** How many other versions an email that fails a check is tried in before it is kept as it is. */
export const REWRITES = 6;

/**
 * The sequence with every email that fails a check written again (other seeds) until it passes,
 * or the version that fails least: a failing email is rewritten before the sequence is returned,
 * and what still fails is what the checks then report.
 */
export function composeChecked(brief: ComposerBrief): { sequence: Email[]; checks: SequenceChecks; rewritten: number } {
  let sequence = composeEmails(brief);
  let checks = checkSequence(sequence, brief.checkContext);
  let rewritten = 0;
  for (let index = 0; index < sequence.length; index += 1) {
    if (!failures(checks, index)) continue;
    const language = brief.language;
    const current = sequence[index] as Email;
    let best = { email: current, checks, cost: costOf(checks, index, current, language) };
    for (let variant = 1; variant <= REWRITES && failures(best.checks, index); variant += 1) {
      // Too hard to read on average: every other version is the shorter one (the optional sentences go).
      const plainer = variant % 2 === 0 && failing(best.checks, index).includes('reading-average');
      const email = composeVariant(brief, index, { variant, modifier: plainer ? 'shorter' : undefined });
      const trial = sequence.map((each, position) => (position === index ? email : each));
      const trialChecks = checkSequence(trial, brief.checkContext);
      const cost = costOf(trialChecks, index, email, language);
      // Fewer failures, or the same ones read more plainly: never one failure traded for another.
      const before = new Set(failing(best.checks, index));
      const trades =
        failures(trialChecks, index) >= before.size && failing(trialChecks, index).some((id) => !before.has(id));
      if (cost < best.cost && !trades) best = { email, checks: trialChecks, cost };
    }
    if (best.email !== sequence[index]) {
      rewritten += 1;
      sequence = sequence.map((each, position) => (position === index ? best.email : each));
      checks = best.checks;
    }
  }
  return { sequence, checks, rewritten };
}

/** The built-in writer's sequence as it is returned: composed, checked, failing emails rewritten. */
export const composeSequence = (brief: ComposerBrief): Email[] => composeChecked(brief).sequence;

import { checkSequence, detectLanguage } from '@seqgen/checks';
import type {
  Customization,
  Email,
  EmailSequence,
  RegenerateModifier,
  SequenceChecks,
  SubmittedAnalysis,
  WritingLanguage,
} from '@seqgen/proto';
import type { LlmClient } from '../llm/index.ts';
import { readContext } from './brief/context.ts';
import { type ComposerBrief, seedOf } from './compose/brief.ts';
import { composeEmails } from './compose/compose.ts';
import { composeChecked, composeVariant } from './compose/variants.ts';
import { rewriteEmailWithLlm, writeWithLlm } from './llm/write.ts';

/**
 * Who follows a sequence as it is written (the streaming endpoint): each email as it is ready,
 * the one being written so far, and a signal that stops the writing when the reader has gone.
 */
export interface WritingObserver {
  /** The email being written so far (an LLM writer only). */
  draft?: ((index: number, draft: { subject: string; body: string }) => void) | undefined;
  email?: ((index: number, email: Email) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** A sequence as written, with the quality checks on it. */
export interface WrittenSequence {
  sequence: EmailSequence;
  checks: SequenceChecks;
  /** Whether the LLM writer made a repair call (some check failed on its first answer). */
  repaired: boolean;
}

/**
 * The two writers behind one interface (docs/architecture.md §6): the built-in composer, or the
 * LLM writer when a model is configured.
 */
export interface Writer {
  /** "builtin" or "llm:<model>". */
  readonly id: string;
  /**
   * The language to write in (docs/product.md §3): the one asked for in the wizard or in the
   * context ("write in German"), else the analysis's. Both writers write all four.
   */
  languageFor(customization: Customization, analysis: SubmittedAnalysis): WritingLanguage;
  /**
   * The seven emails, each handed to the observer as it is ready. When the reader has gone (the
   * signal aborted), the writing stops early: the caller finds the signal aborted.
   */
  write(brief: ComposerBrief, observer?: WritingObserver): Promise<WrittenSequence>;
  /** One email of `sequence` written again, and the checks on the sequence with it in place. */
  rewrite(
    brief: ComposerBrief,
    sequence: EmailSequence,
    index: number,
    modifier: RegenerateModifier | undefined,
  ): Promise<{ email: Email; checks: SequenceChecks }>;
}

/** The LLM writer when `llm` is given, else the built-in composer. */
export function createWriter(llm: LlmClient | undefined): Writer {
  return {
    id: llm ? `llm:${llm.model}` : 'builtin',

    languageFor(customization, analysis) {
      const written =
        analysis.language ??
        detectLanguage([analysis.companyDescription, ...analysis.customerPains, ...analysis.solutions].join(' ')) ??
        'en';
      const asked =
        customization.language === 'auto'
          ? readContext(customization.additionalContext, undefined).language
          : customization.language;
      return asked ?? written;
    },

    async write(brief, observer) {
      if (llm) {
        const written = await writeWithLlm(llm, brief, {
          signal: observer?.signal,
          onDraft: observer?.draft,
          onEmail: observer?.email,
        });
        return { ...written, checks: written.checks ?? checkSequence(written.sequence, brief.checkContext) };
      }
      // Checked before anything is shown: a failing email is written again first (./compose/variants.ts).
      const { sequence, checks, rewritten } = composeChecked(brief);
      const shown: Email[] = [];
      for (const email of sequence) {
        if (observer?.signal?.aborted) break;
        observer?.email?.(shown.length, email);
        shown.push(email);
      }
      return { sequence: shown, checks, repaired: rewritten > 0 };
    },

    async rewrite(brief, sequence, index, modifier) {
      const email = llm
        ? await rewriteEmailWithLlm(llm, brief, sequence, index, modifier)
        : composeReplacement(brief, sequence, index, modifier);
      const merged = sequence.map((each, position) => (position === index ? email : each));
      return { email, checks: checkSequence(merged, brief.checkContext) };
    },
  };
}

/**
 * The built-in writer's new version of one email: another seed (derived from the email being
 * replaced, so asking again gives yet another, and a test gets the same one), kept only if it
 * differs and fails no check; the best of a few tries otherwise.
 */
function composeReplacement(
  brief: ComposerBrief,
  sequence: EmailSequence,
  index: number,
  modifier: RegenerateModifier | undefined,
): Email {
  const current = sequence[index] as Email;
  const base = seedOf(`${current.subject}\n${current.body}\n${modifier ?? ''}`);
  // Neither the email as it stands nor the one first written for this place: asked twice, the
  // user must not get the first version back.
  const first = [...composeEmails(brief)][index] as Email;
  const known = (email: Email) =>
    [current, first].some((other) => other.subject === email.subject && other.body === email.body);
  let best: { email: Email; failures: number } | undefined;
  // An email with few ways to say it (a customer's quote) may only differ by telling another
  // story, or by its length: a plain Regenerate falls back to those before giving the same words back.
  const ladder: (RegenerateModifier | undefined)[] = modifier
    ? [modifier]
    : [undefined, 'different_angle', 'longer', 'shorter'];
  for (const asked of ladder) {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const email = composeVariant(brief, index, { modifier: asked, variant: base + attempt });
      if (known(email)) continue;
      const merged = sequence.map((each, position) => (position === index ? email : each));
      const checks = checkSequence(merged, brief.checkContext);
      const failures = [...(checks.emails[index] ?? []), ...checks.sequence].filter(
        (check) => check.status === 'fail',
      ).length;
      if (failures === 0) return email;
      if (!best || failures < best.failures) best = { email, failures };
    }
    if (best) break;
  }
  return best?.email ?? composeVariant(brief, index, { modifier, variant: base });
}

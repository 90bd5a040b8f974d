import { checkSequence, detectLanguage } from '@seqgen/checks';
import { HttpError } from '@seqgen/kit';
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
import { seedOf } from './brief/brief.ts';
import { readContext } from './brief/context.ts';
import type { SequenceBrief } from './brief/types.ts';
import { composeEmails, composeVariant } from './composer/composer.ts';
import { LANGUAGE_NAMES } from './languages.ts';
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
   * The language to write in (docs/product.md §3: `auto` is the site's language when the writer
   * can write it). Throws HttpError 400 `language_needs_ai` when the built-in composer cannot.
   */
  languageFor(customization: Customization, analysis: SubmittedAnalysis): WritingLanguage;
  /**
   * The seven emails, each handed to the observer as it is ready. When the reader has gone (the
   * signal aborted), the writing stops early: the caller finds the signal aborted.
   */
  write(brief: SequenceBrief, observer?: WritingObserver): Promise<WrittenSequence>;
  /** One email of `sequence` written again, and the checks on the sequence with it in place. */
  rewrite(
    brief: SequenceBrief,
    sequence: EmailSequence,
    index: number,
    modifier: RegenerateModifier | undefined,
  ): Promise<{ email: Email; checks: SequenceChecks }>;
}

/** The languages the built-in composer writes (docs/architecture.md §6); an LLM writes all of WRITING_LANGUAGES. */
const COMPOSER_LANGUAGES: readonly WritingLanguage[] = ['en', 'de'];

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
      if (llm) return asked ?? written;
      if (!asked) return COMPOSER_LANGUAGES.includes(written) ? written : 'en';
      if (!COMPOSER_LANGUAGES.includes(asked)) {
        throw new HttpError(
          400,
          'language_needs_ai',
          `Writing in ${LANGUAGE_NAMES[asked]} needs an AI model: the built-in writer writes English and German.`,
        );
      }
      if (asked !== written && COMPOSER_LANGUAGES.includes(written)) {
        throw new HttpError(
          400,
          'language_needs_ai',
          `Writing in ${LANGUAGE_NAMES[asked]} from an analysis in ${LANGUAGE_NAMES[written]} needs an AI model: the built-in writer writes in the analysis's language. Choose ${LANGUAGE_NAMES[written]} or Auto, or edit the analysis into ${LANGUAGE_NAMES[asked]}.`,
        );
      }
      return asked;
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
      const sequence: Email[] = [];
      for (const email of composeEmails(brief)) {
        if (observer?.signal?.aborted) break;
        observer?.email?.(sequence.length, email);
        sequence.push(email);
      }
      return { sequence, checks: checkSequence(sequence, brief.checkContext), repaired: false };
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
  brief: SequenceBrief,
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
  // story: a plain Regenerate falls back to a different angle before giving the same words back.
  for (const asked of modifier ? [modifier] : [undefined, 'different_angle' as const]) {
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

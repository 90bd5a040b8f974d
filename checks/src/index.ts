/**
 * @seqgen/checks: the writing-quality checks of a sequence. Pure and synchronous, shared by the
 * services (which check what the writers produce) and the web app (which re-checks on every edit).
 */
export type { BodyParts } from './body.ts';
export { bodyParts } from './body.ts';
export type { CheckId, EmailCheckId, SequenceCheckId } from './copy.ts';
export { EMAIL_CHECK_IDS, FIELD_FALLBACKS, LABELS, SEQUENCE_CHECK_IDS } from './copy.ts';
export { detectLanguage, guessLanguage, isFunctionWord, phraseLanguage } from './detect-language.ts';
export { asksReader, hasSpamPhrase } from './email-checks.ts';
export type { Seam, SeamKind, SentenceIssue } from './grammar/index.ts';
export { finiteVerbs, hasFiniteVerb, isSentence, mainClauseVerbs, seams, sentenceIssues } from './grammar/index.ts';
export { INJECTION_PATTERNS, isInjection, withoutInjections } from './injection.ts';
export type { ReadingBand, ReadingScale } from './limits.ts';
export { LIMITS } from './limits.ts';
export { proseProblems } from './manager-checks.ts';
export type { BareGreetingField, MergeField } from './merge-fields.ts';
export {
  bareGreetingField,
  intendedField,
  isMergeField,
  MERGE_FIELD_PATTERN,
  MERGE_FIELDS,
  mergeFieldToken,
  renderMergeFields,
} from './merge-fields.ts';
export type { ReadingLevel } from './reading.ts';
export { readingLevel } from './reading.ts';
export { checkEmail, checkSequence } from './sequence-checks.ts';
export { countWords, splitSentences, withoutQuotes } from './text.ts';

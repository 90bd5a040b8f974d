import type { CheckContext, CheckResult, Email, WritingLanguage } from '@seqgen/proto';
import type { BodyParts } from './body.ts';
import { REASONS } from './copy.ts';
import { detectLanguage } from './detect-language.ts';
import { result } from './email-checks.ts';
import { sentenceIssues } from './grammar/index.ts';
import { LIMITS } from './limits.ts';
import { stripMergeFields } from './merge-fields.ts';
import { clean, normaliseForMatching, quote, splitSentences, withoutQuotes } from './text.ts';

/**
 * What a sales manager rejects that the older checks let through (docs/architecture.md §6): a
 * sentence without a verb or with a heading fused into it, a sentence in another language, a promise
 * of an asset nobody has, a quote or result credited without support, the same sentence in two
 * emails, and a "pain" that is no problem or a "solution" that answers nothing.
 */

// --- whole sentences ---------------------------------------------------------------------------

/** Short verbless asks read as natural speech ("Worth a quick chat?", "¿Le encaja?"). */
const MAX_VERBLESS_QUESTION_WORDS = 7;

/** Issues that make a sentence read as pasted or cut, whatever the writer. */
const SEAM_ISSUES = new Set([
  'heading-run-on',
  'run-on',
  'slot',
  'line-break',
  'repeated-word',
  'empty-colon',
  'missing-space',
]);

export function sentencesCheck(parts: BodyParts, language: WritingLanguage): CheckResult {
  const problems = proseProblems(parts.prose, language);
  if (problems.length) return result('sentences', 'fail', problems[0] as string);
  return result('sentences', 'pass', REASONS.sentences.pass());
}

/**
 * What the sentences check finds wrong in a piece of prose (seams, sentences without a verb),
 * one reason a sentence; empty when it would pass. Writers test page text with it before they
 * use it (an offer sentence, a result), so an email is not built on a sentence that fails.
 */
export function proseProblems(prose: string, language: WritingLanguage): string[] {
  const problems: string[] = [];
  // A customer's words are quoted as said; the writer's own prose is what is judged.
  for (const sentence of splitSentences(withoutQuotes(stripMergeFields(prose, 'Alex'), '"Q"'), language)) {
    const text = clean(sentence);
    if (!text || text === '"Q"') continue;
    const issues = sentenceIssues(text, language).filter((issue) => issue !== 'start' && issue !== 'end');
    const question = text.endsWith('?');
    const verbless = issues.includes('no-verb') || issues.includes('no-main-verb');
    const seam = issues.find((issue) => SEAM_ISSUES.has(issue));
    if (seam) problems.push(REASONS.sentences.seam(quote(text, LIMITS.quoteChars), seam));
    else if (verbless && !(question && text.split(/\s+/).length <= MAX_VERBLESS_QUESTION_WORDS)) {
      problems.push(REASONS.sentences.verbless(quote(text, LIMITS.quoteChars)));
    }
  }
  return problems;
}

// --- one language ------------------------------------------------------------------------------

export function languageCheck(email: Email, parts: BodyParts, language: WritingLanguage): CheckResult {
  const prose = withoutQuotes(stripMergeFields(`${email.subject}.\n\n${parts.prose}`), '');
  for (const sentence of splitSentences(prose, language)) {
    const detected = detectLanguage(sentence);
    if (detected && detected !== language) {
      return result(
        'language',
        'fail',
        REASONS.language.mixed(quote(clean(sentence), LIMITS.quoteChars), detected, language),
      );
    }
  }
  return result('language', 'pass', REASONS.language.pass(language));
}

// --- promised assets ---------------------------------------------------------------------------

/** Things a rep "sends" that must exist: a one-pager, a case study, a guide, an attachment. */
const PROMISES: Record<WritingLanguage, RegExp> = {
  en: /\b(?:(?:i(?:'ll| will| can| could| have| 've)?|let me|happy to|glad to)\s+(?:send|share|forward|attach|pass along|drop)\b.{0,40}\b(?:one[- ]pager|guide|case stud(?:y|ies)|deck|report|checklist|video|white ?paper|e-?book|template|playbook|brochure|overview|datasheet|pdf|recording|benchmark|calculator)|\b(?:i(?:'ve| have)|(?:is|are|find|see|please find)) attached\b|\battached (?:is|are|you)\b|\bin the attachment|\bdownload (?:it|our|the)\b|\blink below\b|\bhere(?:'s| is) (?:the|a) link\b)/i,
  de: /\b(?:anbei|im anhang|angehängt|(?:schicke|sende|schicken|senden)\s+(?:ich\s+)?(?:ihnen\s+)?(?:gern(?:e)?\s+)?(?:unsere?n?|die|den|das|eine?n?)\s+(?:übersicht|fallstudie|checkliste|broschüre|präsentation|leitfaden|whitepaper|studie|pdf|vorlage|video))\b/i,
  fr: /\b(?:ci-joint|en pièce jointe|(?:je vous (?:envoie|transmets|partage|joins))\s+(?:volontiers\s+)?(?:notre|la|le|une|un)\s+(?:étude de cas|fiche|brochure|présentation|guide|livre blanc|pdf|modèle|vidéo|checklist))\b/i,
  es: /\b(?:adjunto|te adjunto|le adjunto|(?:le|te) (?:envío|mando|comparto)\s+(?:nuestro|nuestra|el|la|un|una)\s+(?:caso de éxito|guía|folleto|presentación|informe|pdf|plantilla|vídeo|video|checklist))\b/i,
};

export function promisesCheck(parts: BodyParts, language: WritingLanguage, sources: string): CheckResult {
  const found = PROMISES[language].exec(withoutQuotes(parts.prose, ''));
  // An asset the user's own sources mention ("our ROI calculator") may be offered.
  if (found && !sources.includes(found[0].toLowerCase().split(/\s+/).at(-1) ?? '')) {
    return result('promises', 'fail', REASONS.promises.fail(quote(found[0], LIMITS.quoteChars)));
  }
  return result('promises', 'pass', REASONS.promises.pass());
}

// --- supported credit --------------------------------------------------------------------------

const QUOTED = /"([^"\n]{8,})"|“([^”\n]{8,})”|„([^“”\n]{8,})[“”]|«\s?([^»\n]{8,}?)\s?»/g;

/**
 * Every quoted passage is words the sources hold, and a customer or person named in the same
 * sentence as a quote is the one the sources credit it to (a quote the sources credit to nobody is
 * credited to nobody).
 */
export function creditCheck(parts: BodyParts, context: CheckContext): CheckResult {
  const proofs = context.proofs ?? [];
  const names = [
    ...new Set(proofs.flatMap((proof) => [proof.customer, proof.person?.split(',')[0]]).filter(Boolean) as string[]),
  ];
  const sourceText = normaliseForMatching(context.sources.join('\n').toLowerCase());
  let checked = 0;
  for (const sentence of splitSentences(parts.prose, context.language)) {
    for (const match of sentence.matchAll(QUOTED)) {
      const words = clean(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
      if (words.split(/\s+/).length < 3) continue;
      checked += 1;
      const key = normaliseForMatching(words.toLowerCase()).replace(/[.!?…]+$/, '');
      const proof = proofs.find((candidate) => normaliseForMatching(candidate.text.toLowerCase()).includes(key));
      if (!proof && !sourceText.includes(key))
        return result('credit', 'fail', REASONS.credit.unsourced(quote(words, LIMITS.quoteChars)));
      const outside = sentence.replace(match[0], ' ');
      for (const name of names) {
        if (!outside.toLowerCase().includes(name.toLowerCase())) continue;
        const credited = [proof?.customer, proof?.person].some((value) =>
          value?.toLowerCase().includes(name.toLowerCase()),
        );
        if (!credited) return result('credit', 'fail', REASONS.credit.wrong(quote(words, LIMITS.quoteChars), name));
      }
    }
  }
  return result('credit', 'pass', checked ? REASONS.credit.pass() : REASONS.credit.nothing());
}

// --- nothing said twice ------------------------------------------------------------------------

/** A sentence this long said in two emails is a repeat, not a shared phrase. */
const MIN_REPEAT_WORDS = 6;

export function repeatsCheck(analyses: readonly { proseSentences: readonly string[] }[]): CheckResult {
  const seen = new Map<string, number>();
  for (const [index, analysis] of analyses.entries()) {
    for (const sentence of new Set(analysis.proseSentences.map((each) => clean(each)))) {
      if (sentence.split(/\s+/).length < MIN_REPEAT_WORDS || sentence.endsWith('?')) continue;
      const key = sentence.toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined && earlier !== index) {
        return result(
          'repeats',
          'fail',
          REASONS.repeats.fail(earlier + 1, index + 1, quote(sentence, LIMITS.quoteChars)),
        );
      }
      seen.set(key, index);
    }
  }
  return result('repeats', 'pass', REASONS.repeats.pass());
}

// --- pains and answers -------------------------------------------------------------------------

const PRICE =
  /[$€£¥]\s?\d|\d\s?(?:€|eur|usd|\$)\b|\/\s?(?:mo|month|user|seat|monat|mois|mes)\b|\bper (?:user|seat|month)\b/i;
const SPEC =
  /^[\p{L} ()/.-]{1,40}:\s*[\d<>±~≤≥-]|\b\d+(?:[.,]\d+)?\s?(?:mm|cm|kg|vdc|vac|kw|mah|ghz|°c|psi|dba)\b|\brev\.\s?[a-z0-9]{1,3}\b/iu;
const INTEGRATIONS =
  /^(?:integrates? with|works with|connects? (?:to|with)|integrationen|intégrations|integraciones)\b/i;

/**
 * The analysis's pairs a sequence is written from: a "pain" that is a price, a spec line or another
 * pain again is no problem, and a "solution" that is a price, a spec line or a list of integrations
 * answers nothing.
 */
export function pairsCheck(context: CheckContext): CheckResult {
  const pairs = context.pairs ?? [];
  if (!pairs.length) return result('pairs', 'pass', REASONS.pairs.nothing());
  const seen = new Set<string>();
  for (const [index, { pain, solution }] of pairs.entries()) {
    const key = clean(pain).toLowerCase();
    if (PRICE.test(pain) || SPEC.test(pain))
      return result('pairs', 'fail', REASONS.pairs.notProblem(index + 1, quote(pain, LIMITS.quoteChars)));
    if (seen.has(key)) return result('pairs', 'fail', REASONS.pairs.twice(index + 1, quote(pain, LIMITS.quoteChars)));
    seen.add(key);
    if (PRICE.test(solution) && solution.split(/\s+/).length <= 12) {
      return result('pairs', 'fail', REASONS.pairs.notAnswer(index + 1, quote(solution, LIMITS.quoteChars)));
    }
    if (SPEC.test(solution) || INTEGRATIONS.test(solution.trim())) {
      return result('pairs', 'fail', REASONS.pairs.notAnswer(index + 1, quote(solution, LIMITS.quoteChars)));
    }
  }
  return result('pairs', 'pass', REASONS.pairs.pass(pairs.length));
}

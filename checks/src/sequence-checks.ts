import type { CheckContext, CheckResult, CheckStatus, Email, SequenceChecks } from '@seqgen/proto';
import { type Compiled, compiledFor } from './compiled.ts';
import {
  EMAIL_CHECK_IDS,
  PERSONALISATION_NAMES,
  REASONS,
  SCORE_NAMES,
  SEQUENCE_CHECK_IDS,
  targetText,
} from './copy.ts';
import { analyseEmail, type EmailAnalysis, result } from './email-checks.ts';
import { LEGAL_FORMS } from './lexicon/shared.ts';
import { LIMITS } from './limits.ts';
import { pairsCheck, repeatsCheck } from './manager-checks.ts';
import { MERGE_FIELD_PATTERN, stripMergeFields } from './merge-fields.ts';
import { bandStatus } from './reading.ts';
import { sourcesOf } from './sources.ts';
import { clean, compact, letterWords, normaliseForMatching, quote } from './text.ts';

const RANK: Readonly<Record<CheckStatus, number>> = { pass: 0, warn: 1, fail: 2 };

export const worst = (statuses: Iterable<CheckStatus>): CheckStatus => {
  let status: CheckStatus = 'pass';
  for (const next of statuses) if (RANK[next] > RANK[status]) status = next;
  return status;
};

/** The per-email checks, in a fixed order. */
export function checkEmail(email: Email, index: number, context: CheckContext): CheckResult[] {
  return analyseEmail(email, index, compiledFor(context.language), sourcesOf(context), context).results;
}

function countCheck(emails: readonly Email[]): CheckResult {
  return emails.length === LIMITS.emails
    ? result('count', 'pass', REASONS.count.pass(emails.length))
    : result('count', 'fail', REASONS.count.fail(emails.length, LIMITS.emails));
}

function contentStems(prose: string, compiled: Compiled): Set<string> {
  const { minWordLength, stemLength } = LIMITS.distinct;
  const stems = new Set<string>();
  for (const word of letterWords(stripMergeFields(prose))) {
    if (word.length >= minWordLength && !compiled.stopWords.has(word)) stems.add(word.slice(0, stemLength));
  }
  return stems;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const stem of a) if (b.has(stem)) shared += 1;
  const union = a.size + b.size - shared;
  return union ? shared / union : 0;
}

function distinctCheck(emails: readonly Email[], analyses: readonly EmailAnalysis[], compiled: Compiled): CheckResult {
  if (emails.length < 2) return result('distinct', 'pass', REASONS.distinct.few());
  const subjects = emails.map((email) => clean(email.subject).toLowerCase());
  const openings = analyses.map((analysis) => clean(analysis.proseSentences[0]).toLowerCase());
  const stems = analyses.map((analysis) => contentStems(analysis.parts.prose, compiled));
  let closest = { a: 0, b: 1, similarity: -1 };
  for (let a = 0; a < emails.length; a += 1) {
    for (let b = a + 1; b < emails.length; b += 1) {
      const subject = subjects[a];
      if (subject && subject === subjects[b]) {
        return result(
          'distinct',
          'fail',
          REASONS.distinct.sameSubject(a + 1, b + 1, quote(emails[a]?.subject ?? '', LIMITS.quoteChars)),
        );
      }
      const opening = openings[a];
      if (opening && opening === openings[b]) {
        const sentence = analyses[a]?.proseSentences[0] ?? '';
        return result(
          'distinct',
          'fail',
          REASONS.distinct.sameOpening(a + 1, b + 1, quote(sentence, LIMITS.quoteChars)),
        );
      }
      const similarity = jaccard(stems[a] ?? new Set(), stems[b] ?? new Set());
      if (similarity > closest.similarity) closest = { a, b, similarity };
    }
  }
  const { a, b, similarity } = closest;
  const { fail, warn } = LIMITS.distinct;
  if (similarity >= fail) return result('distinct', 'fail', REASONS.distinct.similar(a + 1, b + 1, similarity));
  if (similarity >= warn) return result('distinct', 'warn', REASONS.distinct.similar(a + 1, b + 1, similarity));
  return result('distinct', 'pass', REASONS.distinct.pass(a + 1, b + 1, similarity));
}

const matchText = (email: Email): string => normaliseForMatching(`${email.subject}\n${email.body}`);

function breakupCheck(emails: readonly Email[], compiled: Compiled): CheckResult {
  const last = emails.at(-1);
  if (!last) return result('breakup', 'fail', REASONS.breakup.none());
  const signal = compiled.breakup.exec(matchText(last));
  if (!signal) return result('breakup', 'fail', REASONS.breakup.missing(emails.length));
  for (const [index, email] of emails.slice(0, -1).entries()) {
    const early = compiled.strongBreakup.exec(matchText(email));
    if (early) return result('breakup', 'fail', REASONS.breakup.early(index + 1, early[0]));
  }
  return result('breakup', 'pass', REASONS.breakup.pass(emails.length, signal[0]));
}

/** Either word is a prefix of the other, sharing enough letters ("heads" and "head"). */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < LIMITS.personalisation.minSharedPrefix) return false;
  return a.startsWith(b) || b.startsWith(a);
}

/** The words that identify a term: content words, with acronyms kept even when short ("IT"). */
function termWords(term: string, compiled: Compiled): string[] {
  const words: string[] = [];
  for (const [token] of term.matchAll(/[\p{L}\p{N}]+/gu)) {
    const lower = token.toLowerCase();
    const acronym = token.length >= 2 && token === token.toUpperCase() && /\p{L}/u.test(token);
    if (acronym || !compiled.stopWords.has(lower)) words.push(lower);
  }
  return words;
}

/** A prospect as its name: no protocol, "www." or top-level domain, no legal form. */
function prospectWords(prospect: string, compiled: Compiled): string[] {
  const name =
    /^(?:https?:\/\/)?(?:www\.)?([\p{L}\p{N}-]+)\.[\p{L}.]{2,}(?:\/.*)?$/u.exec(prospect.trim())?.[1] ?? prospect;
  const words = termWords(name.replace(/-/g, ' '), compiled).filter((word) => !LEGAL_FORMS.includes(word));
  return words.length ? words : termWords(name, compiled);
}

interface EmailWords {
  readonly exact: ReadonlySet<string>;
  readonly all: readonly string[];
  readonly compact: string;
  readonly companyField: boolean;
}

const letterWordsAndDigits = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function emailWords(email: Email): EmailWords {
  const text = `${email.subject}\n${email.body}`;
  const all = letterWordsAndDigits(stripMergeFields(text));
  return {
    exact: new Set(all),
    all,
    compact: compact(stripMergeFields(text)),
    companyField: [...text.matchAll(MERGE_FIELD_PATTERN)].some((match) => match[1] === 'company'),
  };
}

const mentions = (words: readonly string[], email: EmailWords): boolean =>
  words.length > 0 &&
  words.every((word) => email.exact.has(word) || email.all.some((other) => wordsMatch(word, other)));

function personalisationCheck(emails: readonly Email[], context: CheckContext, compiled: Compiled): CheckResult {
  const given = [context.persona, context.industry, context.prospect].some((term) => term?.trim());
  const customers = (context.caseStudyCustomers ?? []).map(compact).filter(Boolean);
  if (!given && !customers.length) return result('personalisation', 'pass', REASONS.personalisation.nothing());
  const texts = emails.map(emailWords);
  const min = LIMITS.personalisation.minEmails;
  const parts: string[] = [];
  let failed = false;
  const count = (matches: (email: EmailWords) => boolean) => texts.filter(matches).length;
  const report = (what: string, emailsMentioning: number) => {
    parts.push(REASONS.personalisation.count(what, emailsMentioning, parts.length === 0));
    if (emailsMentioning < min) failed = true;
  };
  if (context.persona?.trim()) {
    const words = termWords(context.persona, compiled);
    report(
      PERSONALISATION_NAMES.persona,
      count((email) => mentions(words, email)),
    );
  }
  if (context.industry?.trim()) {
    const names = [context.industry, ...(context.industryNames ?? [])]
      .map((name) => termWords(name, compiled))
      .filter((words) => words.length);
    report(
      PERSONALISATION_NAMES.industry,
      count((email) => names.some((words) => mentions(words, email))),
    );
  }
  if (context.prospect?.trim()) {
    const words = prospectWords(context.prospect, compiled);
    const [first] = words;
    const distinctive =
      words.length > 1 && first && first.length >= LIMITS.personalisation.prospectFirstWordMin ? [first] : [];
    // {{company}} is filled with the prospect's name when the sequence targets one company.
    report(
      PERSONALISATION_NAMES.prospect,
      count((email) => email.companyField || mentions(words, email) || mentions(distinctive, email)),
    );
  }
  if (customers.length) {
    const naming = texts.flatMap((email, i) =>
      customers.some((customer) => email.compact.includes(customer)) ? [i + 1] : [],
    );
    if (naming.length) parts.push(REASONS.personalisation.caseStudy(naming));
    else {
      parts.push(REASONS.personalisation.noCaseStudy());
      failed = true;
    }
  }
  return failed
    ? result('personalisation', 'fail', REASONS.personalisation.fail(parts, min))
    : result('personalisation', 'pass', REASONS.personalisation.pass(parts));
}

function readingAverageCheck(analyses: readonly EmailAnalysis[], compiled: Compiled): CheckResult {
  if (!analyses.length) return result('reading-average', 'pass', REASONS.readingAverage.none());
  const band = LIMITS.readingAverage[compiled.language];
  const average = analyses.reduce((sum, analysis) => sum + analysis.reading.score, 0) / analyses.length;
  const status = bandStatus(average, band);
  const reason = REASONS.readingAverage[status](
    SCORE_NAMES[band.scale],
    average.toFixed(1),
    targetText(band.scale, band.pass),
  );
  return result('reading-average', status, reason);
}

/** The reason's first clause, for naming a problem in the summary. */
function brief(reason: string): string {
  const clause = reason.split(/; /)[0]?.replace(/\.$/, '') ?? reason;
  const lowered = /^\p{Lu}\p{Ll}/u.test(clause) ? clause.charAt(0).toLowerCase() + clause.slice(1) : clause;
  return quote(lowered, 70);
}

function summarise(emails: readonly CheckResult[][], sequence: readonly CheckResult[]): string {
  const problems: { status: CheckStatus; text: string }[] = [];
  emails.forEach((results, i) => {
    for (const check of results) {
      if (check.status !== 'pass') {
        problems.push({
          status: check.status,
          text: REASONS.summary.emailItem(i + 1, check.label, brief(check.reason)),
        });
      }
    }
  });
  for (const check of sequence) {
    if (check.status !== 'pass')
      problems.push({ status: check.status, text: REASONS.summary.sequenceItem(check.label, brief(check.reason)) });
  }
  if (!problems.length) return REASONS.summary.allPass(EMAIL_CHECK_IDS.length + SEQUENCE_CHECK_IDS.length);
  const fails = problems.filter((problem) => problem.status === 'fail');
  const warns = problems.filter((problem) => problem.status === 'warn');
  const max = LIMITS.summary.maxProblems;
  const named = [...fails, ...warns].slice(0, max).map((problem) => problem.text);
  if (problems.length > max) named.push(REASONS.summary.more(problems.length - max));
  return `${REASONS.summary.counts(fails.length, warns.length)}: ${named.join('; ')}.`;
}

/** Every check of a sequence: each email's, the sequence's, the worst status and a one-line summary. */
export function checkSequence(emails: Email[], context: CheckContext): SequenceChecks {
  const compiled = compiledFor(context.language);
  const sources = sourcesOf(context);
  const analyses = emails.map((email, index) => analyseEmail(email, index, compiled, sources, context));
  const perEmail = analyses.map((analysis) => analysis.results);
  const sequence = [
    countCheck(emails),
    distinctCheck(emails, analyses, compiled),
    repeatsCheck(analyses),
    breakupCheck(emails, compiled),
    personalisationCheck(emails, context, compiled),
    readingAverageCheck(analyses, compiled),
    pairsCheck(context),
  ];
  const status = worst([...perEmail.flat(), ...sequence].map((check) => check.status));
  return { status, summary: summarise(perEmail, sequence), sequence, emails: perEmail };
}

import type { CheckContext, CheckResult, CheckStatus, Email, WritingLanguage } from '@seqgen/proto';
import { type BodyParts, bodyParts } from './body.ts';
import { type Compiled, compiledFor, KNOWN_ACRONYMS, MODEL_CHATTER_PATTERN } from './compiled.ts';
import { type CheckId, FIELD_FALLBACKS, LABELS, REASONS, SCORE_NAMES, targetText } from './copy.ts';
import { isInjection } from './injection.ts';
import { LIMITS } from './limits.ts';
import { creditCheck, languageCheck, promisesCheck, sentencesCheck } from './manager-checks.ts';
import { findHtml, findPlaceholders } from './markup.ts';
import {
  bareGreetingField,
  intendedField,
  type MergeField,
  mergeFieldToken,
  renderMergeFields,
  stripMergeFields,
} from './merge-fields.ts';
import { sentenceClaims } from './names.ts';
import { findNumbers, valueKey } from './numbers.ts';
import { bandStatus, type ReadingLevel, readingOfSentences } from './reading.ts';
import type { Sources } from './sources.ts';
import { compact, countWords, normaliseForMatching, quote, splitSentences, withoutQuotes } from './text.ts';

/** One email's results plus what the sequence checks reuse, so nothing is parsed twice. */
export interface EmailAnalysis {
  readonly results: CheckResult[];
  readonly parts: BodyParts;
  readonly proseSentences: readonly string[];
  readonly reading: ReadingLevel;
}

export const result = (id: CheckId, status: CheckStatus, reason: string): CheckResult => ({
  id,
  label: LABELS[id],
  status,
  reason,
});

const q = (text: string): string => quote(text, LIMITS.quoteChars);

function lengthCheck(body: string, index: number): CheckResult {
  const words = countWords(body);
  const { min } = LIMITS.length;
  const max = index === 0 ? LIMITS.length.firstEmailMax : LIMITS.length.max;
  return words >= min && words <= max
    ? result('length', 'pass', REASONS.length.pass(words, min, max))
    : result('length', 'fail', REASONS.length.fail(words, min, max));
}

const FAKE_REPLY = /^(?:re|fwd?|aw|wg)\s*:/i;

function subjectCheck(subject: string): CheckResult {
  const text = subject.trim();
  if (!text) return result('subject', 'fail', REASONS.subject.empty());
  const limits = LIMITS.subject;
  const chars = [...renderMergeFields(text)].length;
  const words = countWords(text);
  const failures: string[] = [];
  const reply = FAKE_REPLY.exec(text);
  if (reply) failures.push(REASONS.subject.fakeReply(reply[0].replace(/\s+/g, '')));
  if (chars > limits.maxChars) failures.push(REASONS.subject.tooLong(chars, limits.maxChars));
  if (words > limits.maxWords) failures.push(REASONS.subject.tooManyWords(words, limits.maxWords));
  const plain = stripMergeFields(text);
  if ((plain.match(/\p{L}{2,}/gu) ?? []).length >= limits.minCapsWords && !/\p{Ll}/u.test(plain)) {
    failures.push(REASONS.subject.allCaps());
  }
  if (failures.length) return result('subject', 'fail', failures.join(' '));
  if (text.includes('!')) return result('subject', 'warn', REASONS.subject.exclamation());
  return result('subject', 'pass', REASONS.subject.pass(chars, words));
}

function readingCheck(reading: ReadingLevel, compiled: Compiled): CheckResult {
  const band = LIMITS.reading[compiled.language];
  const status = bandStatus(reading.score, band);
  const name = SCORE_NAMES[band.scale];
  const score = reading.score.toFixed(1);
  return result('reading', status, REASONS.reading[status](name, score, targetText(band.scale, band.pass)));
}

const QUESTION = /\?[\s"”’»)]*$/;

export const isAsk = (sentence: string, compiled: Compiled): boolean =>
  QUESTION.test(sentence) || compiled.ask.test(normaliseForMatching(sentence));

/** Whether a sentence asks the reader for something (a question, "book a demo", "reply"): the one-ask check's test. */
export const asksReader = (sentence: string, language: WritingLanguage): boolean =>
  isAsk(sentence, compiledFor(language));

/** Whether a text holds a phrase of the spam check's list ("guaranteed", "garantizado"): the spam check's test for phrases. */
export const hasSpamPhrase = (text: string, language: WritingLanguage): boolean => {
  const { spam } = compiledFor(language);
  spam.lastIndex = 0;
  const found = spam.test(normaliseForMatching(text));
  spam.lastIndex = 0;
  return found;
};

function asksCheck(sentences: readonly string[], compiled: Compiled): CheckResult {
  const asks = sentences.filter((sentence) => isAsk(sentence, compiled)).map(q);
  const [only] = asks;
  if (asks.length === LIMITS.asks.exactly && only) return result('asks', 'pass', REASONS.asks.pass(only));
  return result('asks', 'fail', asks.length ? REASONS.asks.many(asks) : REASONS.asks.none());
}

const CAPS_WORD = new RegExp(`(?<![\\p{L}\\p{N}])\\p{Lu}{${LIMITS.spam.capsMinLetters},}(?![\\p{L}\\p{N}])`, 'gu');

function spamCheck(email: Email, compiled: Compiled, sources: Sources): CheckResult {
  const text = `${email.subject}\n${email.body}`;
  const found = new Map<string, string>();
  for (const [phrase] of normaliseForMatching(text).matchAll(compiled.spam)) {
    found.set(phrase.toLowerCase(), phrase);
  }
  for (const [word] of stripMergeFields(text).matchAll(CAPS_WORD)) {
    if (!KNOWN_ACRONYMS.has(word) && !sources.capsWords.has(word)) found.set(word.toLowerCase(), word);
  }
  if (found.size) return result('spam', 'fail', REASONS.spam.phrases([...found.values()]));
  const exclamations = (email.body.match(/!/g) ?? []).length;
  if (exclamations >= LIMITS.spam.exclamationsFail)
    return result('spam', 'fail', REASONS.spam.exclamations(exclamations));
  if (exclamations === 1) return result('spam', 'warn', REASONS.spam.oneExclamation());
  return result('spam', 'pass', REASONS.spam.pass());
}

/** How a field is best written: the writer's own fallback when it gave one, else the language's. */
function suggestedField(field: MergeField, fallback: string | undefined, language: WritingLanguage): string {
  if (field === 'sender_name') return mergeFieldToken(field, fallback || undefined);
  return mergeFieldToken(field, fallback || FIELD_FALLBACKS[language][field]);
}

/**
 * Left-over slots fail; a misspelt merge field ("{{firstName}}", "{{ first_name }}", "{{name}}")
 * fails too, since a sequencer sends it as it stands, and the reason says how to write it. A field
 * without a fallback in the greeting warns: a prospect without a first name would read "Hi ,".
 */
function placeholdersCheck(email: Email, language: WritingLanguage): CheckResult {
  const found = findPlaceholders(`${email.subject}\n${email.body}`);
  if (found.length) {
    const misspelt = found.flatMap((token) => {
      const meant = intendedField(token);
      return meant ? [{ token, write: suggestedField(meant.field, meant.fallback, language) }] : [];
    });
    const slots = found.filter((token) => !intendedField(token));
    const reasons = [
      misspelt.length
        ? REASONS.placeholders.notField(
            misspelt.map((item) => item.token),
            misspelt.map((item) => item.write),
          )
        : '',
      slots.length ? REASONS.placeholders.fail(slots) : '',
    ];
    return result('placeholders', 'fail', reasons.filter(Boolean).join(' '));
  }
  const bare = bareGreetingField(email.body, LIMITS.greeting.maxWords);
  if (bare) {
    const write = suggestedField(bare.field, undefined, language);
    return result('placeholders', 'warn', REASONS.placeholders.noFallback(bare.token, bare.readsEmpty, write));
  }
  return result('placeholders', 'pass', REASONS.placeholders.pass());
}

function htmlCheck(email: Email): CheckResult {
  const found = findHtml(`${email.subject}\n${email.body}`);
  return found.length ? result('html', 'fail', REASONS.html.fail(found)) : result('html', 'pass', REASONS.html.pass());
}

function injectionCheck(email: Email, bodySentences: readonly string[], sources: Sources): CheckResult {
  const sentences = [email.subject, ...bodySentences];
  const injected = isInjection(`${email.subject}\n${email.body}`) ? sentences.find(isInjection) : undefined;
  if (injected) return result('injection', 'fail', REASONS.injection.fail(q(injected)));
  for (const [phrase] of normaliseForMatching(`${email.subject}\n${email.body}`).matchAll(MODEL_CHATTER_PATTERN)) {
    const lower = phrase.toLowerCase();
    // A company that sells language models may say "language model"; its sources will too.
    if (sources.lower.includes(lower)) continue;
    const sentence = sentences.find((s) => normaliseForMatching(s.toLowerCase()).includes(lower)) ?? phrase;
    return result('injection', 'fail', REASONS.injection.fail(q(sentence)));
  }
  return result('injection', 'pass', REASONS.injection.pass());
}

function claimsCheck(
  email: Email,
  bodySentences: readonly string[],
  compiled: Compiled,
  sources: Sources,
): CheckResult {
  const spaced = compiled.language === 'fr' || compiled.language === 'es';
  const sentences = [email.subject, ...bodySentences].map((sentence) => stripMergeFields(sentence));
  const unsupported = new Map<string, string>();
  let checked = 0;
  for (const sentence of sentences) {
    const claims = sentenceClaims(sentence, compiled.names);
    for (const mention of findNumbers(sentence, spaced)) {
      // "a 15-minute call" is the ask's length, not a claim; "from 45 minutes to 10" is.
      if (mention.minutes && !claims.result) continue;
      checked += 1;
      if (!mention.values.some((value) => sources.numbers.has(valueKey(value)))) {
        unsupported.set(mention.text.toLowerCase(), mention.text);
      }
    }
    for (const name of claims.names) {
      checked += 1;
      const key = compact(name);
      if (!sources.compact.includes(key)) unsupported.set(key, name);
    }
  }
  if (unsupported.size) return result('claims', 'fail', REASONS.claims.fail([...unsupported.values()]));
  return result('claims', 'pass', checked ? REASONS.claims.pass() : REASONS.claims.nothing());
}

/** The names the user and the analysis gave: none of them makes an email harder to read. */
function namesOf(context: CheckContext): string[] {
  const names = [
    context.persona,
    context.prospect,
    ...(context.caseStudyCustomers ?? []),
    ...(context.proofs ?? []).flatMap((proof) => [proof.customer, ...(proof.person ?? '').split(/\s*,\s*/)]),
  ];
  return [...new Set(names.filter((name): name is string => Boolean(name && name.trim().length > 2)))].sort(
    (a, b) => b.length - a.length,
  );
}

function withoutNames(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of names) out = out.split(name).join('Name');
  return out;
}

export function analyseEmail(
  email: Email,
  index: number,
  compiled: Compiled,
  sources: Sources,
  context: CheckContext,
): EmailAnalysis {
  const parts = bodyParts(email.body);
  const bodySentences = splitSentences(email.body, compiled.language);
  const proseSentences = splitSentences(parts.prose, compiled.language);
  // A customer's words are quoted as said: the reading level is the writer's own prose, and the
  // names in it (the reader's title, the prospect, customers and their people) read as one word.
  const reading = readingOfSentences(
    splitSentences(withoutNames(withoutQuotes(parts.prose, ''), namesOf(context)), compiled.language),
    compiled.language,
  );
  const results = [
    lengthCheck(email.body, index),
    subjectCheck(email.subject),
    readingCheck(reading, compiled),
    asksCheck(proseSentences, compiled),
    spamCheck(email, compiled, sources),
    placeholdersCheck(email, compiled.language),
    htmlCheck(email),
    injectionCheck(email, bodySentences, sources),
    claimsCheck(email, bodySentences, compiled, sources),
    sentencesCheck(parts, compiled.language),
    languageCheck(email, parts, compiled.language),
    promisesCheck(parts, compiled.language, sources.lower),
    creditCheck(parts, context),
  ];
  return { results, parts, proseSentences, reading };
}

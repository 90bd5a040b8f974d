import type { WritingLanguage } from '@seqgen/proto';

/**
 * What the checks say. The UI is English whatever language the emails are in, so reasons are not
 * localised; they are one short line each and name the thing to fix.
 */

export const EMAIL_CHECK_IDS = [
  'length',
  'subject',
  'reading',
  'asks',
  'spam',
  'placeholders',
  'html',
  'injection',
  'claims',
  'sentences',
  'language',
  'promises',
  'credit',
] as const;
export const SEQUENCE_CHECK_IDS = [
  'count',
  'distinct',
  'repeats',
  'breakup',
  'personalisation',
  'reading-average',
  'pairs',
] as const;

export type EmailCheckId = (typeof EMAIL_CHECK_IDS)[number];
export type SequenceCheckId = (typeof SEQUENCE_CHECK_IDS)[number];
export type CheckId = EmailCheckId | SequenceCheckId;

export const LABELS: Readonly<Record<CheckId, string>> = {
  length: 'Length',
  subject: 'Subject line',
  reading: 'Reading level',
  asks: 'One ask',
  spam: 'Spam phrases',
  placeholders: 'Placeholders',
  html: 'HTML',
  injection: 'Injected text',
  claims: 'Sourced facts',
  sentences: 'Whole sentences',
  language: 'One language',
  promises: 'No promised assets',
  credit: 'Supported credit',
  repeats: 'Nothing said twice',
  pairs: 'Pains and answers',
  count: 'Seven emails',
  distinct: 'Distinct angles',
  breakup: 'Breakup last',
  personalisation: 'Personalisation',
  'reading-average': 'Average reading level',
};

/** "'a'", "'a' and 'b'", "'a', 'b', 'c' and 2 more". */
export function listQuoted(items: readonly string[], max = 3): string {
  const quoted = items.slice(0, max).map((item) => `'${item}'`);
  const rest = items.length - quoted.length;
  if (rest > 0) return `${quoted.join(', ')} and ${rest} more`;
  if (quoted.length <= 1) return quoted[0] ?? '';
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

const times = (n: number): string => (n === 2 ? 'twice' : `${n} times`);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const emailList = (numbers: readonly number[]): string =>
  numbers.length === 1 ? `email ${numbers[0]}` : `emails ${listPlain(numbers.map(String))}`;
const listPlain = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const percent = (value: number): string => `${Math.round(value * 100)}%`;

export const REASONS = {
  length: {
    pass: (words: number, min: number, max: number) => `${words} words; within ${min}–${max}.`,
    fail: (words: number, min: number, max: number) => `${words} words; keep it between ${min} and ${max}.`,
  },
  subject: {
    pass: (chars: number, words: number) => `${plural(chars, 'character')}, ${plural(words, 'word')}.`,
    empty: () => 'Empty subject.',
    tooLong: (chars: number, max: number) => `${chars} characters; keep it to ${max}.`,
    tooManyWords: (words: number, max: number) => `${words} words; keep it to ${max}.`,
    fakeReply: (prefix: string) => `Starts with '${prefix}', which fakes a reply.`,
    allCaps: () => 'All capitals; write it in sentence case.',
    exclamation: () => "Has '!'; it reads as hype.",
  },
  /** `target` reads "10 or lower" or "50 or higher". */
  reading: {
    pass: (name: string, score: string, target: string) => `${name} ${score}; target ${target}.`,
    warn: (name: string, score: string, target: string) => `${name} ${score}; aim for ${target}.`,
    fail: (name: string, score: string, target: string) => `${name} ${score}; too hard, aim for ${target}.`,
  },
  asks: {
    pass: (ask: string) => `One ask: '${ask}'.`,
    none: () => 'No ask.',
    many: (asks: readonly string[]) => `Asks ${times(asks.length)}: ${listQuoted(asks)}.`,
  },
  spam: {
    pass: () => 'No spam phrases.',
    phrases: (found: readonly string[]) => `Spam trigger${found.length === 1 ? '' : 's'}: ${listQuoted(found)}.`,
    exclamations: (count: number) => `${count} exclamation marks; use none.`,
    oneExclamation: () => "One '!'; a full stop reads calmer.",
  },
  placeholders: {
    pass: () => 'Only supported merge fields.',
    fail: (found: readonly string[]) => `Unfilled placeholder${found.length === 1 ? '' : 's'}: ${listQuoted(found)}.`,
    /** "'{{firstName}}' is not a merge field; write {{first_name|there}}." */
    notField: (found: readonly string[], write: readonly string[]) =>
      `${listQuoted(found)} ${found.length === 1 ? 'is not a merge field' : 'are not merge fields'}; write ${listPlain([...new Set(write)])}.`,
    /** "Hi {{first_name}}," without a name: "An empty '{{first_name}}' leaves 'Hi ,'; write {{first_name|there}}." */
    noFallback: (token: string, readsEmpty: string, write: string) =>
      `An empty '${token}' leaves the greeting '${readsEmpty}'; write ${write}.`,
  },
  html: {
    pass: () => 'Plain text.',
    fail: (found: readonly string[]) => `HTML in plain text: ${listQuoted(found)}.`,
  },
  injection: {
    pass: () => 'No injected or model text.',
    fail: (snippet: string) => `Looks like injected or model text: '${snippet}'.`,
  },
  claims: {
    pass: () => 'Every number and customer name is in your sources.',
    nothing: () => 'No numbers or customer names to check.',
    fail: (items: readonly string[]) =>
      `${listQuoted(items)} ${items.length === 1 ? 'is' : 'are'} not in the analysis, case studies or your context.`,
  },
  sentences: {
    pass: () => 'Every sentence is whole.',
    verbless: (sentence: string) => `'${sentence}' has no verb; write it as a sentence.`,
    seam: (sentence: string, kind: string) => `'${sentence}' reads as pasted (${kind.replace(/-/g, ' ')}).`,
  },
  language: {
    pass: (language: string) => `All in ${LANGUAGE_NAMES[language] ?? language}.`,
    mixed: (sentence: string, found: string, wanted: string) =>
      `'${sentence}' is in ${LANGUAGE_NAMES[found] ?? found}, not ${LANGUAGE_NAMES[wanted] ?? wanted}.`,
  },
  promises: {
    pass: () => 'Promises nothing that has to exist.',
    fail: (promise: string) => `'${promise}' promises something to send; offer a call or an answer instead.`,
  },
  credit: {
    pass: () => "Every quote is the source's, credited as the source credits it.",
    nothing: () => 'No quotes to check.',
    unsourced: (words: string) => `The quote '${words}' is not in the sources.`,
    wrong: (words: string, name: string) => `'${words}' is credited to ${name}, which the sources do not support.`,
  },
  repeats: {
    pass: () => 'No sentence is said twice.',
    fail: (a: number, b: number, sentence: string) => `Emails ${a} and ${b} both say '${sentence}'.`,
  },
  pairs: {
    pass: (count: number) => `${plural(count, 'pain')}, each a problem with an answer.`,
    nothing: () => 'No pains to check.',
    notProblem: (row: number, pain: string) => `Pain ${row}, '${pain}', is a price or a spec, not a problem.`,
    twice: (row: number, pain: string) => `Pain ${row}, '${pain}', is listed twice.`,
    notAnswer: (row: number, solution: string) => `Solution ${row}, '${solution}', answers nothing.`,
  },
  count: {
    pass: (count: number) => `${count} emails.`,
    fail: (count: number, expected: number) => `${plural(count, 'email')}; a sequence has ${expected}.`,
  },
  distinct: {
    pass: (a: number, b: number, similarity: number) => `Closest pair: emails ${a} and ${b} at ${percent(similarity)}.`,
    few: () => 'Fewer than two emails to compare.',
    similar: (a: number, b: number, similarity: number) =>
      `Emails ${a} and ${b} are ${percent(similarity)} alike; give each its own angle.`,
    sameSubject: (a: number, b: number, subject: string) => `Emails ${a} and ${b} share the subject '${subject}'.`,
    sameOpening: (a: number, b: number, opening: string) => `Emails ${a} and ${b} open alike: '${opening}'.`,
  },
  breakup: {
    pass: (email: number, signal: string) => `Email ${email} closes the loop ('${signal}').`,
    none: () => 'No emails.',
    missing: (email: number) => `Email ${email} does not close the loop.`,
    early: (email: number, signal: string) => `Email ${email} already says '${signal}'; save it for the last one.`,
  },
  personalisation: {
    nothing: () => 'No persona, industry, prospect or case study given.',
    /** "Persona in 4 emails", then "industry in 3". */
    count: (what: string, count: number, first: boolean) =>
      first ? `${what} in ${plural(count, 'email')}` : `${what.toLowerCase()} in ${count}`,
    caseStudy: (emails: readonly number[]) => `case study in ${emailList(emails)}`,
    noCaseStudy: () => 'no case study named',
    pass: (parts: readonly string[]) => `${capitaliseFirst(parts.join(', '))}.`,
    fail: (parts: readonly string[], min: number) =>
      `${capitaliseFirst(parts.join(', '))}; mention each in ${min}+ emails and name a case study.`,
  },
  readingAverage: {
    none: () => 'No emails to average.',
    pass: (name: string, score: string, target: string) => `Average ${name.toLowerCase()} ${score}; target ${target}.`,
    warn: (name: string, score: string, target: string) => `Average ${name.toLowerCase()} ${score}; aim for ${target}.`,
    fail: (name: string, score: string, target: string) =>
      `Average ${name.toLowerCase()} ${score}; too hard, aim for ${target}.`,
  },
  summary: {
    allPass: (checks: number) => `All ${checks} checks pass on every email.`,
    counts: (fails: number, warns: number) =>
      [fails ? `${fails} failing` : '', warns ? plural(warns, 'warning') : ''].filter(Boolean).join(', '),
    more: (count: number) => `and ${count} more`,
    emailItem: (email: number, label: string, brief: string) => `email ${email} ${label.toLowerCase()}: ${brief}`,
    sequenceItem: (label: string, brief: string) => `${label.toLowerCase()}: ${brief}`,
  },
} as const;

const LANGUAGE_NAMES: Readonly<Record<string, string>> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish' };

/** "Grade" for the grade scales, "Ease" for the ease scales. */
export const SCORE_NAMES = { grade: 'Grade', ease: 'Ease' } as const;

export const targetText = (scale: 'grade' | 'ease', limit: number): string =>
  `${limit} or ${scale === 'grade' ? 'lower' : 'higher'}`;

/** Personalisation's names for what it counts. */
export const PERSONALISATION_NAMES = { persona: 'Persona', industry: 'Industry', prospect: 'Prospect' } as const;

function capitaliseFirst(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * The fallback a reason suggests for a field, per language ("Hi {{first_name|there}},"). French and
 * Spanish greetings read naturally without a name ("Bonjour,"), so theirs is an explicit empty one.
 * The sender's name is always known to the sequencer and gets none.
 */
export const FIELD_FALLBACKS: Readonly<Record<WritingLanguage, { first_name: string; company: string }>> = {
  en: { first_name: 'there', company: 'your company' },
  de: { first_name: 'zusammen', company: 'Ihr Unternehmen' },
  fr: { first_name: '', company: 'votre entreprise' },
  es: { first_name: '', company: 'su empresa' },
};

import { daysAfterPrevious } from './cadence';
import { toSheet } from './csv';
import type { Dialect } from './merge-tags';
import { translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * Apollo sequences. Apollo imports contacts from CSV but has no import for sequence steps, so this
 * export is a CSV step sheet for building the sequence by hand: one automatic email step per row.
 *
 * Variables: Apollo's basic dynamic variables `{{first_name}}`, `{{company}}` and
 * `{{sender_first_name}}` (https://knowledge.apollo.io/hc/en-us/articles/4409415084813).
 * Fallbacks: per https://knowledge.apollo.io/hc/en-us/articles/4409735256845-Use-Advanced-Dynamic-Variables
 * a basic variable without data sends the email to "Not sent", and the "empty fallback"
 * `{{#if first_name}}{{#endif}}` sends "Greetings ," instead. So a seqgen fallback becomes the
 * "dynamic fallback" `{{#if first_name}}{{first_name}}{{#else}}there{{#endif}}` (the page names it;
 * the exact spelling is the one Apollo templates in public repositories use), and a field without a
 * fallback stays a basic variable: held in "Not sent" rather than sent as "Hi ,".
 *
 * Delays: each step's wait time counts from the step before, in days of the sequence's sending
 * schedule rather than calendar days (https://support.apollo.io/hc/en-us/articles/360000094572).
 * Threading: follow-ups are marked to go as a reply in the first email's thread and carry no subject;
 * Apollo's page on that option was not found, so the column is an instruction for the builder.
 */
const apolloVariable =
  (name: string) =>
  (fallback: string): string =>
    fallback ? `{{#if ${name}}}{{${name}}}{{#else}}${fallback}{{#endif}}` : `{{${name}}}`;

export const APOLLO_TAGS: Dialect = {
  first_name: apolloVariable('first_name'),
  company: apolloVariable('company'),
  sender_name: apolloVariable('sender_first_name'),
};

export const APOLLO_COLUMNS = [
  'Step',
  'Step type',
  'Send day',
  'Wait time (days after previous step)',
  'Reply in same thread',
  'Subject',
  'Body',
] as const;

export function apolloSheet({ emails, days }: SequencePlan): string {
  const waits = daysAfterPrevious(days);
  return toSheet(
    APOLLO_COLUMNS,
    emails.map((email, index) => [
      index + 1,
      'Automatic email',
      days[index] as number,
      waits[index] as number,
      index === 0 ? 'No' : 'Yes',
      index === 0 ? translateMergeFields(email.subject, APOLLO_TAGS) : '',
      translateMergeFields(email.body, APOLLO_TAGS),
    ]),
  );
}

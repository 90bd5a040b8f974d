import { daysAfterPrevious } from './cadence';
import { toSheet } from './csv';
import { type Dialect, fixedTags, translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * Outreach sequences. Outreach has no file import for sequences; its API builds one from separate
 * sequence, sequenceStep, template and sequenceTemplate records, so this export is a CSV step sheet
 * for building the sequence by hand: one automated email step per row.
 *
 * Variables: `{{first_name}}`, `{{account.name}}` and `{{sender.first_name}}`, as they appear in
 * templates fetched from Outreach's API in public code (Outreach's own variable page was not found;
 * its data dictionary, https://developers.outreach.io/data-sharing/data-dictionary-v1/templates,
 * shows variables in template bodies and counts failures "typically from bad variables").
 * Fallbacks: Outreach templates use Handlebars-style `{{#if ...}}` blocks, but no documented
 * else/fallback form was found, so the seqgen fallback is dropped: a prospect without a first name
 * makes Outreach hold the email as a failure to fix, never "Hi ,".
 *
 * Delays: an interval sequence runs each step a number of days after the previous one
 * (https://support.outreach.io/support/solutions/articles/159000425524-outreach-sequence-overview).
 * Threading: a step's template can be sent as a reply on the previous thread (the sequenceTemplate
 * `isReply` flag in Outreach's API), so follow-ups carry "Yes" and no subject of their own.
 */
export const OUTREACH_TAGS: Dialect = fixedTags({
  first_name: '{{first_name}}',
  company: '{{account.name}}',
  sender_name: '{{sender.first_name}}',
});

export const OUTREACH_COLUMNS = [
  'Step',
  'Step type',
  'Send day',
  'Interval (days after previous step)',
  'Reply on previous thread',
  'Subject',
  'Body',
] as const;

export function outreachSheet({ emails, days }: SequencePlan): string {
  const intervals = daysAfterPrevious(days);
  return toSheet(
    OUTREACH_COLUMNS,
    emails.map((email, index) => [
      index + 1,
      'Automated email',
      days[index] as number,
      intervals[index] as number,
      index === 0 ? 'No' : 'Yes',
      index === 0 ? translateMergeFields(email.subject, OUTREACH_TAGS) : '',
      translateMergeFields(email.body, OUTREACH_TAGS),
    ]),
  );
}

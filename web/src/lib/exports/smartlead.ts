import { daysAfterPrevious } from './cadence';
import { bodyToHtml, type Dialect, fixedTags, senderAsText, translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * Smartlead campaign sequence (JSON): the body of POST /api/v1/campaigns/{campaign_id}/sequences,
 * `{ sequences: [{ id: null, seq_number, seq_delay_details: { delay_in_days }, subject, email_body }] }`
 * (Smartlead's API docs, "Update Campaign Sequences" and "Email Sequences", whose source is
 * https://github.com/Smartlead-Public/docs: api-reference/campaigns/update-sequences.mdx and
 * core/sequences.mdx). `id: null` creates a new step.
 *
 * Delays: `delay_in_days` is the wait before the step, counted from the step before (0 for the
 * first). Threading: "Subject line optional for follow-ups (uses "Re:" on previous)", so follow-ups
 * have subject '' and Smartlead sends them in the first email's thread.
 *
 * Variables: the documented lead fields `{{first_name}}` and `{{company_name}}`. The docs show no
 * fallback syntax, so the general syntax is used and the seqgen fallback dropped. No sender
 * variable is documented either, so `{{sender_name}}` becomes its seqgen fallback or "[Your name]",
 * plain text for the user to replace.
 */
export const SMARTLEAD_TAGS: Dialect = {
  ...fixedTags({ first_name: '{{first_name}}', company: '{{company_name}}', sender_name: '' }),
  sender_name: senderAsText,
};

export function smartleadSequences({ emails, days }: SequencePlan): unknown {
  const delays = daysAfterPrevious(days);
  return {
    sequences: emails.map((email, index) => ({
      id: null,
      seq_number: index + 1,
      seq_delay_details: { delay_in_days: delays[index] as number },
      subject: index === 0 ? translateMergeFields(email.subject, SMARTLEAD_TAGS) : '',
      email_body: bodyToHtml(email.body, SMARTLEAD_TAGS),
    })),
  };
}

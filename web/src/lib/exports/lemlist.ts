import { daysAfterPrevious } from './cadence';
import { bodyToHtml, type Dialect, fixedTags, translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * lemlist campaign (JSON). lemlist builds a sequence through its API, not from a file: create a
 * campaign named `name`, then add each entry of `steps`, in order, to its sequence with
 * POST /api/sequences/{sequenceId}/steps (each entry is that request's body)
 * (https://developer.lemlist.com/api-reference/endpoints/sequences/add-step-to-sequence). An email
 * step is `{ type: 'email', subject, message, delay }`, the message HTML.
 *
 * Delays: a step's `delay` is the "wait days before execution" after the step before
 * (https://developer.lemlist.com/api-reference/objects-definitions/step), 0 for the first.
 * Threading: follow-ups have an empty subject so lemlist sends them as replies in the first
 * email's thread; lemlist's page on that was not found, so this follows the other sequencers.
 *
 * Variables: `{{firstName}}`, `{{companyName}}` and `{{senderName}}`, as in the add-step example
 * of lemlist's API reference above. No fallback syntax was found, so the seqgen fallback is
 * dropped; lemlist reports leads with a missing variable rather than sending "Hi ,".
 */
export const LEMLIST_TAGS: Dialect = fixedTags({
  first_name: '{{firstName}}',
  company: '{{companyName}}',
  sender_name: '{{senderName}}',
});

export function lemlistCampaign({ name, emails, days }: SequencePlan): unknown {
  const delays = daysAfterPrevious(days);
  return {
    name,
    steps: emails.map((email, index) => ({
      type: 'email',
      subject: index === 0 ? translateMergeFields(email.subject, LEMLIST_TAGS) : '',
      message: bodyToHtml(email.body, LEMLIST_TAGS),
      delay: delays[index] as number,
    })),
  };
}

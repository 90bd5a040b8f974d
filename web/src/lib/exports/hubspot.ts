import { daysAfterPrevious } from './cadence';
import { toSheet } from './csv';
import { type Dialect, fixedTags, translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * HubSpot sequences. HubSpot imports contacts and companies from files but not sequences, and its
 * sequences API enrolls contacts rather than creating steps, so this export is a CSV step sheet for
 * building the sequence by hand: one automated email step per row.
 *
 * Tokens: HubSpot's personalization tokens, `{{ contact.firstname }}` and the associated company's
 * `{{ company.name }}` (HubSpot notes the company token is not the contact's "Company name"
 * property), per https://knowledge.hubspot.com/conversations/how-do-i-add-personalization-tokens-to-a-template-or-snippet
 * which lists contact, company, deal, ticket and sender (HubSpot user) tokens. The sender is the
 * user who enrolls the contact, so `{{ sender.firstname }}` rather than the contact owner's
 * `{{ owner.firstname }}`; that spelling is from HubSpot sequence templates in public repositories,
 * not from a HubSpot page. Fallbacks: the same page says a token with no value shows
 * "[[MISSING TOKEN - ...]]" for the sender to fill in; sales templates have no per-token default,
 * so the seqgen fallback is dropped and HubSpot asks for the value instead of sending "Hi ,".
 *
 * Delays: HubSpot runs steps at 24-hour intervals, each delay counted from the step before, and by
 * default moves follow-ups that fall on a weekend to Monday
 * (https://knowledge.hubspot.com/sequences/what-time-will-steps-execute-sequences).
 * Threading: a sequence can thread its emails so follow-ups inherit the first email's subject and
 * show as one conversation (described at https://support.hypeanddexter.com/sequences, a HubSpot
 * partner's help page; HubSpot's own page on it was not found), so follow-ups carry "Yes" and no
 * subject of their own.
 */
export const HUBSPOT_TAGS: Dialect = fixedTags({
  first_name: '{{ contact.firstname }}',
  company: '{{ company.name }}',
  sender_name: '{{ sender.firstname }}',
});

export const HUBSPOT_COLUMNS = [
  'Step',
  'Step type',
  'Send day',
  'Delay (days after previous step)',
  'Thread with first email',
  'Subject',
  'Body',
] as const;

export function hubspotSheet({ emails, days }: SequencePlan): string {
  const delays = daysAfterPrevious(days);
  return toSheet(
    HUBSPOT_COLUMNS,
    emails.map((email, index) => [
      index + 1,
      'Automated email',
      days[index] as number,
      delays[index] as number,
      index === 0 ? 'No' : 'Yes',
      index === 0 ? translateMergeFields(email.subject, HUBSPOT_TAGS) : '',
      translateMergeFields(email.body, HUBSPOT_TAGS),
    ]),
  );
}

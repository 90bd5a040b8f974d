import { bodyToHtml, type Dialect, translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * Instantly campaign (JSON): the body of Instantly's API v2 POST /api/v2/campaigns
 * (https://developer.instantly.ai/api/v2, Campaign › Create campaign). The emails sit in
 * `sequences[0].steps` (the API reads only the first sequence), each step `{ type: 'email', delay,
 * delay_unit: 'days', variants: [{ subject, body }] }`, bodies as HTML paragraphs.
 *
 * Delays: in Instantly the delay set on a step is the wait before the NEXT step ("the delay
 * configured under Step 1 determines when Step 2 is sent",
 * https://help.instantly.ai/en/articles/7916860-days-to-wait-between-steps), counted in calendar
 * days, so step i carries the gap to email i+1 and the last step 0.
 * Threading: a follow-up with an empty subject goes out in the previous email's thread (the editor
 * shows "<Previous email's subject>" in its place), so follow-ups have subject ''. Instantly's
 * help page for this was not found; it is how campaigns documented in public repositories thread.
 * Schedule: `campaign_schedule` is required to create a campaign; the weekday 09:00-17:00 schedule
 * here is a starting point the user adjusts in the campaign's Schedule tab.
 *
 * Variables: `{{firstName}}`, `{{companyName}}` and the sending account's
 * `{{sendingAccountFirstName}}`. Fallbacks: `{{firstName | there}}`, the form used in live Instantly
 * campaigns documented in public repositories; Instantly's help page on fallbacks was not found.
 */
const instantlyVariable =
  (name: string) =>
  (fallback: string): string =>
    fallback ? `{{${name} | ${fallback}}}` : `{{${name}}}`;

export const INSTANTLY_TAGS: Dialect = {
  first_name: instantlyVariable('firstName'),
  company: instantlyVariable('companyName'),
  sender_name: instantlyVariable('sendingAccountFirstName'),
};

export function instantlyCampaign({ name, emails, days }: SequencePlan): unknown {
  return {
    name,
    campaign_schedule: {
      schedules: [
        {
          name: 'Weekdays 9-5',
          timing: { from: '09:00', to: '17:00' },
          days: { '0': false, '1': true, '2': true, '3': true, '4': true, '5': true, '6': false },
          timezone: 'America/Chicago',
        },
      ],
    },
    sequences: [
      {
        steps: emails.map((email, index) => ({
          type: 'email',
          delay: index + 1 < emails.length ? (days[index + 1] as number) - (days[index] as number) : 0,
          delay_unit: 'days',
          variants: [
            {
              subject: index === 0 ? translateMergeFields(email.subject, INSTANTLY_TAGS) : '',
              body: bodyToHtml(email.body, INSTANTLY_TAGS),
            },
          ],
        })),
      },
    ],
  };
}

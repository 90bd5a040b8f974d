import { bodyToHtml, type Dialect, fixedTags, translateMergeFields } from './merge-tags';
import type { SequencePlan } from './plan';

/**
 * Salesloft cadence import (JSON). Salesloft creates a whole cadence, settings and steps, from one
 * JSON document: the body of POST /v2/cadence_imports, documented in parts at
 * https://developers.salesloft.com/docs/platform/cadence-imports/settings/ and
 * https://developers.salesloft.com/docs/platform/cadence-imports/step-groups/ ; the Email step's
 * `type_settings` (`email_template` with title, subject, body, and
 * `previous_email_step_group_reference_id`) follow the schema integrations use against that API.
 *
 * Days: a step group's `day` is the cadence day the step is due, Day 1 being the first day, so it
 * is the send day + 1. Steps are manual emails (`automated: false`): each is a task with the draft
 * ready, since automated sends need a send time and time zone this app does not know.
 * Threading: `reference_id` numbers each step group, and every follow-up names the group before it
 * in `previous_email_step_group_reference_id` ("used to correlate threaded email steps"), so all
 * emails form one thread; follow-ups carry no subject, because Salesloft sends a threaded step as
 * "Re:" the thread's subject.
 *
 * Dynamic tags: `{{first_name}}`, `{{company}}` and the sender's `{{My.first_name}}`. Salesloft's
 * own list was not found; these are the tags Salesloft's cadence import accepted in public cadence
 * import scripts, which also note that it rejects other spellings such as `{{my_first_name}}`.
 * No fallback syntax was found either, so the seqgen fallback is dropped; Salesloft flags an email
 * whose tag has no value instead of sending "Hi ,".
 */
export const SALESLOFT_TAGS: Dialect = fixedTags({
  first_name: '{{first_name}}',
  company: '{{company}}',
  sender_name: '{{My.first_name}}',
});

export function salesloftCadence({ name, emails, days }: SequencePlan): unknown {
  return {
    settings: {
      name,
      target_daily_people: 0,
      remove_replied: true,
      remove_bounced: true,
      external_identifier: null,
      cadence_function: 'outbound',
    },
    sharing_settings: { team_cadence: false, shared: false },
    cadence_content: {
      step_groups: emails.map((email, index) => ({
        day: (days[index] as number) + 1,
        due_immediately: false,
        automated: false,
        reference_id: index + 1,
        steps: [
          {
            enabled: true,
            name: `Email ${index + 1}`,
            type: 'Email',
            type_settings: {
              ...(index === 0 ? {} : { previous_email_step_group_reference_id: index }),
              email_template: {
                title: `${name} · Email ${index + 1}`,
                ...(index === 0 ? { subject: translateMergeFields(email.subject, SALESLOFT_TAGS) } : {}),
                body: bodyToHtml(email.body, SALESLOFT_TAGS),
              },
            },
          },
        ],
      })),
    },
  };
}

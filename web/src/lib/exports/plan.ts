import type { Email } from '@seqgen/proto';

/** What every builder works from: the emails, their send days and a display name for the tool. */
export interface SequencePlan {
  /** The sequence's title, used as the campaign, cadence or template name inside the tool. */
  name: string;
  emails: readonly Email[];
  /** Send day per email, day 0 first, strictly increasing (see cadence.ts). */
  days: readonly number[];
}

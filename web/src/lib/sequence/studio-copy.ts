import type { CheckStatus, RegenerateModifier } from '@seqgen/proto';

/** The studio's words, kept as data so components only arrange them. */
export const STUDIO_COPY = {
  editText: 'Edit text',
  done: 'Done',
  subject: 'Subject',
  body: 'Body',
  sendDay: 'Send on day',
  regenerate: 'Regenerate',
  regenerateMenu: (n: number) => `Regenerate email ${n}`,
  regenerating: (n: number, how: string | undefined) => `Rewriting email ${n}${how ? ` (${how.toLowerCase()})` : ''}…`,
  regenerated: (n: number) => `Email ${n} was rewritten. The other emails are unchanged.`,
  regenerateFailed: 'Regeneration failed',
  undo: 'Undo',
  undoLabel: (n: number) => `Undo the rewrite of email ${n}`,
  undone: (n: number) => `Email ${n} is back to its previous text.`,
  preview: 'Preview as prospect',
  previewHint: (values: { first_name: string; company: string; sender_name: string }) =>
    `As ${values.first_name} at ${values.company} reads it, from ${values.sender_name}.`,
  mergeFieldsHint:
    'Merge fields like {{first_name|there}} are filled in by your sequencer; the text after | is the fallback.',
  checksTitle: 'Checks',
  checksToggle: (n: number) => `Checks for email ${n}`,
  sequenceChecksToggle: 'Sequence checks',
  checksUpdating: 'Updating checks…',
  openedContext: 'Facts are checked against the sequence as it was opened.',
  cadenceTitle: 'Cadence',
  cadenceInvalid: (message: string, email: number | undefined) =>
    email === undefined ? message : `Email ${email}: ${message}`,
  copyAll: 'Copy all',
  exportMenu: 'Export',
  exportMenuTitle: 'Export for your sequencer',
  exportBlocked: 'Fix the send days before exporting.',
  unsavedTitle: 'Leave without saving?',
  unsavedBody: 'Your changes to this sequence are not saved yet.',
  stay: 'Stay',
  leave: 'Leave',
  saveChanges: 'Save changes',
  saving: 'Saving…',
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  editReload: 'Reload the page; your edits are kept',
} as const;

/** The Regenerate menu: no modifier first (the same brief, written again), then each modifier. */
export const REGENERATE_OPTIONS: readonly { modifier: RegenerateModifier | undefined; label: string }[] = [
  { modifier: undefined, label: 'Write it again' },
  { modifier: 'shorter', label: 'Shorter' },
  { modifier: 'longer', label: 'Longer' },
  { modifier: 'casual', label: 'More casual' },
  { modifier: 'formal', label: 'More formal' },
  { modifier: 'stronger_cta', label: 'Stronger call to action' },
  { modifier: 'different_angle', label: 'Different angle' },
];

export const modifierLabel = (modifier: RegenerateModifier | undefined): string | undefined =>
  modifier ? REGENERATE_OPTIONS.find((option) => option.modifier === modifier)?.label : undefined;

/** Status words beside each icon, so no status is told by colour alone. */
export const STATUS_COPY: Readonly<Record<CheckStatus, string>> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' };

/** "7 pass · 1 warning · 1 fail". */
export function statusCounts(statuses: readonly CheckStatus[]): string {
  const count = (status: CheckStatus) => statuses.filter((s) => s === status).length;
  const fails = count('fail');
  const warns = count('warn');
  return [
    `${count('pass')} pass`,
    warns ? `${warns} ${warns === 1 ? 'warning' : 'warnings'}` : '',
    fails ? `${fails} fail` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

import { intendedField, isMergeField, MERGE_FIELD_PATTERN, type MergeField, renderMergeFields } from '@seqgen/checks';
import type { CheckContext, Customization, Email } from '@seqgen/proto';

/**
 * Merge fields in the studio: the read view shows each `{{field|fallback}}` as a chip (and a
 * misspelt one as a warning chip), and the preview fills them with sample values so the user reads
 * each email as a prospect would.
 */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'field'; text: string; field: MergeField; fallback: string | undefined }
  | { kind: 'unknown'; text: string; meant: MergeField | undefined };

/** Any double-brace token, valid or not (the same shape the checks treat as a placeholder). */
const ANY_FIELD = /\{\{[^{}\n]*\}\}/g;
const FIELD = new RegExp(`^${MERGE_FIELD_PATTERN.source}$`);

/** The text in order, split into plain runs and merge-field tokens; joined back it is the text again. */
export function segmentMergeFields(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(ANY_FIELD)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    const token = match[0];
    if (isMergeField(token)) {
      const parts = FIELD.exec(token);
      segments.push({ kind: 'field', text: token, field: parts?.[1] as MergeField, fallback: parts?.[2] });
    } else {
      segments.push({ kind: 'unknown', text: token, meant: intendedField(token)?.field });
    }
    last = match.index + token.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

export type PreviewValues = Record<MergeField, string>;

export const SAMPLE_FIRST_NAME = 'Jordan';
export const SAMPLE_COMPANY = 'Acme Corp';
/** When the signed-in user has no first name on file. */
export const SAMPLE_SENDER = 'Alex';

const capitalise = (word: string) => (word ? word.charAt(0).toUpperCase() + word.slice(1) : word);

/** "https://www.globex-foods.co.uk/about" → "Globex Foods"; undefined for text that is no address. */
export function prospectNameOf(url: string): string | undefined {
  const text = url.trim();
  if (!text) return undefined;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return undefined;
  }
  const labels = host.replace(/^www\./, '').split('.');
  const name = labels.length > 1 ? labels[0] : host;
  if (!name) return undefined;
  return name.split(/[-_]+/).filter(Boolean).map(capitalise).join(' ') || undefined;
}

/**
 * Sample values: the first name "Jordan"; the company is the prospect when the sequence targets
 * one (its name from the checks' context, else from its address), else a sample company; the
 * sender is the signed-in user's first name.
 */
export function previewValues({
  customization,
  checkContext,
  sender,
}: {
  customization: Partial<Customization> | null | undefined;
  checkContext?: Pick<CheckContext, 'prospect'> | null | undefined;
  sender: { firstName?: string | null; email?: string } | null | undefined;
}): PreviewValues {
  const targeted = customization?.targetSpecificCompany === 'yes';
  const prospect = targeted
    ? checkContext?.prospect?.trim() || prospectNameOf(customization?.prospectCompanyUrl ?? '')
    : undefined;
  const senderName =
    sender?.firstName?.trim().split(/\s+/)[0] || capitalise(sender?.email?.split('@')[0]?.split(/[._-]/)[0] ?? '');
  return {
    first_name: SAMPLE_FIRST_NAME,
    company: prospect || SAMPLE_COMPANY,
    sender_name: senderName || SAMPLE_SENDER,
  };
}

/** The email as the prospect reads it. */
export const previewEmail = (email: Email, values: PreviewValues): Email => ({
  subject: renderMergeFields(email.subject, values),
  body: renderMergeFields(email.body, values),
});

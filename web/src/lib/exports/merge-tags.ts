import { MERGE_FIELD_PATTERN, type MergeField } from '@seqgen/checks';

/**
 * seqgen writes its three merge fields as `{{first_name|there}}`, `{{company|your company}}` and
 * `{{sender_name}}` (checks/src/merge-fields.ts). Each sequencer spells them its own way; a dialect
 * says how one tool writes one field, given the seqgen fallback (trimmed, '' when there is none).
 */
export type Dialect = Readonly<Record<MergeField, (fallback: string, writeText: Escape) => string>>;

/** How literal text is written into the output: as is for plain text and CSV, escaped for HTML. */
export type Escape = (text: string) => string;

const asIs: Escape = (text) => text;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text with every seqgen merge field in the tool's syntax. Literal text goes through `writeText`
 * (tags never do, so HTML escaping cannot break them). A field a tool cannot express at all comes
 * back as '' and takes the space before it along when punctuation follows, as renderMergeFields
 * does, so "Hi {{sender_name}}," never becomes "Hi ,".
 */
export function translateMergeFields(text: string, dialect: Dialect, writeText: Escape = asIs): string {
  // A fresh copy of the shared global pattern, so no lastIndex left by another caller matters.
  const pattern = new RegExp(MERGE_FIELD_PATTERN.source, MERGE_FIELD_PATTERN.flags);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += writeText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = dialect[match[1] as MergeField]((match[2] ?? '').trim(), writeText);
    if (tag) out += tag;
    else if (!LETTER_OR_DIGIT.test(text.charAt(last))) out = out.replace(/[ \t]+$/, '');
  }
  return out + writeText(text.slice(last));
}

/** A dialect with one fixed tag per field that has no fallback syntax: the fallback is dropped. */
export function fixedTags(tags: Readonly<Record<MergeField, string>>): Dialect {
  return {
    first_name: () => tags.first_name,
    company: () => tags.company,
    sender_name: () => tags.sender_name,
  };
}

/**
 * For a tool without a sender variable: the seqgen fallback if there is one, else a bracketed
 * placeholder the user replaces before sending (never an empty gap).
 */
export const SENDER_PLACEHOLDER = '[Your name]';
export const senderAsText = (fallback: string, writeText: Escape): string => writeText(fallback || SENDER_PLACEHOLDER);

const escapeHtml: Escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A plain-text body as the simple HTML the API-based sequencers expect: one <p> per paragraph
 * (paragraphs are separated by blank lines) and <br> for a single line break, text escaped.
 */
export function bodyToHtml(body: string, dialect: Dialect): string {
  const translated = translateMergeFields(body.replace(/\r\n?/g, '\n'), dialect, escapeHtml);
  return translated
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[ \t]*\n[ \t]*/g, '<br>')}</p>`)
    .join('');
}

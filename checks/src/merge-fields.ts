/** The only placeholders a sequence may contain; everything else in braces is a left-over slot. */
export const MERGE_FIELDS = ['first_name', 'company', 'sender_name'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/**
 * `{{name}}` or `{{name|fallback}}`: the name from MERGE_FIELDS, the fallback plain text without
 * braces, pipes or line breaks (may be empty). Global, so use it with matchAll/replace, not test().
 */
export const MERGE_FIELD_PATTERN = new RegExp(`\\{\\{(${MERGE_FIELDS.join('|')})(?:\\|([^{}|\\n]*))?\\}\\}`, 'g');

const EXACT_FIELD = new RegExp(`^${MERGE_FIELD_PATTERN.source}$`);

export const isMergeField = (token: string): boolean => EXACT_FIELD.test(token);

/**
 * Fills each merge field with its value, else its fallback, else nothing. An empty field takes
 * the space before it along when punctuation or a space follows, so "Hi {{first_name}}," reads
 * "Hi," rather than "Hi ,"; spacing elsewhere (French "Bonjour !") is left alone.
 */
export function renderMergeFields(text: string, values: Partial<Record<MergeField, string>> = {}): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MERGE_FIELD_PATTERN)) {
    const given = values[match[1] as MergeField];
    const value = given?.trim() ? given : (match[2] ?? '');
    out += text.slice(last, match.index);
    last = match.index + match[0].length;
    if (value) out += value;
    else if (!/[\p{L}\p{N}]/u.test(text.charAt(last))) out = out.replace(/[ \t]+$/, '');
  }
  return out + text.slice(last);
}

/** The text without merge fields, so nothing inside one is measured or checked as a claim. */
export function stripMergeFields(text: string, replacement = ' '): string {
  return text.replace(MERGE_FIELD_PATTERN, replacement);
}

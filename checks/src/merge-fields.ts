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

/**
 * Other spellings people and models use for seqgen's fields ("firstName", "{{ first_name }}",
 * "{{name}}", "{{company_name}}"), compared after lower-casing and turning camelCase, spaces and
 * dashes into underscores. They are not merge fields, but the reason can say which one was meant.
 */
const FIELD_ALIASES: Readonly<Record<string, MergeField>> = {
  first_name: 'first_name',
  firstname: 'first_name',
  first: 'first_name',
  fname: 'first_name',
  name: 'first_name',
  contact_first_name: 'first_name',
  contact_name: 'first_name',
  prospect_name: 'first_name',
  company: 'company',
  company_name: 'company',
  companyname: 'company',
  account: 'company',
  account_name: 'company',
  organization: 'company',
  organisation: 'company',
  sender_name: 'sender_name',
  sendername: 'sender_name',
  sender: 'sender_name',
  sender_first_name: 'sender_name',
  my_name: 'sender_name',
  your_name: 'sender_name',
};

const fieldKey = (name: string): string =>
  name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A double-brace token's name and fallback as written: "{{ firstName|there }}" → firstName, there. */
function tokenParts(token: string): { name: string; fallback: string | undefined } | undefined {
  if (!token.startsWith('{{') || !token.endsWith('}}')) return undefined;
  const inner = token.slice(2, -2);
  const pipe = inner.indexOf('|');
  if (pipe < 0) return { name: inner, fallback: undefined };
  const fallback = inner.slice(pipe + 1).trim();
  return { name: inner.slice(0, pipe), fallback: fallback.includes('|') ? undefined : fallback };
}

/**
 * The field a double-brace token that is not a merge field was meant to be, with the fallback it
 * carried: `{{firstName|there}}` → first_name with "there"; `{{anything}}` → undefined.
 */
export function intendedField(token: string): { field: MergeField; fallback: string | undefined } | undefined {
  if (isMergeField(token)) return undefined;
  const parts = tokenParts(token);
  const field = parts ? FIELD_ALIASES[fieldKey(parts.name)] : undefined;
  return field && parts ? { field, fallback: parts.fallback } : undefined;
}

/** `{{field|fallback}}`, or `{{field}}` without a fallback. */
export const mergeFieldToken = (field: MergeField, fallback?: string): string =>
  fallback === undefined ? `{{${field}}}` : `{{${field}|${fallback}}}`;

/** One merge field without a fallback in an email's greeting, and how the greeting reads empty. */
export interface BareGreetingField {
  token: string;
  field: MergeField;
  /** The greeting with the field removed, as a sequencer without the value sends it ("Hi ,"). */
  readsEmpty: string;
}

/**
 * The first merge field written without a fallback (`{{first_name}}`, not `{{first_name|there}}`
 * or `{{first_name|}}`) in the body's greeting: its first line, when that line is short enough to
 * be one (`maxWords` words, each field counting as one).
 */
export function bareGreetingField(body: string, maxWords: number): BareGreetingField | undefined {
  const line = body.replace(/\r\n?/g, '\n').trim().split('\n')[0]?.trim() ?? '';
  if (!line.includes('{{')) return undefined;
  const words = line.replace(MERGE_FIELD_PATTERN, ' w ').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length > maxWords) return undefined;
  for (const match of line.matchAll(MERGE_FIELD_PATTERN)) {
    if (match[2] !== undefined || match[0].includes('|')) continue;
    const readsEmpty = (line.slice(0, match.index) + line.slice(match.index + match[0].length)).replace(/\s+/g, ' ');
    return { token: match[0], field: match[1] as MergeField, readsEmpty: readsEmpty.trim() };
  }
  return undefined;
}

import { HTML_TAGS, SLOT_WORDS } from './lexicon/shared.ts';
import { isMergeField } from './merge-fields.ts';
import { ANY_FIELD, escapeRegExp } from './text.ts';

const HTML_TAG_NAMES: ReadonlySet<string> = new Set(HTML_TAGS);
const SLOT_WORD = new RegExp(`(?<![\\p{L}])(?:${SLOT_WORDS.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu');
const TITLE_CASE = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*$/u;
const SINGLE_BRACES = /\{+[^{}\n]{1,60}\}+/g;
const SQUARE = /\[([^[\]\n]{1,60})\](?!\()/g;
const ANGLE = /<([^<>\n]{1,40})>/g;
const OTHER_SLOTS = [
  /%[A-Za-z_]{2,30}%/g,
  /(?<![\p{L}\p{N}])(?:X{2,}|x{3,})(?![\p{L}\p{N}])/gu,
  /_{3,}/g,
  /(?<![\p{L}\p{N}])(?:TBD|TBC)(?![\p{L}\p{N}])/giu,
];
const HTML_TAG = /<\/?([a-z][a-z0-9]*)\b[^<>]*>/gi;
const HTML_ENTITY = /&(?:[a-z][a-z0-9]{1,30}|#\d{1,7}|#x[0-9a-f]{1,6});/gi;

/** A bracketed token that is a slot to fill, not a citation ("[1]") or an aside ("[sic]"). */
function isSlot(inner: string): boolean {
  const text = inner.trim();
  if (!/\p{L}/u.test(text)) return false;
  return SLOT_WORD.test(text) || TITLE_CASE.test(text) || /^[\p{Lu}_\s]{2,}$/u.test(text);
}

const isHtmlTag = (inner: string): boolean => {
  const name = /^\/?\s*([a-z][a-z0-9]*)/i.exec(inner)?.[1]?.toLowerCase();
  return inner.startsWith('/') || inner.includes('=') || (name !== undefined && HTML_TAG_NAMES.has(name));
};

/**
 * Left-over slots a writer should have filled: any double-brace token that is not exactly a
 * supported merge field, single braces, bracketed and angle-bracketed slot names, %FIELD%,
 * XXX, ___ and TBD. Merge fields themselves are fine.
 */
export function findPlaceholders(text: string): string[] {
  const found: string[] = [];
  const fields = text.replace(ANY_FIELD, (token) => {
    if (!isMergeField(token)) found.push(token);
    return ' ';
  });
  for (const [token] of fields.matchAll(SINGLE_BRACES)) if (/\p{L}/u.test(token)) found.push(token);
  for (const match of fields.matchAll(SQUARE)) if (isSlot(match[1] ?? '')) found.push(match[0]);
  for (const match of fields.matchAll(ANGLE)) {
    const inner = match[1] ?? '';
    // E-mail addresses and links in angle brackets are not slots; tags are the HTML check's.
    if (/[@:/=]/.test(inner) || isHtmlTag(inner)) continue;
    if (/^\p{L}(?:[\p{L}\s_'’-]*\p{L})?$/u.test(inner)) found.push(match[0]);
  }
  for (const pattern of OTHER_SLOTS) for (const [token] of fields.matchAll(pattern)) found.push(token);
  return [...new Set(found)];
}

/** HTML tags (`<p>`, `</div>`, `<a href=…>`) and entities (`&nbsp;`, `&#39;`) in what should be plain text. */
export function findHtml(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(HTML_TAG)) if (isHtmlTag(match[0].slice(1, -1))) found.push(match[0]);
  for (const [entity] of text.matchAll(HTML_ENTITY)) found.push(entity);
  return [...new Set(found)];
}

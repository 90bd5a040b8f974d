import { withoutInjections } from '@seqgen/checks';
import type { Element } from 'domhandler';
import { clean, truncate, wordCount } from '../../text.ts';
import { MAX_BLOCK_CHARS, MAX_BLOCKS, MAX_TEXT_CHARS } from './blocks.ts';
import type { Deadline } from './budget.ts';
import type { Block, ItemRef } from './content.ts';
import { textOf } from './dom.ts';
import { hintsOfKey } from './hints.ts';

/** Fewer visible words than this and the page is a shell whose copy arrives with its script. */
export const SHELL_WORDS = 60;
interface Context {
  hints: string[];
  item: ItemRef | undefined;
}

const merge = (first: string[], second: string[]) => [...new Set([...first, ...second])];
/** A testimonial's words and who said them, as CMSs name them. */
const QUOTE_KEYS = /^(quote|testimonial|review|blockquote)$/i;
const AUTHOR_KEYS =
  /^(author|authorName|name|person|attribution|byline|cite|customerName|role|jobTitle|title|position|company|companyName|organization|organisation)$/i;
/** Where a testimonial's who-said-it part goes in its byline: the person, their role, their company. */
const BYLINE_ORDER = [
  /^(author|authorName|name|person|attribution|byline|cite|customerName)$/i,
  /^(role|jobTitle|title|position)$/i,
  /^(company|companyName|organization|organisation)$/i,
];
/** A name, role or company as a byline says it: capitalised or several words, never a path, an id or markup. */
const isBylinePart = (value: unknown): value is string =>
  typeof value === 'string' &&
  wordCount(value) <= 12 &&
  (/^\p{Lu}/u.test(value.trim()) || wordCount(value) >= 2) &&
  !/^(https?:|\/|#)|@|[{}<>]|\.(svg|png|jpe?g|webp|js|css)$/i.test(value.trim());

/** Keys (in the four languages, as CMSs and hand-written state name them) whose string is a heading. */
const TITLE_KEYS =
  /^(title|titre|titel|titulo|título|heading|headline|name|nom|nombre|question|frage|pregunta|label|surtitre|eyebrow|kicker)$/i;
/** Keys whose short string is a stat's figure ("El 63 %", "11 hours"), read with the text beside it. */
const FIGURE_KEYS = /^(value|valor|valeur|wert|figure|cifra|chiffre|zahl|stat|number|numero|número|kpi)$/i;

/** Keys whose string is body copy. */
const BODY_KEYS =
  /^(text|texte|texto|body|description|descripcion|descripción|beschreibung|subtitle|subheading|sous_?titre|untertitel|subtitulo|summary|content|contenu|contenido|answer|reponse|réponse|antwort|respuesta|copy|lead|excerpt)$/i;
/** Keys whose list of strings is paragraphs of prose rather than list items. */
const PARAGRAPH_KEYS =
  /^(paragraphs?|paragraphes?|absätze|absaetze|absatz|p[aá]rrafos?|story|body|text|content|copy)$/i;
const NOT_COPY = /^(https?:|\/|#|[\w.-]+@|[\w-]+\.(svg|png|jpe?g|webp|js|css)$)|^[\w-]+$|[{}<>]|^\$?[\d.,]+$/;

/**
 * Copy from embedded page data: every object with a short title and a longer body becomes a
 * heading and a paragraph, in document order; other prose strings become paragraphs.
 */
export function blocksFromPageData(
  scripts: Element[],
  deadline: Deadline,
  onInjections: (removed: number) => void,
): Block[] {
  const blocks: Block[] = [];
  let group = 10_000;
  let chars = 0;
  /** Ids for arrays and their items, apart from the HTML's (which count up from 1). */
  let ids = 1_000_000;
  const push = (kind: Block['kind'], raw: string, context: Context, level?: number) => {
    if (blocks.length >= MAX_BLOCKS || chars >= MAX_TEXT_CHARS) return;
    const { text, removed } = withoutInjections(clean(raw));
    if (removed) onInjections(removed);
    if (!text) return;
    const block: Block = { kind, text: truncate(text, MAX_BLOCK_CHARS), group };
    if (level) block.level = level;
    if (context.hints.length) block.hints = context.hints.slice(0, 8);
    if (context.item) block.item = context.item;
    blocks.push(block);
    chars += block.text.length;
  };
  const prose = (value: unknown): value is string =>
    typeof value === 'string' &&
    value.length <= MAX_BLOCK_CHARS &&
    !NOT_COPY.test(value.trim()) &&
    wordCount(value) >= 2;
  // `level`: the heading level of the next titled object, one deeper under each titled ancestor.
  // Recursive, but JSON.parse output nested at most 12 levels is read.
  // The keys above a value say what it is ("testimonials", "__typename": "PricingTier"), as
  // classes do in HTML; the objects of one array are items of one list.
  const visit = (value: unknown, depth: number, level: number, context: Context) => {
    if (depth > 12 || blocks.length >= MAX_BLOCKS) return;
    deadline.tick();
    if (Array.isArray(value)) {
      ids += 1;
      const list = ids;
      const objects = value.filter((item) => item && typeof item === 'object').length;
      let index = 0;
      for (const item of value) {
        let inner = context;
        if (objects >= 2 && item && typeof item === 'object') {
          ids += 1;
          inner = { hints: context.hints, item: { id: ids, list, index, count: objects } };
          index += 1;
        }
        visit(item, depth + 1, level, inner);
      }
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    group += 1;
    const entries = Object.entries(record);
    const type = [record.__typename, record._type, record.type, record.component, record.blockType].find(
      (field): field is string => typeof field === 'string',
    );
    const own: Context = type ? { ...context, hints: merge(hintsOfKey(type), context.hints) } : context;
    // A testimonial's "name" is who said it, not a heading over it.
    const quoted = entries.some(([key, item]) => QUOTE_KEYS.test(key) && prose(item));
    const title = quoted
      ? undefined
      : entries.find(([key, item]) => TITLE_KEYS.test(key) && prose(item) && wordCount(item as string) <= 14);
    if (title) push('heading', title[1] as string, own, Math.min(6, level));
    // A stat's figure and its words are one line: "63 %" + "of invoices are paid late".
    const figure = entries.find(
      ([key, item]) => FIGURE_KEYS.test(key) && typeof item === 'string' && /\d/.test(item) && wordCount(item) <= 4,
    )?.[1] as string | undefined;
    let figured = false;
    // A testimonial's name, role and company in fields of their own are one byline, as a page
    // prints it ("Ana Ruiz, CFO, Nube"): read apart, the quote kept the name and lost the company
    // (the SDR review of heldout-c). One word is a company or a role here ("Nube", "CFO").
    const byline = quoted
      ? BYLINE_ORDER.flatMap((keys) =>
          entries.flatMap(([key, item]) => (keys.test(key) && isBylinePart(item) ? [clean(item)] : [])),
        )
      : [];
    for (const [key, item] of entries) {
      if (title && key === title[0]) continue;
      if (byline.length && AUTHOR_KEYS.test(key)) continue;
      if (BODY_KEYS.test(key) && prose(item) && wordCount(item) >= 4) {
        push('p', figure && !figured ? `${figure} ${item}` : item, own);
        figured = true;
      } else if (QUOTE_KEYS.test(key) && prose(item))
        push('quote', item, { ...own, hints: merge(['quote'], own.hints) });
      else if (AUTHOR_KEYS.test(key) && prose(item) && wordCount(item) <= 12) {
        push('text', item, { ...own, hints: merge(['author'], own.hints) });
      } else if (Array.isArray(item) && item.some((each) => prose(each) && wordCount(each) >= 4)) {
        // A list of sentences ("paragraphs": […], "bullets": […]) is copy as a list of objects is:
        // a story told in paragraphs, a before/after list (the "Picture this" story of a CMS block).
        ids += 1;
        const list = ids;
        const lines = item.filter((each): each is string => prose(each) && wordCount(each) >= 4);
        const hints = merge(hintsOfKey(key), own.hints);
        const asParagraphs = PARAGRAPH_KEYS.test(key);
        for (const [index, line] of lines.entries()) {
          ids += 1;
          push(asParagraphs ? 'p' : 'li', line, {
            hints,
            item: asParagraphs ? undefined : { id: ids, list, index, count: lines.length },
          });
        }
      } else if (item && typeof item === 'object') {
        visit(item, depth + 1, title ? level + 1 : level, { ...own, hints: merge(hintsOfKey(key), own.hints) });
      }
    }
    if (byline.length) push('text', byline.join(', '), { ...own, hints: merge(['author'], own.hints) });
  };
  for (const script of scripts) {
    const text = textOf(script, deadline);
    if (text.length > 2_000_000) continue;
    try {
      visit(JSON.parse(text), 0, 2, { hints: [], item: undefined });
    } catch {
      // Not JSON after all: nothing to read.
    }
  }
  return blocks;
}

/** In framework state a quote and its author are copy too. */
const STATE_BODY_KEYS = new RegExp(
  `${BODY_KEYS.source.slice(0, -2)}|quote|citation|zitat|cita|author|auteur|autor)$`,
  'i',
);
const STATE_QUOTE_KEYS = /^(quote|citation|zitat|cita|testimonial|temoignage|témoignage)$/i;
const STATE_AUTHOR_KEYS = /^(author|auteur|autor|person|personne|persona|byline|signature)$/i;

interface Literal {
  key: string | undefined;
  value: string;
  /** Objects the literal sits in, outermost first (ids). */
  objects: number[];
  /** When the innermost object is an element of an array: the array's id and the object's index. */
  item: { list: number; index: number; id: number } | undefined;
  /** Keys of the enclosing objects' properties ("testimonials", "problemes"), nearest first. */
  path: string[];
}

/**
 * The string literals of a script with where they sit: a small scanner over JavaScript or JSON
 * (objects, arrays, keys, strings, comments), so the copy of a framework's state keeps its
 * sections, cards and lists. Escaped payloads nested in a string are read one level down.
 */
function literalsOf(source: string, deadline: Deadline, depth = 0): Literal[] {
  const found: Literal[] = [];
  type Frame = { kind: '{' | '['; id: number; key: string | undefined; index: number };
  const stack: Frame[] = [];
  let ids = 0;
  let pendingKey: string | undefined;
  let lastString: string | undefined;
  let at = 0;
  const length = source.length;
  while (at < length) {
    if ((at & 1023) === 0) deadline.tick();
    const char = source[at] as string;
    if (char === '"' || char === "'" || char === '`') {
      let end = at + 1;
      while (end < length && source[end] !== char) end += source[end] === '\\' ? 2 : 1;
      const raw = source.slice(at + 1, end);
      at = end + 1;
      let value = raw;
      if (char === '"') {
        try {
          value = JSON.parse(`"${raw}"`) as string;
        } catch {
          value = raw;
        }
      } else value = raw.replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, ' ');
      // A key is a string followed by a colon.
      let next = at;
      while (next < length && /\s/.test(source[next] as string)) next += 1;
      if (source[next] === ':') {
        pendingKey = value;
        at = next + 1;
        continue;
      }
      lastString = value;
      if (depth === 0 && value.length > 200 && /"\w+":/.test(value)) {
        found.push(...literalsOf(value, deadline, 1));
      } else {
        const object = [...stack].reverse().find((frame) => frame.kind === '{');
        const parent = object ? stack[stack.indexOf(object) - 1] : undefined;
        found.push({
          key: pendingKey,
          value,
          objects: stack.filter((frame) => frame.kind === '{').map((frame) => frame.id),
          item: object && parent?.kind === '[' ? { list: parent.id, index: parent.index, id: object.id } : undefined,
          path: [...stack].reverse().flatMap((frame) => (frame.key ? [frame.key] : [])),
        });
      }
      pendingKey = undefined;
      continue;
    }
    if (char === '/' && source[at + 1] === '/') {
      const end = source.indexOf('\n', at);
      at = end === -1 ? length : end;
      continue;
    }
    if (char === '/' && source[at + 1] === '*') {
      const end = source.indexOf('*/', at + 2);
      at = end === -1 ? length : end + 2;
      continue;
    }
    if (char === '{' || char === '[') {
      const parent = stack.at(-1);
      if (char === '{' && parent?.kind === '[') parent.index += 1;
      stack.push({ kind: char, id: ++ids, key: pendingKey, index: -1 });
      pendingKey = undefined;
    } else if (char === '}' || char === ']') {
      stack.pop();
      pendingKey = undefined;
    } else if (/[A-Za-z_$]/.test(char)) {
      // An unquoted key ("titre:") or an identifier.
      let end = at + 1;
      while (end < length && /[\w$]/.test(source[end] as string)) end += 1;
      const word = source.slice(at, end);
      let next = end;
      while (next < length && /\s/.test(source[next] as string)) next += 1;
      if (source[next] === ':' && source[next + 1] !== ':') {
        pendingKey = word;
        at = next + 1;
        continue;
      }
      at = end;
      continue;
    } else if (char === ',') pendingKey = undefined;
    at += 1;
  }
  void lastString;
  return found;
}

/**
 * Copy from framework state handed over in JavaScript rather than JSON: every string that reads
 * as prose, in script order; a heading when its key names one, its level from how deep its object
 * sits; the objects of one array are items of one list, and the keys above a string are its hints.
 */
export function blocksFromStateScripts(
  scripts: Element[],
  deadline: Deadline,
  onInjections: (removed: number) => void,
): Block[] {
  const literals = scripts.flatMap((script) => {
    const text = textOf(script, deadline);
    return text.length <= 2_000_000 ? literalsOf(text, deadline) : [];
  });
  const counts = new Map<number, number>();
  for (const literal of literals)
    if (literal.item)
      counts.set(literal.item.list, Math.max(counts.get(literal.item.list) ?? 0, literal.item.index + 1));
  // A stat's figure and its words are one line, as in JSON page data ("4 days" + "is how long a
  // SWIFT payment… can take"): the figure goes before the first body string of its object.
  const figures = new Map<number, string>();
  for (const { key, value, objects } of literals) {
    const object = objects.at(-1);
    if (object !== undefined && key && FIGURE_KEYS.test(key) && /\d/.test(value) && wordCount(value) <= 4)
      figures.set(object, clean(value));
  }
  const blocks: Block[] = [];
  let chars = 0;
  const seen = new Set<string>();
  for (const literal of literals) {
    if (blocks.length >= MAX_BLOCKS || chars >= MAX_TEXT_CHARS) break;
    const { key } = literal;
    let { value } = literal;
    if (!prose(value)) continue;
    const object = literal.objects.at(-1);
    const figure = object === undefined ? undefined : figures.get(object);
    if (figure && key && BODY_KEYS.test(key)) {
      value = `${figure} ${value}`;
      figures.delete(object as number);
    }
    const words = wordCount(value);
    const titled = key ? TITLE_KEYS.test(key) : false;
    if (key && !titled && !STATE_BODY_KEYS.test(key) && words < 4) continue;
    const { text, removed } = withoutInjections(clean(value));
    if (removed) onInjections(removed);
    if (!text || seen.has(`${literal.objects.at(-1)}:${text}`)) continue;
    seen.add(`${literal.objects.at(-1)}:${text}`);
    const quote = key ? STATE_QUOTE_KEYS.test(key) : false;
    const author = key ? STATE_AUTHOR_KEYS.test(key) : false;
    const heading = titled && words <= 14 && !author;
    const block: Block = {
      kind: quote ? 'quote' : heading ? 'heading' : author ? 'text' : 'p',
      text: truncate(text, MAX_BLOCK_CHARS),
      group: 20_000 + (literal.objects.at(-1) ?? 0),
    };
    // A title inside a list's item heads a card; any other opens a section.
    if (heading) block.level = literal.item ? 3 : 2;
    const hints = [...new Set([...(author ? ['author'] : []), ...literal.path.flatMap(hintsOfKey)])];
    if (hints.length) block.hints = hints.slice(0, 8);
    if (literal.item)
      block.item = {
        id: 3_000_000 + literal.item.id,
        list: 3_000_000 + literal.item.list,
        index: literal.item.index,
        count: counts.get(literal.item.list) ?? 1,
      };
    blocks.push(block);
    chars += block.text.length;
  }
  return blocks;
}

/** A string a visitor would read: words with letters, not a URL, a class list, a file or a code. */
function prose(value: string): boolean {
  const text = value.trim();
  if (text.length < 3 || NOT_COPY.test(text) || /[{}<>]/.test(text)) return false;
  if (wordCount(text) < 2) return false;
  // Utility-class lists ("mt-4 flex items-center") and identifiers.
  if (/^[\w:/.-]+(\s+[\w:/.-]+)*$/.test(text) && text.split(/\s+/).filter((word) => /[-:]/.test(word)).length >= 2)
    return false;
  return /\p{L}{3,}/u.test(text);
}

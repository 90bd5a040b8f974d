import { withoutInjections } from '@seqgen/checks';
import type { AnyNode, Element } from 'domhandler';
import { clean, isFigureOnly, truncate, wordCount } from '../../text.ts';
import { attributionOf } from './attribution.ts';
import type { Deadline } from './budget.ts';
import type { Block, ItemRef } from './content.ts';
import { glueBetween, textOf } from './dom.ts';
import { hintsOf, itemsAmong } from './hints.ts';
import { markLabelledLeads } from './leads.ts';
import { type HiddenSelectors, isDisclosureToggle, isHidden, SKIPPED_TAGS } from './visibility.ts';

/**
 * The visible text of a page as blocks in page order (paragraphs, list items, headings, quotes,
 * cells), each in the group of the sectioning element around it; headings and testimonials drawn
 * with classes rather than tags count as such.
 */

const BLOCK_KINDS: Record<string, Block['kind']> = {
  p: 'p',
  li: 'li',
  blockquote: 'quote',
  dt: 'dt',
  dd: 'dd',
  td: 'cell',
  th: 'cell',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
};

/** Elements that end a run of text without being a block kind of their own. */
const BREAKING_TAGS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'ul',
  'ol',
  'dl',
  'table',
  'tr',
  'tbody',
  'thead',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'br',
  'hr',
  'address',
  'summary',
  'details',
  'pre',
  'body',
  'html',
  'center',
]);

const LEAD_TAGS = new Set(['strong', 'b']);

/** Containers that start (and, when they end, close) a group of blocks. */
const GROUPING_TAGS = new Set(['section', 'article', 'main', 'header', 'figure', 'blockquote', 'dialog']);

export const MAX_BLOCK_CHARS = 2_000;
export const MAX_BLOCKS = 4_000;
/**
 * Characters of visible text kept (about 40,000 words, a very long page). The built-in analyser
 * runs on the service's event loop after the worker has read the page, and takes about 50 ms
 * per 250,000 characters: past this a huge page would hold every other request up.
 */
export const MAX_TEXT_CHARS = 250_000;

/** A list of nodes being walked, and what to do once all of them have been. */
interface Frame {
  nodes: AnyNode[];
  next: number;
  done?: (() => void) | undefined;
  /** The element whose children these are: its hints and its place as an item. */
  element?: ElementInfo;
  /** Which of these children are items of a run of look-alikes (computed when the frame opens). */
  items?: Map<Element, ItemRef>;
}

interface ElementInfo {
  hints: string[];
  item: ItemRef | undefined;
}

/** Hints are read from this many enclosing elements: a card, its grid, the section around it. */
const HINT_DEPTH = 8;
/** A block keeps at most this many hints, nearest first. */
const MAX_HINTS = 8;

export function collectBlocks(
  body: Element | undefined,
  stylesheet: HiddenSelectors,
  deadline: Deadline,
  onInjections: (removed: number) => void,
): { blocks: Block[]; cut: boolean } {
  const blocks: Block[] = [];
  let current: {
    kind: Block['kind'];
    level?: number;
    parts: string[];
    lead?: string;
    attribution?: true;
    /** Hints and item of where the block's text starts (read when its first text arrives). */
    context?: ElementInfo;
    /** The element the last text came from: texts of two elements may need a separator (glueBetween). */
    lastParent?: unknown;
  } = {
    kind: 'text',
    parts: [],
  };
  const ids = new Map<Element, number>();
  const idOf = (element: Element) => {
    let id = ids.get(element);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(element, id);
    }
    return id;
  };
  let group = 0;
  let groups = 0;
  let chars = 0;
  let cut = false;
  const full = () => blocks.length >= MAX_BLOCKS || chars >= MAX_TEXT_CHARS;

  const flush = () => {
    if (full()) return;
    const raw = clean(current.parts.join(''));
    current.parts = [];
    if (!raw) return;
    const { text: kept, removed } = withoutInjections(raw);
    if (removed) onInjections(removed);
    // A block that addresses a model is a payload, all of it: what is left beside the instruction
    // ("…Globocorp saw 99.99% fewer incidents") is part of the same plant.
    const text = removed ? '' : kept;
    if (!text) return;
    // A stat drawn as a big figure above its words ("43%" | "of engineering teams sample logs…")
    // is one sentence: the words continue the figure.
    const previous = blocks.at(-1);
    if (previous && previous.group === group && isFigureOnly(previous.text) && /^\p{Ll}/u.test(text)) {
      previous.text = truncate(`${previous.text} ${text}`, MAX_BLOCK_CHARS);
      chars += text.length + 1;
      current.context = undefined;
      current.lead = undefined;
      return;
    }
    const block: Block = {
      kind: current.kind,
      text: text.length > MAX_BLOCK_CHARS ? truncate(text, MAX_BLOCK_CHARS) : text,
      group,
    };
    if (current.level) block.level = current.level;
    if (current.attribution) block.attribution = true;
    const context = current.context;
    current.context = undefined;
    if (context?.hints.length) block.hints = context.hints;
    if (context?.item) block.item = context.item;
    if (current.lead && text.startsWith(current.lead) && current.lead.length < text.length) block.lead = current.lead;
    current.lead = undefined;
    blocks.push(block);
    chars += block.text.length;
  };

  /** What follows a grouping container belongs to none of its headings. */
  const leaveGroup = () => {
    groups += 1;
    group = groups;
  };

  /**
   * What the walk does with one element's children: which block they fill, and what happens
   * once they have all been read (the work a recursive walk would do after its call returns).
   */
  const enter = (element: Element, name: string): (() => void) | undefined => {
    const visual = BLOCK_KINDS[name] ? undefined : visualHeadingLevel(element, deadline);
    // A paragraph of a blockquote is the quote's words, whatever marks (or none) set it off.
    const paragraph = name === 'p' && current.kind === 'quote' ? 'quote' : undefined;
    const kind = visual
      ? 'heading'
      : (paragraph ?? BLOCK_KINDS[name] ?? (isVisualQuote(element) ? 'quote' : undefined));
    if (kind) {
      flush();
      const outer = current;
      current = { kind, parts: [] };
      if (kind === 'heading') current.level = visual ?? Number(name.slice(1));
      return () => {
        flush();
        current = outer;
      };
    }
    // An accordion's toggle (the only button read) is its own line, unless a heading holds it.
    const toggle = name === 'button' && current.kind !== 'heading';
    if (BREAKING_TAGS.has(name) || GROUPING_TAGS.has(name) || toggle) {
      flush();
      return flush;
    }
    // A bold lead-in: the first thing in a paragraph or list item.
    if (LEAD_TAGS.has(name) && (current.kind === 'li' || current.kind === 'p') && !clean(current.parts.join(''))) {
      const before = current.parts.length;
      return () => {
        const lead = clean(current.parts.slice(before).join(''));
        if (lead && wordCount(lead) <= 10) current.lead = lead.replace(/\s*[.:–—-]\s*$/, '');
        current.parts.push(' ');
      };
    }
    // Inline elements run into each other in markup ("<span>a</span><span>b</span>"); a
    // space keeps words apart, and clean() removes any surplus.
    if (name === 'span' || name === 'a') return () => current.parts.push(' ');
    return undefined;
  };

  // An explicit stack rather than recursion: a page can nest as deep as the parser lets it.
  const stack: Frame[] = body ? [{ nodes: body.children, next: 0 }] : [];

  /** The hints and nearest item of the open elements (and `extra`, an element not yet entered). */
  const contextNow = (extra?: ElementInfo): ElementInfo => {
    const hints: string[] = [...(extra?.hints ?? [])];
    let item = extra?.item;
    for (let depth = stack.length - 1, seen = 0; depth >= 0 && seen < HINT_DEPTH; depth -= 1) {
      const info = stack[depth]?.element;
      if (!info) continue;
      seen += 1;
      item ??= info.item;
      for (const word of info.hints) if (!hints.includes(word)) hints.push(word);
    }
    return { hints: hints.slice(0, MAX_HINTS), item };
  };
  while (stack.length) {
    const frame = stack[stack.length - 1] as Frame;
    // Past the cap the rest of a huge page is not read at all.
    if (frame.next >= frame.nodes.length || full()) {
      if (frame.next < frame.nodes.length) cut = true;
      stack.pop();
      frame.done?.();
      continue;
    }
    const node = frame.nodes[frame.next++] as AnyNode;
    deadline.tick();
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data;
      if (!current.context && data.trim()) current.context = contextNow();
      const glue = glueBetween(current.parts.at(-1), current.lastParent, node.parent, data);
      if (glue) current.parts.push(glue);
      current.parts.push(data);
      current.lastParent = node.parent;
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'root') continue;
    const element = node as Element;
    // htmlparser2 lower-cases HTML tag names already.
    const name = element.name;
    if (isHidden(element, stylesheet)) continue;
    // Before the skipped tags: a quote's <footer> is who said it, the page's <footer> is chrome.
    const info: ElementInfo = { hints: hintsOf(element), item: frame.items?.get(element) };
    const attribution = attributionOf(element, stylesheet, deadline);
    if (attribution) {
      flush();
      const outer = current;
      current = { kind: 'text', parts: [attribution], attribution: true, context: contextNow(info) };
      flush();
      current = outer;
      continue;
    }
    // A button is a control, except an accordion's toggle: its words are the question it opens.
    if (SKIPPED_TAGS.has(name) && !isDisclosureToggle(element)) continue;
    const grouping = GROUPING_TAGS.has(name);
    if (grouping) {
      flush();
      leaveGroup();
    }
    const done = enter(element, name);
    stack.push({
      nodes: element.children,
      next: 0,
      element: info,
      items: itemsAmong(element, idOf(element), idOf),
      done: grouping
        ? () => {
            done?.();
            leaveGroup();
          }
        : done,
    });
  }
  flush();
  markLabelledLeads(blocks);
  return { blocks, cut };
}

/** Utility and builder classes that style a div as a heading (Tailwind, Webflow, Elementor…). */
const HEADING_CLASS =
  /(?:^|\s)(?:h([1-6])|heading-?([1-6])|text-h([1-6])|(?:section|card|feature|hero)-(?:title|heading)|elementor-heading-title|headline)(?:\s|$)/;
const SIZE_CLASS = /(?:^|\s)(?:[a-z]+:)?text-(xl|[2-9]xl)(?:\s|$)/;
const WEIGHT_CLASS = /(?:^|\s)(?:[a-z]+:)?font-(semibold|bold|extrabold|black)(?:\s|$)/;
const LEAF_TAGS = new Set(['div', 'p', 'span', 'strong', 'b', 'a']);
const INLINE_ONLY = new Set(['span', 'strong', 'b', 'em', 'i', 'a', 'br', 'small', 'sup', 'sub', 'mark', 'code']);

/**
 * A heading drawn with classes rather than an h-tag ("mt-2 text-4xl font-bold", "card-title"):
 * short text in an element holding only inline content. Its level from its size.
 */
function visualHeadingLevel(element: Element, deadline: Deadline): number | undefined {
  const classes = element.attribs.class;
  if (!classes || !LEAF_TAGS.has(element.name)) return undefined;
  const named = HEADING_CLASS.exec(classes);
  const size = SIZE_CLASS.exec(classes)?.[1];
  let level: number | undefined;
  if (named) level = Number(named[1] ?? named[2] ?? named[3] ?? 3) || 3;
  else if (size && WEIGHT_CLASS.test(classes))
    level = /^[4-9]xl$/.test(size) ? 2 : size === 'xl' ? 3 : size === '2xl' ? 3 : 2;
  if (!level) return undefined;
  for (const child of element.children) {
    if (child.type === 'tag' && !INLINE_ONLY.has((child as Element).name)) return undefined;
  }
  const words = clean(textOf(element, deadline)).split(' ').length;
  return words >= 1 && words <= 16 ? Math.max(2, level) : undefined;
}

/** Builder and theme classes for a testimonial's words ("elementor-testimonial-content", "quote-text"). */
const QUOTE_CLASS =
  /(?:^|\s)[\w-]*(?:testimonial|quote|review)[-_](?:content|text|body|quote)(?:\s|$)|(?:^|\s)(?:testimonial|blockquote)(?:\s|$)/i;

/** A testimonial drawn with classes rather than a blockquote: its words, in an element holding only inline content. */
function isVisualQuote(element: Element): boolean {
  const classes = element.attribs.class;
  if (!classes || !LEAF_TAGS.has(element.name) || !QUOTE_CLASS.test(classes)) return false;
  return element.children.every((child) => child.type !== 'tag' || INLINE_ONLY.has((child as Element).name));
}

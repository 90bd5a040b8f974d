import type { AnyNode, Element } from 'domhandler';
import { clean, wordCount } from '../../text.ts';
import type { Deadline } from './budget.ts';
import { textOf } from './dom.ts';
import { type HiddenSelectors, isHidden, SKIPPED_TAGS } from './visibility.ts';

/**
 * Who said a quote, where the markup says so: a <footer> or <cite> inside the quote (or right
 * after it), the <figcaption> of a figure holding a quote, and the author lines page builders
 * mark with classes ("blockquote-footer", "testimonial-name", "et_pb_testimonial_author"). Read as
 * one line, its parts kept apart ("<strong>Priya Raman</strong><span>Controller</span>" →
 * "Priya Raman, Controller"), so the analysis can tell a person, a title and a company apart.
 */

/** Longer than this, an element is not one person's name and title (a site footer, a caption). */
const MAX_ATTRIBUTION_WORDS = 30;

const ATTRIBUTION_CLASS =
  /(?:^|[\s_-])(?:author|attribution|byline|cite|citation|blockquote-footer|(?:testimonial|quote|review|client|customer)[_-]+(?:name|author|meta|details|job|title|role|position|company|source|info|person))(?:[\s_-]|$)/i;

/** Containers of a testimonial drawn with classes: a footer inside one is its attribution, not the site's. */
const QUOTE_CONTAINER_CLASS = /(?:^|[\s_-])(?:testimonial|quote|blockquote|pullquote|review)(?:[\s_-]|$)/i;

/** How far up a footer or cite looks for the quote it belongs to (a card's wrappers, not the page). */
const MAX_ANCESTORS = 4;

const INLINE = new Set(['span', 'strong', 'b', 'em', 'i', 'a', 'small', 'sup', 'sub', 'mark', 'abbr', 'cite', 'q']);

const isElement = (node: AnyNode | null | undefined): node is Element => node?.type === 'tag';

function previousElement(element: Element): Element | undefined {
  let node = element.prev;
  while (node && !isElement(node)) node = node.prev;
  return node ?? undefined;
}

function holdsQuote(element: Element, deadline: Deadline): boolean {
  const stack: AnyNode[] = [...element.children];
  while (stack.length) {
    const node = stack.pop();
    deadline.tick();
    if (!isElement(node)) continue;
    if (node.name === 'blockquote' || node.name === 'q') return true;
    if (QUOTE_CONTAINER_CLASS.test(node.attribs.class ?? '')) return true;
    stack.push(...node.children);
  }
  return false;
}

const isQuoteContainer = (element: Element, deadline: Deadline) =>
  element.name === 'blockquote' ||
  QUOTE_CONTAINER_CLASS.test(element.attribs.class ?? '') ||
  (element.name === 'figure' && holdsQuote(element, deadline));

/** Does the markup make this element a quote's attribution (whatever its length)? */
function marksAttribution(element: Element, deadline: Deadline): boolean {
  const name = element.name;
  if (name === 'figcaption') return isElement(element.parent) && holdsQuote(element.parent, deadline);
  if (name === 'footer' || name === 'cite') {
    const before = previousElement(element);
    if (before && (before.name === 'blockquote' || before.name === 'figure')) return true;
    let ancestor = element.parent;
    for (let depth = 0; depth < MAX_ANCESTORS && isElement(ancestor); depth += 1) {
      if (isQuoteContainer(ancestor, deadline)) return true;
      ancestor = ancestor.parent;
    }
    return false;
  }
  if (ATTRIBUTION_CLASS.test(element.attribs.class ?? '')) return true;
  return SIGNATURE_CLASS.test(element.attribs.class ?? '') && followsAQuote(element, deadline);
}

/**
 * Words for a signature's lines in the languages pages are written in ("firma", "nombre", "cargo",
 * "empresa", "auteur", "société", "Unternehmen"): an attribution only right after a blockquote, or
 * after another line of the same signature ("<p class=firma>…</p><p class=empresa>…</p>").
 */
const SIGNATURE_CLASS =
  /(?:^|[\s_-])(?:firma|signature|signatur|autor|autora|auteur|nombre|nom|cargo|puesto|poste|fonction|empresa|entreprise|soci[ée]t[ée]|unternehmen|name|company|role|position)(?:[\s_-]|$)/i;

/** How many signature lines may follow one quote: name and title, company, place. */
export const MAX_SIGNATURE_LINES = 3;

function followsAQuote(element: Element, deadline: Deadline): boolean {
  let before = previousElement(element);
  for (let lines = 0; before && lines < MAX_SIGNATURE_LINES; lines += 1) {
    if (isQuoteContainer(before, deadline)) return true;
    if (!SIGNATURE_CLASS.test(before.attribs.class ?? '') && !ATTRIBUTION_CLASS.test(before.attribs.class ?? ''))
      return false;
    before = previousElement(before);
  }
  return false;
}

/** The attribution an element holds, as one line; undefined when it is not one. */
export function attributionOf(element: Element, stylesheet: HiddenSelectors, deadline: Deadline): string | undefined {
  if (!marksAttribution(element, deadline)) return undefined;
  const words = wordCount(clean(textOf(element, deadline)));
  if (words === 0 || words > MAX_ATTRIBUTION_WORDS) return undefined;
  return tidy(partsOf(element, stylesheet, deadline));
}

const SEPARATOR = Symbol('separator');

/** The element's visible text, a comma between parts the markup sets apart (blocks, line breaks, adjacent elements). */
function partsOf(element: Element, stylesheet: HiddenSelectors, deadline: Deadline): string {
  const parts: string[] = [];
  const stack: (AnyNode | typeof SEPARATOR)[] = [element];
  while (stack.length) {
    const node = stack.pop() as AnyNode | typeof SEPARATOR;
    deadline.tick();
    if (node === SEPARATOR) {
      parts.push(', ');
      continue;
    }
    if (node.type === 'text') {
      parts.push((node as unknown as { data: string }).data);
      continue;
    }
    if (!isElement(node)) continue;
    if (node !== element && (SKIPPED_TAGS.has(node.name) || isHidden(node, stylesheet))) continue;
    const children = node.children.filter((child) => !(child.type === 'text' && !clean(textOf(child, deadline))));
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index] as AnyNode;
      const previous = children[index - 1];
      stack.push(child);
      const apart =
        previous &&
        ((isElement(child) && (!INLINE.has(child.name) || isElement(previous))) ||
          (isElement(previous) && !INLINE.has(previous.name)));
      if (apart) stack.push(SEPARATOR);
    }
  }
  return parts.join('');
}

/** "— , Priya Raman, , Controller ," → "— Priya Raman, Controller". */
function tidy(text: string): string {
  return clean(text)
    .replace(/\s*,(?:\s*,)+/g, ',')
    .replace(/\s*,\s*([,.;:|·])/g, '$1')
    .replace(/^([—–~-]+)\s*,\s*/, '$1 ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .replace(/\s*,\s*/g, ', ');
}

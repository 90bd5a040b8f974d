import type { AnyNode, Element } from 'domhandler';
import type { Deadline } from './budget.ts';

/** The text inside an element (scripts and styles included: callers choose the element). */
/**
 * What goes between two texts of different elements that only CSS sets apart ("<strong>Nadia
 * Benhamou</strong><span>Responsable QHSE</span>"): a lower-case end glued to a capital start is
 * two fields, not one word — a comma between phrases, a space between single words.
 */
export function glueBetween(
  before: string | undefined,
  beforeParent: unknown,
  parent: unknown,
  data: string,
): string | undefined {
  if (!before || parent === beforeParent || !/\p{Ll}$/u.test(before) || !/^\p{Lu}/u.test(data)) return undefined;
  return /\s/.test(before.trim()) || /\s/.test(data.trim()) ? ', ' : ' ';
}

export function textOf(node: AnyNode, deadline: Deadline): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  const parts: string[] = [];
  let previousParent: unknown;
  // Iterative, children pushed in reverse so they come off the stack in document order.
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const next = stack.pop() as AnyNode;
    deadline.tick();
    if (next.type === 'text') {
      const data = (next as unknown as { data: string }).data;
      const glue = glueBetween(parts.at(-1), previousParent, next.parent, data);
      if (glue) parts.push(glue);
      parts.push(data);
      previousParent = next.parent;
      continue;
    }
    const children = (next as Element).children;
    if (children) for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as AnyNode);
  }
  return parts.join('');
}

export interface ElementIndex {
  html: Element | undefined;
  body: Element | undefined;
  title: Element | undefined;
  meta: Element[];
  styles: Element[];
  jsonLd: Element[];
  /** Embedded page data (`<script type="application/json">`, e.g. Next.js __NEXT_DATA__). */
  pageData: Element[];
  /**
   * Inline scripts that hand a framework its page state as JavaScript (`window.__NUXT__=(function(a){return {…}})`,
   * `self.__next_f.push([1,"…"])`, `window.__INITIAL_STATE__=`): the copy a visitor sees once they run.
   */
  stateScripts: Element[];
  links: Element[];
  images: Element[];
  /** The page's <footer> elements: chrome, not copy, but their legal line names the company. */
  footers: Element[];
}

export function indexElements(root: AnyNode, deadline: Deadline): ElementIndex {
  const index: ElementIndex = {
    html: undefined,
    body: undefined,
    title: undefined,
    meta: [],
    styles: [],
    jsonLd: [],
    pageData: [],
    stateScripts: [],
    links: [],
    images: [],
    footers: [],
  };
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const node = stack.pop() as AnyNode;
    deadline.tick();
    const element = node as Element;
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      switch (element.name.toLowerCase()) {
        case 'html':
          index.html ??= element;
          break;
        case 'body':
          index.body ??= element;
          break;
        case 'title':
          index.title ??= element;
          break;
        case 'meta':
          index.meta.push(element);
          break;
        case 'style':
          index.styles.push(element);
          continue;
        case 'script':
          if ((element.attribs.type ?? '').toLowerCase() === 'application/ld+json') index.jsonLd.push(element);
          else if ((element.attribs.type ?? '').toLowerCase() === 'application/json') index.pageData.push(element);
          else if (!element.attribs.src && isStateScript(element, deadline)) index.stateScripts.push(element);
          continue;
        case 'a':
          if (element.attribs.href) index.links.push(element);
          break;
        case 'img':
          if (element.attribs.alt) index.images.push(element);
          break;
        case 'footer':
          index.footers.push(element);
          break;
      }
    }
    const children = element.children;
    if (children) for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as AnyNode);
  }
  // Without a <body> (a fragment), the whole document is the body.
  index.body ??= (root as Element).children ? (root as Element) : undefined;
  return index;
}

/** Globals through which frameworks hand over their page state in an inline script. */
const STATE_MARKERS =
  /__NUXT__|__next_f|__INITIAL_STATE__|__PRELOADED_STATE__|__APOLLO_STATE__|__remixContext|__staticRouterHydrationData|__SERVER_DATA__/;

function isStateScript(element: Element, deadline: Deadline): boolean {
  const type = (element.attribs.type ?? '').toLowerCase();
  if (type && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') return false;
  const first = element.children[0];
  const text = first && first.type === 'text' ? (first as unknown as { data: string }).data : textOf(element, deadline);
  return STATE_MARKERS.test(text.slice(0, 2_000));
}

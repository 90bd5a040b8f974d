import type { AnyNode, Element } from 'domhandler';
import type { Deadline } from './budget.ts';

/** The text inside an element (scripts and styles included: callers choose the element). */
export function textOf(node: AnyNode, deadline: Deadline): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  const parts: string[] = [];
  // Iterative, children pushed in reverse so they come off the stack in document order.
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const next = stack.pop() as AnyNode;
    deadline.tick();
    if (next.type === 'text') {
      parts.push((next as unknown as { data: string }).data);
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
  links: Element[];
  images: Element[];
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
    links: [],
    images: [],
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
          continue;
        case 'a':
          if (element.attribs.href) index.links.push(element);
          break;
        case 'img':
          if (element.attribs.alt) index.images.push(element);
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

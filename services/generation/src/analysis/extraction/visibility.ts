import type { Element } from 'domhandler';
import type { Deadline } from './budget.ts';
import { textOf } from './dom.ts';

/**
 * What a visitor never sees: elements that hold no page copy, hidden ones (attributes, inline
 * styles, the page's own stylesheet, screen-reader and utility classes) and page chrome.
 */

/** Elements whose content a visitor never reads as page copy. */
export const SKIPPED_TAGS = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'map',
  'nav',
  'footer',
  'aside',
  'dialog',
  'button',
  'input',
  'select',
  'option',
  'textarea',
  'label',
  'img',
  'picture',
]);

const SKIPPED_ROLES = new Set([
  'navigation',
  'contentinfo',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'tooltip',
]);

const HIDDEN_CLASSES = new Set([
  'hidden',
  'sr-only',
  'visually-hidden',
  'visuallyhidden',
  'screen-reader-text',
  'screen-reader-only',
  'd-none',
  'is-hidden',
  'invisible',
  'hide',
  'u-hidden',
  'offscreen',
]);

/** Chrome that is not content: consent banners, pop-ups, skip links, breadcrumbs. */
const CHROME =
  /(^|[\s_-])(cookie|cookies|consent|gdpr|popup|modal|skip-link|breadcrumbs?|site-nav|navbar|menu)([\s_-]|$)/i;

const HIDDEN_STYLE =
  /display\s*:\s*none|visibility\s*:\s*(hidden|collapse)|opacity\s*:\s*0(\.0+)?\s*(;|$|!)|font-size\s*:\s*0(\.0+)?(px|em|rem|pt|%)?\s*(;|$|!)|(^|;)\s*(max-)?(height|width)\s*:\s*0(px)?\s*(;|$|!)|(left|top|right|text-indent)\s*:\s*-\d{3,}(px|em|rem)|clip\s*:\s*rect\(\s*0|clip-path\s*:\s*inset\(\s*50%/i;

/** Class and id selectors a page's own stylesheet hides. */
export interface HiddenSelectors {
  classes: Set<string>;
  ids: Set<string>;
}

/**
 * Class and id selectors a page's own stylesheet hides outright (outside media queries), e.g.
 * `.note{display:none}`: text hidden that way is as invisible as an inline style.
 */
export function hiddenSelectorsFromStyles(styles: Element[], deadline: Deadline): HiddenSelectors {
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const element of styles) {
    for (const { selectors, body } of cssRules(withoutCssComments(textOf(element, deadline)), deadline)) {
      if (!HIDDEN_STYLE.test(body)) continue;
      for (const selector of selectors.split(',')) {
        const simple = /^\s*([.#])([\w-]+)\s*$/.exec(selector);
        if (simple?.[2]) (simple[1] === '.' ? classes : ids).add(simple[2]);
      }
    }
  }
  return { classes, ids };
}

/**
 * CSS without its comments. A scan, not a regex: `/\*[\s\S]*?\*\//g` reads to the end of the text
 * from every unclosed `/*`, so 1 MB of "/* " repeated took 150 s.
 */
function withoutCssComments(css: string): string {
  let at = css.indexOf('/*');
  if (at === -1) return css;
  let kept = '';
  let from = 0;
  while (at !== -1) {
    kept += css.slice(from, at);
    const end = css.indexOf('*/', at + 2);
    if (end === -1) return kept;
    from = end + 2;
    at = css.indexOf('/*', from);
  }
  return kept + css.slice(from);
}

/** Blocks whose rules hold at some sizes or in some browsers only: what they hide is shown elsewhere. */
const CONDITIONAL_AT_RULE = /@(media|supports|container)\b/;

/**
 * The innermost `selectors { body }` rules of a stylesheet, outside @media/@supports/@container
 * blocks, in one pass over its braces (the regexes this replaces went quadratic on a stylesheet
 * without braces: each start position read to the end).
 */
function* cssRules(css: string, deadline: Deadline): Generator<{ selectors: string; body: string }> {
  const braces = /[{}]/g;
  let depth = 0;
  /** Depth at which a conditional block opened while skipping it, else -1. */
  let skipping = -1;
  /** Where the text since the last brace starts. */
  let from = 0;
  /** The rule opened by the last brace, when it was a `{` outside a conditional block. */
  let open: { selectors: string; at: number } | undefined;
  for (let match = braces.exec(css); match; match = braces.exec(css)) {
    deadline.tick();
    const at = match.index;
    if (match[0] === '{') {
      const prelude = css.slice(from, at);
      if (skipping === -1 && CONDITIONAL_AT_RULE.test(prelude)) skipping = depth;
      open = skipping === -1 ? { selectors: prelude, at } : undefined;
      depth += 1;
    } else {
      depth = Math.max(0, depth - 1);
      if (open) yield { selectors: open.selectors, body: css.slice(open.at + 1, at) };
      open = undefined;
      if (skipping === depth) skipping = -1;
    }
    from = at + 1;
  }
}

export function isHidden(element: Element, stylesheet: HiddenSelectors): boolean {
  const attribs = element.attribs;
  // A tab or accordion panel waits for a click: hidden until then, but copy every visitor can open.
  const disclosed =
    attribs.role?.toLowerCase() === 'tabpanel' ||
    DISCLOSURE_PANEL.test(attribs.class ?? '') ||
    openedByTheToggleBefore(element);
  if ('hidden' in attribs && !disclosed) return true;
  if (attribs['aria-hidden'] === 'true' && !disclosed) return true;
  if (attribs.type === 'hidden') return true;
  const role = attribs.role?.toLowerCase();
  if (role && SKIPPED_ROLES.has(role)) return true;
  if (attribs.style && ((HIDDEN_STYLE.test(attribs.style) && !disclosed) || inItsBackground(element))) return true;
  const classList = attribs.class?.split(/\s+/) ?? [];
  // Tailwind's "hidden md:block" and Bootstrap's "d-none d-md-block" show the element from a
  // breakpoint up: desktop copy, kept as a stylesheet's own media query is (parseHiddenSelectors).
  const shownFromBreakpoint = classList.some((name) => SHOWN_FROM_BREAKPOINT.test(name));
  for (const name of classList) {
    const lower = name.toLowerCase();
    if ((shownFromBreakpoint || disclosed) && (lower === 'hidden' || lower === 'd-none' || lower === 'is-hidden'))
      continue;
    if (HIDDEN_CLASSES.has(lower) || stylesheet.classes.has(name)) return true;
  }
  if (attribs.id && stylesheet.ids.has(attribs.id)) return true;
  if ((attribs.class && CHROME.test(attribs.class)) || (attribs.id && CHROME.test(attribs.id))) return true;
  return false;
}

/**
 * A disclosure toggle (WAI-ARIA Authoring Practices, "Accordion" and "Disclosure" patterns): a
 * button that says whether what it opens is expanded, or names it, or Bootstrap's collapse toggle.
 * Its words are the question or the title of what it opens: copy, not a control.
 */
export function isDisclosureToggle(element: Element): boolean {
  const attribs = element.attribs;
  if (element.name !== 'button' && attribs.role?.toLowerCase() !== 'button') return false;
  return (
    'aria-expanded' in attribs ||
    'aria-controls' in attribs ||
    /collapse/i.test(attribs['data-bs-toggle'] ?? attribs['data-toggle'] ?? '')
  );
}

/**
 * A panel right after its toggle, or after a heading that holds it (the Authoring Practices'
 * `<h3><button aria-expanded>`): hidden until clicked, but copy every visitor can open.
 */
function openedByTheToggleBefore(element: Element): boolean {
  let node = element.prev;
  while (node && node.type !== 'tag') node = node.prev;
  if (!node) return false;
  const before = node as Element;
  if (isDisclosureToggle(before)) return true;
  return (
    /^h[1-6]$/.test(before.name) &&
    before.children.some((child) => child.type === 'tag' && isDisclosureToggle(child as Element))
  );
}

/** Classes of the panels tabs and accordions open: "tab-pane", "tabs__panel", "accordion-body", "collapse". */
const DISCLOSURE_PANEL =
  /(?:^|[\s_-])(?:tab-?pane|tab-?panel|tabs?__panel|accordion(?:-body|-content|-panel|__panel|__content)?|collapse)(?:[\s_-]|$)/i;

const SHOWN_FROM_BREAKPOINT =
  /^(?:(?:sm|md|lg|xl|2xl):(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)|d-(?:sm|md|lg|xl|xxl)-(?:block|flex|grid|inline|inline-block|inline-flex|table))$/;

/**
 * Text set in the colour of its background ("color:#fff" inside a "background:#fff" container, or
 * on its own): there, but unseen. The background is the element's own or its nearest ancestor's.
 */
function inItsBackground(element: Element): boolean {
  const colour = declared(element.attribs.style, COLOUR);
  if (!colour) return false;
  for (let node: Element | null = element; node; node = node.parent?.type === 'tag' ? (node.parent as Element) : null) {
    const background = declared(node.attribs.style, BACKGROUND);
    if (background && !/^(?:transparent|none|inherit|initial|unset)$/.test(background)) return background === colour;
  }
  return false;
}

const COLOUR = /(?:^|;)\s*color\s*:\s*([^;!]+)/i;
const BACKGROUND = /(?:^|;)\s*background(?:-color)?\s*:\s*([^;!]+)/i;

/** A colour declared in a style attribute, in one notation: #rrggbb where it can be. */
function declared(style: string | undefined, property: RegExp): string | undefined {
  const value = style && property.exec(style)?.[1]?.trim().toLowerCase().replace(/\s+/g, '');
  if (!value) return undefined;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\((\d{1,3}),(\d{1,3}),(\d{1,3})(?:,(?:1|1\.0+|100%))?\)$/.exec(value);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((part) => Number(part).toString(16).padStart(2, '0'))
      .join('')}`;
  return { white: '#ffffff', black: '#000000' }[value] ?? value;
}

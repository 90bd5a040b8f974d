import { withoutInjections } from '@seqgen/checks';
import type { AnyNode, Document, Element } from 'domhandler';
import { clean, truncate, wordCount } from '../../text.ts';
import { Deadline, parseHtml } from './budget.ts';

/** A visible run of text, in page order. */
export interface Block {
  kind: 'heading' | 'p' | 'li' | 'quote' | 'dt' | 'dd' | 'cell' | 'text';
  /** 1–6 for headings. */
  level?: number;
  text: string;
  /** A bold lead-in at the start of a list item or paragraph ("Real-time alerts. Get notified…"). */
  lead?: string;
  /**
   * Which sectioning container (section, article, blockquote…) the block sits in: a heading's
   * text is what follows it inside the same container, not a testimonial further down.
   */
  group: number;
}

/** What schema.org JSON-LD says about the organisation behind the page. */
export interface OrganizationData {
  name?: string;
  legalName?: string;
  alternateName?: string;
  description?: string;
  slogan?: string;
  industry?: string;
  areaServed?: string;
}

export interface PageLink {
  text: string;
  url: string;
}

/**
 * Everything the analysers use from one page. Only what a visitor can see (plus the head's
 * metadata) ends up here: scripts, styles, hidden elements, navigation and footers are gone,
 * and sentences written for a language model rather than a reader are dropped.
 */
export interface PageContent {
  url: string;
  lang: string | undefined;
  title: string;
  siteName: string | undefined;
  metaDescription: string | undefined;
  ogTitle: string | undefined;
  ogDescription: string | undefined;
  organization: OrganizationData | undefined;
  blocks: Block[];
  /** Links to customer stories and case studies (same site first). */
  customerLinks: PageLink[];
  /** Names from customer logo strips ("Globex logo" → "Globex"). */
  logoNames: string[];
  /** Words of visible text: a JavaScript-only shell has next to none. */
  wordCount: number;
  /** Hidden or model-directed sentences dropped (for the log). */
  injectionsRemoved: number;
  /** Set when the page held more than the node or text budget: the rest was not read (for the log). */
  cut?: true;
}

/** Elements whose content a visitor never reads as page copy. */
const SKIPPED_TAGS = new Set([
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

const MAX_BLOCK_CHARS = 2_000;
const MAX_BLOCKS = 4_000;
/**
 * Characters of visible text kept (about 40,000 words, a very long page). The built-in analyser
 * runs on the service's event loop after the worker has read the page, and takes about 50 ms
 * per 250,000 characters: past this a huge page would hold every other request up.
 */
const MAX_TEXT_CHARS = 250_000;

/**
 * Parses a page (htmlparser2: forgiving and fast) into the content the analysers read. Every
 * walk is iterative and the budgets of ./budget.ts hold, so no page can overflow the stack or
 * keep the thread for long: past MAX_NODES or MAX_TEXT_CHARS the rest of the page is not read;
 * deeper than MAX_DEPTH, or slower than the time budget, throws PageTooComplex.
 */
export function extractPage(html: string, url: string, deadline: Deadline = new Deadline()): PageContent {
  const parsed = parseHtml(html, deadline);
  const page = extractDocument(parsed.root, url, deadline);
  if (parsed.cut) page.cut = true;
  return page;
}

/** The content of a parsed document (extractPage's second half: the walks over the tree). */
export function extractDocument(root: Document, url: string, deadline: Deadline = new Deadline()): PageContent {
  // One pass over the tree collects what the head and the link scans need; selector queries
  // would each walk the whole document again (a 1 MB page has tens of thousands of nodes).
  const index = indexElements(root, deadline);
  const metaValues = new Map<string, string>();
  for (const element of index.meta) {
    const key = (element.attribs.name ?? element.attribs.property ?? '').toLowerCase();
    const content = clean(element.attribs.content);
    if (key && content && !metaValues.has(key)) metaValues.set(key, content);
  }
  const meta = (...names: string[]) => {
    for (const name of names) {
      const value = metaValues.get(name);
      if (value) return value;
    }
    return undefined;
  };

  let injectionsRemoved = 0;
  const safe = (text: string | undefined) => {
    if (!text) return undefined;
    const result = withoutInjections(text);
    injectionsRemoved += result.removed;
    return result.text || undefined;
  };

  const hiddenByStylesheet = hiddenSelectorsFromStyles(index.styles, deadline);
  const collected = collectBlocks(index.body, hiddenByStylesheet, deadline, (removed) => {
    injectionsRemoved += removed;
  });
  let blocks = collected.blocks;
  // A JavaScript app shell renders its copy from embedded page data (Next.js __NEXT_DATA__, Nuxt):
  // what a visitor sees once the script runs is in there.
  if (countWords(blocks) < SHELL_WORDS && index.pageData.length) {
    blocks = [
      ...blocks,
      ...blocksFromPageData(index.pageData, deadline, (removed) => {
        injectionsRemoved += removed;
      }),
    ];
  }

  const htmlLang = clean(index.html?.attribs.lang ?? index.html?.attribs['xml:lang']);
  const ogLocale = meta('og:locale');
  const lang = (htmlLang || ogLocale?.replace('_', '-') || '').toLowerCase().split('-')[0] || undefined;

  const organization = organizationFromJsonLd(index.jsonLd, deadline);
  if (organization?.description) organization.description = safe(organization.description);

  const page: PageContent = {
    url,
    lang,
    title: safe(clean(index.title ? textOf(index.title, deadline) : '')) ?? '',
    siteName: safe(meta('og:site_name', 'application-name', 'apple-mobile-web-app-title')),
    metaDescription: safe(meta('description')),
    ogTitle: safe(meta('og:title', 'twitter:title')),
    ogDescription: safe(meta('og:description', 'twitter:description')),
    organization,
    blocks,
    customerLinks: customerLinks(index.links, url, deadline),
    logoNames: logoNames(index.images),
    wordCount: countWords(blocks),
    injectionsRemoved,
  };
  if (collected.cut) page.cut = true;
  return page;
}

/** Visible text as one string, headings on their own lines, capped. */
export function pageText(page: PageContent, maxChars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (const block of page.blocks) {
    const line = block.kind === 'heading' ? `\n${'#'.repeat(block.level ?? 2)} ${block.text}` : block.text;
    if (length + line.length > maxChars) {
      lines.push(truncate(line, Math.max(0, maxChars - length)));
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').trim();
}

/**
 * Class and id selectors a page's own stylesheet hides outright (outside media queries), e.g.
 * `.note{display:none}`: text hidden that way is as invisible as an inline style.
 */
function hiddenSelectorsFromStyles(styles: Element[], deadline: Deadline): { classes: Set<string>; ids: Set<string> } {
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

function isHidden(element: Element, stylesheet: { classes: Set<string>; ids: Set<string> }): boolean {
  const attribs = element.attribs;
  if ('hidden' in attribs) return true;
  if (attribs['aria-hidden'] === 'true') return true;
  if (attribs.type === 'hidden') return true;
  const role = attribs.role?.toLowerCase();
  if (role && SKIPPED_ROLES.has(role)) return true;
  if (attribs.style && HIDDEN_STYLE.test(attribs.style)) return true;
  const classList = attribs.class?.split(/\s+/) ?? [];
  for (const name of classList) {
    if (HIDDEN_CLASSES.has(name.toLowerCase()) || stylesheet.classes.has(name)) return true;
  }
  if (attribs.id && stylesheet.ids.has(attribs.id)) return true;
  if ((attribs.class && CHROME.test(attribs.class)) || (attribs.id && CHROME.test(attribs.id))) return true;
  return false;
}

/** A list of nodes being walked, and what to do once all of them have been. */
interface Frame {
  nodes: AnyNode[];
  next: number;
  done?: (() => void) | undefined;
}

function collectBlocks(
  body: Element | undefined,
  stylesheet: { classes: Set<string>; ids: Set<string> },
  deadline: Deadline,
  onInjections: (removed: number) => void,
): { blocks: Block[]; cut: boolean } {
  const blocks: Block[] = [];
  let current: { kind: Block['kind']; level?: number; parts: string[]; lead?: string } = { kind: 'text', parts: [] };
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
    const { text, removed } = withoutInjections(raw);
    if (removed) onInjections(removed);
    if (!text) return;
    const block: Block = {
      kind: current.kind,
      text: text.length > MAX_BLOCK_CHARS ? truncate(text, MAX_BLOCK_CHARS) : text,
      group,
    };
    if (current.level) block.level = current.level;
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
    const kind = visual ? 'heading' : (BLOCK_KINDS[name] ?? (isVisualQuote(element) ? 'quote' : undefined));
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
    if (BREAKING_TAGS.has(name) || GROUPING_TAGS.has(name)) {
      flush();
      return flush;
    }
    // A bold lead-in: the first thing in a paragraph or list item.
    if (LEAD_TAGS.has(name) && (current.kind === 'li' || current.kind === 'p') && !clean(current.parts.join(''))) {
      const before = current.parts.length;
      return () => {
        const lead = clean(current.parts.slice(before).join(''));
        if (lead && wordCount(lead) <= 10) current.lead = lead.replace(/[.:–—-]\s*$/, '');
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
      current.parts.push((node as unknown as { data: string }).data);
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'root') continue;
    const element = node as Element;
    // htmlparser2 lower-cases HTML tag names already.
    const name = element.name;
    if (SKIPPED_TAGS.has(name) || isHidden(element, stylesheet)) continue;
    const grouping = GROUPING_TAGS.has(name);
    if (grouping) {
      flush();
      leaveGroup();
    }
    const done = enter(element, name);
    stack.push({
      nodes: element.children,
      next: 0,
      done: grouping
        ? () => {
            done?.();
            leaveGroup();
          }
        : done,
    });
  }
  flush();
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

const ORGANIZATION_TYPES =
  /^(Organization|Corporation|LocalBusiness|OnlineBusiness|OnlineStore|Store|MedicalOrganization|MedicalBusiness|MedicalClinic|Hospital|Physician|Dentist|FinancialService|BankOrCreditUnion|InsuranceAgency|ProfessionalService|LegalService|AccountingService|EmploymentAgency|NGO|EducationalOrganization|GovernmentOrganization|SportsOrganization|Manufacturer|AutomotiveBusiness|HomeAndConstructionBusiness|FoodEstablishment|TravelAgency|Brand)$/;

function organizationFromJsonLd(scripts: Element[], deadline: Deadline): OrganizationData | undefined {
  const nodes: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || nodes.length > 200) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      nodes.push(record);
      if (record['@graph']) visit(record['@graph'], depth + 1);
      for (const key of ['publisher', 'provider', 'manufacturer', 'brand', 'author', 'about']) {
        if (record[key] && typeof record[key] === 'object') visit(record[key], depth + 1);
      }
    }
  };
  for (const element of scripts) {
    const text = textOf(element, deadline);
    if (text.length > 500_000) continue;
    try {
      visit(JSON.parse(text), 0);
    } catch {
      // Broken JSON-LD is common; the rest of the page still counts.
    }
  }
  const types = (node: Record<string, unknown>) =>
    [node['@type']].flat().filter((t): t is string => typeof t === 'string');
  const organization = nodes.find((node) => types(node).some((type) => ORGANIZATION_TYPES.test(type)));
  if (!organization) return undefined;
  const text = (value: unknown): string | undefined => {
    if (typeof value === 'string') return clean(value) || undefined;
    if (Array.isArray(value)) return text(value[0]);
    if (value && typeof value === 'object' && 'name' in value) return text((value as { name: unknown }).name);
    return undefined;
  };
  const data: OrganizationData = {};
  for (const key of [
    'name',
    'legalName',
    'alternateName',
    'description',
    'slogan',
    'industry',
    'areaServed',
  ] as const) {
    const value = text(organization[key]);
    if (value) data[key] = value;
  }
  return Object.keys(data).length ? data : undefined;
}

const CUSTOMER_LINK =
  /customer|case[-_\s]?stud|success[-_\s]?stor|testimonial|clients|referenz|kunden|fallstudie|erfolgsgeschicht|anwenderbericht|cas[-_\s]clients?|casos?[-_\s]de[-_\s]exito/i;
const NOT_CUSTOMER_CONTENT =
  /log[-_\s]?in|sign[-_\s]?in|portal|support|help|service[-_\s]?desk|contact|careers|account|anmeld|kundenportal|kundenservice/i;

function customerLinks(links: Element[], pageUrl: string, deadline: Deadline): PageLink[] {
  const base = new URL(pageUrl);
  const site = base.hostname.replace(/^www\./, '');
  const found = new Map<string, PageLink>();
  for (const element of links) {
    if (found.size >= 8) break;
    const href = element.attribs.href ?? '';
    // The cheap test first: most links are not about customers.
    const text =
      CUSTOMER_LINK.test(href) || CUSTOMER_HINT.test(element.children.length ? textOf(element, deadline) : '')
        ? clean(textOf(element, deadline))
        : '';
    if (!CUSTOMER_LINK.test(`${href} ${text}`) || NOT_CUSTOMER_CONTENT.test(`${href} ${text}`)) continue;
    let target: URL;
    try {
      target = new URL(href, base);
    } catch {
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
    if (target.hostname.replace(/^www\./, '') !== site) continue;
    target.hash = '';
    if (target.href === base.href) continue;
    if (!found.has(target.href)) found.set(target.href, { text: truncate(text, 80), url: target.href });
  }
  return [...found.values()];
}

function logoNames(images: Element[]): string[] {
  const names = new Set<string>();
  for (const element of images) {
    if (names.size >= 20) break;
    const alt = clean(element.attribs.alt);
    if (!/\blogo\b/i.test(alt)) continue;
    const name = alt
      .replace(/\b(company|customer|client)?\s*logo(type)?\b/gi, '')
      .replace(/[|:–—-]+$/g, '')
      .trim();
    if (name.length >= 2 && name.length <= 40 && wordCount(name) <= 5) names.add(name);
  }
  return [...names];
}

/** Blocks are whitespace-collapsed, so spaces count words closely enough for a threshold. */
const countWords = (blocks: Block[]) => blocks.reduce((sum, block) => sum + spaces(block.text) + 1, 0);

/** Fewer visible words than this and the page is a shell whose copy arrives with its script. */
const SHELL_WORDS = 60;
const TITLE_KEYS = /^(title|heading|headline|name|label|question)$/i;
const BODY_KEYS = /^(body|description|subheading|subtitle|text|summary|content|answer|copy|lead|excerpt)$/i;
const NOT_COPY = /^(https?:|\/|#|[\w.-]+@|[\w-]+\.(svg|png|jpe?g|webp|js|css)$)|^[\w-]+$|[{}<>]|^\$?[\d.,]+$/;

/**
 * Copy from embedded page data: every object with a short title and a longer body becomes a
 * heading and a paragraph, in document order; other prose strings become paragraphs.
 */
function blocksFromPageData(scripts: Element[], deadline: Deadline, onInjections: (removed: number) => void): Block[] {
  const blocks: Block[] = [];
  let group = 10_000;
  let chars = 0;
  const push = (kind: Block['kind'], raw: string, level?: number) => {
    if (blocks.length >= MAX_BLOCKS || chars >= MAX_TEXT_CHARS) return;
    const { text, removed } = withoutInjections(clean(raw));
    if (removed) onInjections(removed);
    if (!text) return;
    const block: Block = { kind, text: truncate(text, MAX_BLOCK_CHARS), group };
    if (level) block.level = level;
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
  const visit = (value: unknown, depth: number, level: number) => {
    if (depth > 12 || blocks.length >= MAX_BLOCKS) return;
    deadline.tick();
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1, level);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    group += 1;
    const entries = Object.entries(record);
    const title = entries.find(([key, item]) => TITLE_KEYS.test(key) && prose(item) && wordCount(item as string) <= 14);
    if (title) {
      // A CMS block type says what a section is ("ProblemSection"): an eyebrow a reader would see.
      const type = typeof record.__typename === 'string' ? record.__typename : '';
      if (/problem|pain|challenge/i.test(type)) push('p', 'The problem');
      push('heading', title[1] as string, Math.min(6, level));
    }
    for (const [key, item] of entries) {
      if (title && key === title[0]) continue;
      if (BODY_KEYS.test(key) && prose(item) && wordCount(item) >= 4) push('p', item);
      else if (item && typeof item === 'object') visit(item, depth + 1, title ? level + 1 : level);
    }
  };
  for (const script of scripts) {
    const text = textOf(script, deadline);
    if (text.length > 2_000_000) continue;
    try {
      visit(JSON.parse(text), 0, 2);
    } catch {
      // Not JSON after all: nothing to read.
    }
  }
  return blocks;
}

function spaces(text: string): number {
  let count = 0;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) count += 1;
  return count;
}

const CUSTOMER_HINT = /customer|case|stor|testimonial|client|referenz|kunden|fallstud|erfolg|anwender|casos/i;

/** The text inside an element (scripts and styles included: callers choose the element). */
function textOf(node: AnyNode, deadline: Deadline): string {
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

interface ElementIndex {
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

function indexElements(root: AnyNode, deadline: Deadline): ElementIndex {
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

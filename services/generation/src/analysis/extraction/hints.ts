import type { Element } from 'domhandler';
import type { ItemRef } from './content.ts';

/**
 * What an element's markup says it is: the words of its class, id, role and aria-label that name
 * a part of a page ("testimonial-slider" → testimonial, slider; "pricing-card" → pricing, card),
 * singular and lower case. Utility and builder classes ("mt-4", "elementor-column") carry none.
 * The roles of ../read/roles.ts read them beside the text.
 */

/** Part-of-page words, each with the hint it stands for. */
const HINT_WORDS: Record<string, string> = {};
const hint = (name: string, ...words: string[]) => {
  for (const word of [name, ...words]) HINT_WORDS[word] = name;
};
hint(
  'testimonial',
  'testimonials',
  'testimony',
  'kundenstimme',
  'kundenstimmen',
  'temoignage',
  'temoignages',
  'testimonio',
  'testimonios',
);
hint('quote', 'quotes', 'blockquote', 'pullquote', 'citation', 'zitat');
hint('review', 'reviews', 'rating', 'ratings');
hint('author', 'byline', 'attribution', 'cite');
hint('person', 'avatar', 'headshot');
hint('name');
hint('role', 'position', 'jobtitle');
hint('company', 'org', 'organisation', 'organization');
hint('faq', 'faqs', 'accordion', 'accordions', 'collapse', 'collapsible', 'question', 'questions', 'qa');
hint('answer', 'answers');
hint(
  'pricing',
  'price',
  'prices',
  'plan',
  'plans',
  'tier',
  'tiers',
  'preise',
  'tarif',
  'tarifs',
  'precios',
  'offres',
  'pakete',
  'planes',
);
hint('tab', 'tabs', 'tabpanel', 'tablist');
hint(
  'feature',
  'features',
  'capability',
  'capabilities',
  'benefit',
  'benefits',
  'usp',
  'usps',
  'funktionen',
  'fonctionnalites',
  'fonctionnalite',
  'avantages',
  'vorteile',
  'leistungen',
  'funcionalidades',
  'ventajas',
  'beneficios',
  'modules',
  'modulos',
  'module',
);
hint(
  'problem',
  'problems',
  'pain',
  'pains',
  'painpoint',
  'painpoints',
  'challenge',
  'challenges',
  'struggle',
  'struggles',
  'probleme',
  'problemes',
  'defis',
  'defi',
  'herausforderungen',
  'probleme',
  'problema',
  'problemas',
  'retos',
  'desafios',
  'douleurs',
);
hint('solution', 'solutions');
hint(
  'step',
  'steps',
  'process',
  'howitworks',
  'timeline',
  'workflow',
  'etapes',
  'etape',
  'schritte',
  'ablauf',
  'pasos',
  'proceso',
);
hint('spec', 'specs', 'specification', 'specifications', 'datasheet', 'techspecs', 'technical');
hint('logo', 'logos', 'logowall', 'brands', 'trusted', 'trustbar', 'clients', 'client');
hint('customer', 'customers', 'kunden', 'clientes', 'references', 'referencias');
hint('partner', 'partners', 'investors', 'investor', 'backers');
hint('integration', 'integrations', 'apps', 'connectors', 'marketplace');
hint(
  'story',
  'stories',
  'casestudy',
  'casestudies',
  'case',
  'study',
  'studies',
  'success',
  'referenzen',
  'reference',
  'references',
);
hint('stat', 'stats', 'statistic', 'statistics', 'metric', 'metrics', 'kpi', 'kpis', 'numbers', 'counter', 'counters');
hint('hero', 'jumbotron', 'masthead', 'intro', 'banner');
hint('cta', 'calltoaction', 'signup', 'newsletter', 'subscribe', 'demo');
hint('team', 'people', 'leadership', 'founders', 'staff', 'about');
hint('footer', 'colophon', 'copyright', 'legal', 'imprint', 'impressum', 'disclaimer');
hint('header', 'topbar');
hint('nav', 'navigation', 'navbar', 'menu', 'breadcrumb', 'breadcrumbs', 'sitemap');
hint('cookie', 'cookies', 'consent', 'gdpr');
hint('carousel', 'slider', 'swiper', 'slide', 'slides', 'glide', 'splide', 'slick', 'owl', 'marquee', 'ticker');
hint('card', 'cards', 'tile', 'tiles', 'box', 'panel');
hint('news', 'press', 'blog', 'post', 'posts', 'article', 'articles', 'events', 'award', 'awards');
hint('industry', 'industries', 'sectors', 'usecase', 'usecases', 'verticals');

/**
 * Page builders name every widget by its type ("elementor-widget-icon-box", "et_pb_blurb",
 * "wp-block-post-title"): such a class says what a part is only for these words.
 */
const BUILDER_CLASS = /^(?:elementor|et_pb|et-pb|wp-block|vc_|fl-|brxe|fusion|kb-|uagb|ast-|wpb|sqs-|w-|framer-)/i;
const BUILDER_HINTS = new Set([
  'testimonial',
  'quote',
  'review',
  'faq',
  'pricing',
  'tab',
  'stat',
  'logo',
  'carousel',
  'author',
  'name',
  'role',
  'nav',
  'footer',
  'cookie',
]);

/** Words of a class or id: split on anything but letters, and camelCase. */
function wordsOf(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^a-z]+/)
    .filter((word) => word.length > 1);
}

/** The hints one element's own attributes give (without its ancestors'). */
export function hintsOf(element: Element): string[] {
  const { attribs } = element;
  const found: string[] = [];
  const add = (value: string | undefined) => {
    if (!value) return;
    const words = wordsOf(value);
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index] as string;
      // "how-it-works", "case-study", "pain-point", "use-case" are one part of a page.
      const pair = `${word}${words[index + 1] ?? ''}`;
      const triple = `${pair}${words[index + 2] ?? ''}`;
      const named = HINT_WORDS[triple] ?? HINT_WORDS[pair] ?? HINT_WORDS[word];
      if (named && !found.includes(named)) found.push(named);
    }
  };
  const classes = (attribs.class ?? '').split(/\s+/);
  add(classes.filter((name) => !BUILDER_CLASS.test(name)).join(' '));
  const before = found.length;
  add(classes.filter((name) => BUILDER_CLASS.test(name)).join(' '));
  // Of a builder's widget names only the few that say what a part is.
  for (let index = found.length - 1; index >= before; index -= 1) {
    if (!BUILDER_HINTS.has(found[index] as string)) found.splice(index, 1);
  }
  add(attribs.id);
  add(attribs.role);
  add(attribs['aria-label']);
  add(attribs['data-section'] ?? attribs['data-block'] ?? attribs['data-component'] ?? attribs['data-testid']);
  if (element.name === 'blockquote' || element.name === 'q') found.push('quote');
  if (element.name === 'cite') found.push('author');
  if (element.name === 'figcaption') found.push('author');
  if (element.name === 'details' || element.name === 'summary') found.push('faq');
  return found;
}

/** Elements that may be one of a run of look-alike items (cards, slides, list items, rows). */
const ITEM_TAGS = new Set([
  'li',
  'div',
  'article',
  'section',
  'figure',
  'blockquote',
  'a',
  'tr',
  'dd',
  'details',
  'p',
  'span',
]);
/** Text elements count as items only when a class marks them as one of a kind ("quote", "author-name"). */
const TEXT_ITEM_TAGS = new Set(['p', 'span']);

/** A class that says what state an item is in, not what it is ("active", "swiper-slide-next"). */
const STATE_CLASS =
  /^(?:is-|has-)?(?:active|current|selected|open|show|shown|visible|hidden|first|last|odd|even|prev|next|duplicate|clone[d]?)$|-(?:active|current|selected|prev|next|duplicate|visible)$|\d/;

/** What makes two siblings look alike: the tag and the classes that do not change with state. */
export function signatureOf(element: Element): string {
  const classes = (element.attribs.class ?? '')
    .split(/\s+/)
    .filter((name) => name && !STATE_CLASS.test(name))
    .sort()
    .join(' ');
  return `${element.name}|${classes}`;
}

/**
 * The items among an element's children: each child that has at least one look-alike sibling,
 * with its place among them. Text elements only when classed; list items and rows always.
 */
export function itemsAmong(
  parent: Element,
  parentId: number,
  idOf: (child: Element) => number,
): Map<Element, ItemRef> | undefined {
  if (parent.children.length < 2) return undefined;
  const bySignature = new Map<string, Element[]>();
  for (const child of parent.children) {
    if (child.type !== 'tag') continue;
    const element = child as Element;
    if (!ITEM_TAGS.has(element.name)) continue;
    if (TEXT_ITEM_TAGS.has(element.name) && !element.attribs.class) continue;
    const signature = element.name === 'li' || element.name === 'tr' ? element.name : signatureOf(element);
    const list = bySignature.get(signature);
    if (list) list.push(element);
    else bySignature.set(signature, [element]);
  }
  let items: Map<Element, ItemRef> | undefined;
  for (const list of bySignature.values()) {
    if (list.length < 2) continue;
    items ??= new Map();
    for (const [index, element] of list.entries()) {
      items.set(element, { id: idOf(element), list: parentId, index, count: list.length });
    }
  }
  return items;
}

/** The hints a key of embedded page data gives ("testimonials", "pricingTiers", "__typename": "FaqBlock"). */
export function hintsOfKey(key: string): string[] {
  const found: string[] = [];
  const words = wordsOf(key);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const pair = `${word}${words[index + 1] ?? ''}`;
    const named = HINT_WORDS[pair] ?? HINT_WORDS[word];
    if (named && !found.includes(named)) found.push(named);
  }
  return found;
}

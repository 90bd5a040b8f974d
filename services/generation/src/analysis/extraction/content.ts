/** What the extraction hands the analysers: a page's visible text and what it says about itself. */

/** A visible run of text, in page order. */
export interface Block {
  kind: 'heading' | 'p' | 'li' | 'quote' | 'dt' | 'dd' | 'cell' | 'text';
  /** 1–6 for headings. */
  level?: number;
  text: string;
  /**
   * A lead-in at the start of a list item or paragraph: bold ("Real-time alerts. Get notified…"),
   * or set off by a colon or a dash in a run of such items ("Invoice capture: reads…", ./leads.ts).
   */
  lead?: string;
  /** Set when the markup makes the block a quote's attribution (./attribution.ts): who said the quote before it. */
  attribution?: true;
  /**
   * Which sectioning container (section, article, blockquote…) the block sits in: a heading's
   * text is what follows it inside the same container, not a testimonial further down.
   */
  group: number;
  /**
   * What the markup around the block says it is part of: words from its ancestors' class, id and
   * role ("testimonial", "pricing", "faq", "slide"), nearest first (./hints.ts). Builder and utility
   * classes carry no such word and add nothing.
   */
  hints?: string[];
  /**
   * The repeated element the block sits in (a card of a grid, an item of a list, a slide): its
   * id, and its place among its look-alike siblings. Blocks of one item belong together (a feature
   * card's heading and text; a testimonial's quote and name); two lists of equal length side by
   * side pair item for item (quotes in one, names in the other).
   */
  item?: ItemRef;
}

export interface ItemRef {
  /** The item element's id (page order). */
  id: number;
  /** The id of the element holding the item and its look-alike siblings. */
  list: number;
  /** Position among the look-alike siblings, from 0. */
  index: number;
  /** How many look-alike siblings (this one included) the list holds. */
  count: number;
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
  /** The alt text of the site's own logo ("Lagerblick RFID"). */
  siteLogo?: string;
  /** The name with a legal form the page's footer gives ("Lindtner Kurier GmbH · Billstraße 112"). */
  registeredName?: string;
  /** Names from customer logo strips ("Globex logo" → "Globex"). */
  logoNames: string[];
  /** Words of visible text: a JavaScript-only shell has next to none. */
  wordCount: number;
  /** Hidden or model-directed sentences dropped (for the log). */
  injectionsRemoved: number;
  /** Set when the page held more than the node or text budget: the rest was not read (for the log). */
  cut?: true;
}

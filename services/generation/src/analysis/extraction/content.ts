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

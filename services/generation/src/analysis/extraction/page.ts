import { withoutInjections } from '@seqgen/checks';
import type { Document } from 'domhandler';
import { clean, spacedWords, truncate } from '../../text.ts';
import { collectBlocks } from './blocks.ts';
import { Deadline, parseHtml } from './budget.ts';
import type { Block, PageContent } from './content.ts';
import { indexElements, textOf } from './dom.ts';
import { customerLinks, logoNames, organizationFromJsonLd, siteLogoName } from './metadata.ts';
import { blocksFromPageData, blocksFromStateScripts, SHELL_WORDS } from './page-data.ts';
import { hiddenSelectorsFromStyles } from './visibility.ts';

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
  // Frameworks that hand their state over as JavaScript (Nuxt, the Next.js app router, Redux stores).
  if (countWords(blocks) < SHELL_WORDS && index.stateScripts.length) {
    blocks = [
      ...blocks,
      ...blocksFromStateScripts(index.stateScripts, deadline, (removed) => {
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
    siteLogo: siteLogoName(index.images),
    wordCount: countWords(blocks),
    injectionsRemoved,
  };
  const registered = index.footers
    .map((footer) => registeredNameIn(textOf(footer, deadline).slice(0, 2_000)))
    .find(Boolean);
  if (registered) page.registeredName = safe(registered);
  if (collected.cut) page.cut = true;
  return page;
}

/**
 * The first name with a legal form in a text ("Lindtner Kurier GmbH · Billstraße 112",
 * "Brackenfold Safety Systems Ltd · Registered in England"): up to five capitalised words and the form.
 */
export function registeredNameIn(text: string): string | undefined {
  const registered =
    /(?:^|[\s·|,(©])((?:(?:\p{Lu}[\p{L}\p{N}&'.-]*|&|and|und|et|y)\s+){0,5}\p{Lu}[\p{L}\p{N}&'.-]*)\s+(GmbH|Ltd\.?|Limited|LLP|plc|SAS|SARL|S\.L\.|S\.A\.|AG|KG|Inc\.|LLC|B\.V\.)(?=[\s·|,.)]|$)/u.exec(
      clean(text),
    );
  return registered?.[1] && registered[2] ? `${registered[1]} ${registered[2]}` : undefined;
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

/** Blocks are whitespace-collapsed, so spaces count words closely enough for a threshold. */
const countWords = (blocks: Block[]) => blocks.reduce((sum, block) => sum + spacedWords(block.text), 0);

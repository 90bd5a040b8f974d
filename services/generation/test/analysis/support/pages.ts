/**
 * Small pages for the analysis unit tests: an HTML document around a body, read through the same
 * steps the built-in analyser takes (extraction → blocks with roles → facts), with finders that
 * fail loudly when the text a test names is not on the page at all.
 */
import type { Analysis } from '@seqgen/proto';
import { analyseSite } from '../../../src/analysis/analyse.ts';
import type { Block, PageContent } from '../../../src/analysis/extraction/content.ts';
import { extractPage } from '../../../src/analysis/extraction/page.ts';
import { pageLanguage } from '../../../src/analysis/facts/language.ts';
import { type ReadBlock, type ReadPage, readPage } from '../../../src/analysis/read/roles.ts';

export interface PageOptions {
  title?: string;
  lang?: string;
  head?: string;
  url?: string;
}

/** A whole document: `<head>` with a title (and whatever `head` adds), then `body`. */
export function html(body: string, options: PageOptions = {}): string {
  const lang = options.lang ?? 'en';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${options.title ?? 'Page'}</title>${options.head ?? ''}</head><body>${body}</body></html>`;
}

export function extract(body: string, options: PageOptions = {}): PageContent {
  return extractPage(html(body, options), options.url ?? 'https://seller.example/');
}

export function read(body: string, options: PageOptions = {}): ReadPage {
  const page = extract(body, options);
  return readPage(page.blocks, pageLanguage(page));
}

export function analyse(body: string, options: PageOptions = {}, caseStudies?: string): Analysis {
  return analyseSite({
    company: extract(body, options),
    caseStudies: caseStudies === undefined ? undefined : extract(caseStudies, { ...options, title: 'Customers' }),
  });
}

/** The one block whose text is `text` (or starts with it, for long paragraphs); throws when there is none. */
export function blockOf(blocks: readonly Block[], text: string): Block {
  const found = blocks.find((block) => block.text === text) ?? blocks.find((block) => block.text.startsWith(text));
  if (!found) {
    throw new Error(`no block "${text}" among:\n${blocks.map((block) => `  ${block.kind}: ${block.text}`).join('\n')}`);
  }
  return found;
}

/** The read block whose text is `text` (or starts with it); throws when there is none. */
export function entryOf(page: ReadPage, text: string): ReadBlock {
  const block = blockOf(
    page.blocks.map((entry) => entry.block),
    text,
  );
  return page.blocks.find((entry) => entry.block === block) as ReadBlock;
}

/** The role of the block whose text is `text`. */
export const roleOf = (page: ReadPage, text: string) => entryOf(page, text).role;

/** The index of the block whose text is `text`. */
export const indexOf = (page: ReadPage, text: string) => page.blocks.indexOf(entryOf(page, text));

/** The kind of the section that holds the block whose text is `text`. */
export const sectionKindOf = (page: ReadPage, text: string) => page.sections[entryOf(page, text).section]?.kind;

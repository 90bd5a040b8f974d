import type { PageContent } from '../extraction/content.ts';
import type { Lexicon } from '../lexicon/index.ts';
import { audienceOf } from './audience.ts';
import type { Section, Testimonial } from './structure.ts';
import { inferredTitles, pageTitles } from './titles.ts';

/**
 * Whom the company sells to, in the page's own words: the roles it names (./titles.ts) and the
 * groups it says it serves (./audience.ts). Titles are inferred only when the page names none.
 */

export interface People {
  titles: string[];
  titlesInferred: boolean;
  audience: string;
}

/** Titles for the analysis: the page's own, else inferred and marked so. */
export function peopleOf(
  pages: (PageContent | undefined)[],
  sections: Section[],
  testimonials: Testimonial[],
  lex: Lexicon,
  companyName: string,
): People {
  const named = pageTitles(pages, sections, testimonials, lex, companyName);
  const titles = named.titles.length ? named.titles : inferredTitles(pages, lex);
  return {
    titles,
    titlesInferred: named.titles.length === 0 && titles.length > 0,
    audience: audienceOf(pages, named.roles, lex, companyName),
  };
}

import { clean, sentences, wordCount } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import type { Lexicon, TriggerKind } from '../lexicon/index.ts';
import { audienceOf } from './audience.ts';
import { companyNameOf, describeCompany } from './company.ts';
import { sentenceCase } from './phrases.ts';
import { asStatement } from './statements.ts';

/**
 * The company a sequence is written to, as its own page tells it: what it does, whom it serves,
 * and the news a good rep opens with (a new site, hiring, a launch, funding).
 */
export interface CompanyProfile {
  url: string;
  companyName: string;
  companyDescription: string;
  targetAudience: string;
  language: string;
  /** Best first: the page's own sentences about what is happening there. */
  triggers: Trigger[];
}

export interface Trigger {
  kind: TriggerKind;
  /** The page's sentence or headline, as written. */
  text: string;
  /**
   * The same as a clause in the reader's voice, when the page says it in its own voice
   * ("We're opening…" → "you're opening…"; German "Sie eröffnen…"), without a full stop.
   */
  yourNews: string | undefined;
}

const MAX_TRIGGERS = 3;

export function profileProspectPage(
  page: PageContent,
  lex: Lexicon,
  language: string,
  proper: Set<string>,
): CompanyProfile {
  const companyName = companyNameOf(page);
  return {
    url: page.url,
    companyName,
    companyDescription: describeCompany(page, companyName, lex),
    targetAudience: audienceOf([page], [], lex, companyName),
    language,
    triggers: triggersOf(page, lex, companyName, proper),
  };
}

function triggersOf(page: PageContent, lex: Lexicon, companyName: string, proper: Set<string>): Trigger[] {
  const found: (Trigger & { rank: number; order: number })[] = [];
  let order = 0;
  for (const block of page.blocks.slice(0, 2000)) {
    for (const raw of sentences(block.text)) {
      order += 1;
      const text = clean(raw);
      const words = wordCount(text);
      if (words < 4 || words > 35 || /\?$/.test(text)) continue;
      const index = lex.triggers.findIndex((trigger) => trigger.pattern.test(text));
      if (index === -1) continue;
      const trigger = lex.triggers[index] as Lexicon['triggers'][number];
      if (found.some((other) => other.text === text)) continue;
      const own = lex.toSecondPerson(text);
      found.push({
        kind: trigger.kind,
        text: lex.code === 'en' ? sentenceCase(asStatement(text), proper, companyName) : asStatement(text),
        yourNews: own?.replace(/[.!]+$/, ''),
        rank: index,
        order,
      });
    }
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, MAX_TRIGGERS)
    .map(({ kind, text, yourNews }) => ({ kind, text, yourNews }));
}

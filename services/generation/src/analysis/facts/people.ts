import { normalise, PhraseIndex, wordsOf } from '../../match.ts';
import type { FunctionPlaybook, PlaybookLanguage } from '../../playbook/index.ts';
import { playbook } from '../../playbook/index.ts';
import { clean, sentences } from '../../text.ts';
import type { ReadPage } from '../read/roles.ts';
import { parseByline } from './proofs.ts';

/**
 * Whom the company sells to: the job titles its page names (buyers' titles the playbooks know, in
 * any of the four languages, singular or plural, and the titles in its customers' bylines), else
 * the function's buyers from its playbook, marked inferred; and a line on its audience for the card.
 */

export interface People {
  titles: string[];
  titlesInferred: boolean;
  audience: string;
}

const MAX_TITLES = 5;

let titleIndex: { phrases: PhraseIndex; canonical: Map<string, string> } | undefined;

/**
 * Every buyer title of every playbook, found singular or plural ("warehouse managers"). Thousands
 * of titles: a phrase index, as one regular expression of them all takes V8 a second to compile.
 */
function titles(): { phrases: PhraseIndex; canonical: Map<string, string> } {
  if (titleIndex) return titleIndex;
  const canonical = new Map<string, string>();
  for (const fn of playbook().functions.values()) {
    for (const lists of [fn.buyers.above, fn.buyers.below]) {
      for (const list of Object.values(lists)) {
        for (const title of list) {
          const key = wordsOf(title).join(' ');
          // "CFO" is a title; "Ops" alone is not.
          if (key.length < 4 && !/^[A-Z]{2,5}$/.test(title)) continue;
          if (!canonical.has(key)) canonical.set(key, title);
        }
      }
    }
  }
  titleIndex = { phrases: new PhraseIndex(canonical.keys()), canonical };
  return titleIndex;
}

const TITLE_ROLES = new Set([
  'audience',
  'hero',
  'text',
  'feature',
  'problem',
  'attribution',
  'heading',
  'story',
  'quote',
]);

/**
 * Job titles written out in running text, singular or plural ("inventory control managers", "VPs
 * of distribution", "Leiter Instandhaltung", "responsables de la qualité", "jefes de almacén").
 */
const GENERIC_TITLES: RegExp[] = [
  /\b((?:[a-z][\w&-]*\s){0,2}?[a-z][\w&-]*\s(?:managers?|directors?|supervisors?|planners?|controllers?|coordinators?|administrators?|dispatchers?|recruiters?|leads?|officers?))\b/giu,
  /\b((?:VPs?|vice presidents?|heads?|directors?)\s+of\s+(?:[a-z][\w&-]*)(?:\s(?:and\s)?[a-z][\w&-]*)?)\b/giu,
  /\b((?:Leiter(?:in)?|Leitung)\s(?:der\s|des\s)?\p{Lu}[\p{L}-]+|\p{Lu}[\p{L}]+(?:leiter(?:in)?|manager(?:in)?|verantwortliche[rn]?))\b/gu,
  /\b((?:directeurs?|directrices?|responsables?)\s(?:de\sla\s|du\s|des\s|de\sl'|d')?[a-zà-ÿ-]+(?:\s[a-zà-ÿ-]+)?)\b/giu,
  /\b((?:directores?|directoras?|responsables?|jefes?|jefas?)\sde\s(?:la\s|los\s|las\s)?[a-záéíóúñ-]+)\b/giu,
];
/** Words a title never starts with: what stands before it in a sentence ("used by", "so", "built for"). */
const BEFORE_TITLE =
  /^(the|our|your|their|all|every|any|and|or|for|with|to|of|as|by|no|a|an|is|are|so|used|built|made|designed|trusted|loved|helps|help|who|that|which|project|account|case|product|many|most|busy|other)$/i;

/** "inventory control managers" → "Inventory Control Manager"; "VPs of distribution" → "VP of Distribution". */
function titleOf(raw: string): string | undefined {
  const words = raw.trim().split(/\s+/);
  while (words.length > 1 && BEFORE_TITLE.test(words[0] as string)) words.shift();
  if (
    !words.length ||
    BEFORE_TITLE.test(words[0] as string) ||
    (words.length < 2 && !/^[A-Z]{2,5}$/.test(words[0] as string))
  )
    return undefined;
  const singular = words.map((word, index) => {
    const lower = word.toLowerCase();
    if (
      /^(vps|heads|directors|managers|supervisors|planners|controllers|coordinators|administrators|dispatchers|recruiters|leads|officers)$/.test(
        lower,
      ) &&
      (index === 0 || index === words.length - 1)
    )
      return word.slice(0, -1);
    if (lower === 'vice' || lower === 'presidents') return lower === 'presidents' ? 'President' : 'Vice';
    return word;
  });
  const cased = singular.map((word) =>
    /^(of|and|de|la|du|des|del|der|los|las|l')$/i.test(word)
      ? word.toLowerCase()
      : word.charAt(0).toUpperCase() + word.slice(1),
  );
  return cased.join(' ').replace(/^Vp\b/, 'VP');
}

export function peopleOf(reads: ReadPage[], fn: FunctionPlaybook, language: PlaybookLanguage): People {
  const { phrases, canonical } = titles();
  const counts = new Map<string, number>();
  for (const read of reads) {
    for (const entry of read.blocks) {
      if (!TITLE_ROLES.has(entry.role)) continue;
      for (const phrase of phrases.matches(entry.block.text)) {
        const title = canonical.get(phrase);
        if (title) counts.set(title, (counts.get(title) ?? 0) + (entry.role === 'audience' ? 3 : 1));
      }
    }
  }
  // Titles written out where the page says whom it serves (its audience, hero or copy, a role
  // list's bold leads), and the titles of the customers' people who speak for it.
  for (const read of reads) {
    for (const entry of read.blocks) {
      const source =
        entry.role === 'attribution'
          ? parseByline(entry.block.text).title
          : entry.role === 'audience' || entry.role === 'hero' || entry.role === 'text' || entry.block.lead
            ? (entry.block.lead ?? entry.block.text)
            : undefined;
      if (!source) continue;
      const count = (title: string | undefined) => {
        if (!title || title.split(' ').length > 5) return;
        const known = [...counts.keys()].find((other) => normalise(other) === normalise(title));
        counts.set(known ?? title, (counts.get(known ?? title) ?? 0) + (entry.role === 'audience' ? 3 : 1));
      };
      // A byline's title is a title however it is written ("VP Finance", "CFO"); copy needs a pattern.
      if (entry.role === 'attribution' && /^\p{Lu}/u.test(source)) count(titleOf(source));
      else
        for (const pattern of GENERIC_TITLES) {
          pattern.lastIndex = 0;
          for (const match of source.matchAll(pattern)) count(titleOf(match[1] as string));
        }
    }
  }
  const named = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([title]) => title)
    .slice(0, MAX_TITLES);
  const inferred = [...fn.buyers.above[language].slice(0, 2), ...fn.buyers.below[language].slice(0, 2)];
  const chosen = named.length ? named : inferred;
  const audienceBlock = reads[0]?.blocks.find((entry) => entry.role === 'audience' && entry.block.kind !== 'heading');
  const audience = audienceBlock ? (sentences(audienceBlock.block.text)[0] ?? '') : chosen.join(', ');
  return { titles: chosen, titlesInferred: named.length === 0, audience: clean(audience) };
}

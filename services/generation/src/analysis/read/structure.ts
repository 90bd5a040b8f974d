import { normalise, phrasePattern } from '../../match.ts';
import type { Block } from '../extraction/content.ts';
import { SECTION_HEADINGS, type SectionRole } from './lexicon.ts';

/**
 * A page as a reader sees it: sections under their headings (with the eyebrow above a heading read
 * with it), and inside a section the cards a grid, list or carousel repeats. Nothing here reads a
 * heading's words into the text under it: a heading stays its own block (docs/architecture.md §6).
 */

export type SectionKind = SectionRole | 'hero' | 'other';

export interface Section {
  id: number;
  kind: SectionKind;
  /** Index of the section's heading block (undefined for text before any heading). */
  heading: number | undefined;
  /** The eyebrow above the heading ("THE PROBLEM"), when there is one. */
  eyebrow: number | undefined;
  /** Block indices in page order, heading and eyebrow included. */
  blocks: number[];
  cards: Card[];
}

export interface Card {
  /** A heading of the card ("Smart capture"), when it has one. */
  heading: number | undefined;
  /** Every block of the card, in page order (heading included). */
  blocks: number[];
  /** The item list the card belongs to (cards of one grid share it), when the markup repeats it. */
  list: number | undefined;
  index: number | undefined;
  count: number | undefined;
}

const HEADING_PATTERNS = SECTION_HEADINGS.map(([role, phrases]) => [role, phrasePattern(phrases, 'u')] as const);

/** Hints (./../extraction/hints.ts) that say what a whole section is. */
const HINT_ROLES: Record<string, SectionRole> = {
  testimonial: 'testimonials',
  review: 'testimonials',
  faq: 'faq',
  pricing: 'pricing',
  step: 'steps',
  spec: 'specs',
  logo: 'logos',
  integration: 'integrations',
  problem: 'problems',
  feature: 'features',
  story: 'stories',
  stat: 'stats',
  team: 'team',
  footer: 'legal',
  cookie: 'legal',
  cta: 'cta',
  news: 'news',
  industry: 'audience',
};

/** A heading's words say which section it opens, else undefined. */
export function roleOfHeading(text: string): SectionRole | undefined {
  const words = normalise(text);
  // A long heading is a claim, not a section label ("Stop chasing approvals and pay suppliers on
  // time"): only its opening words may label it ("Built for finance teams that have outgrown…").
  const label = words.split(' ').length > 9 ? words.split(' ').slice(0, 4).join(' ') : words;
  for (const [role, pattern] of HEADING_PATTERNS) {
    if (pattern.test(label)) return role;
  }
  return undefined;
}

/** A short label over a heading ("THE PROBLEM", "Sound familiar?"), read with the heading it labels. */
const isEyebrow = (block: Block) => {
  if ((block.kind !== 'p' && block.kind !== 'text') || block.attribution) return false;
  const words = block.text.split(' ').length;
  return words <= 5 && (!/[.!]$/.test(block.text) || words <= 2) && (!block.text.endsWith('?') || words <= 4);
};

/** The sections and cards of a page's blocks. */
export function sectionsOf(blocks: readonly Block[]): Section[] {
  const headings = blocks.flatMap((block, index) => (block.kind === 'heading' ? [index] : []));
  const heroIndex = headings.find((index) => blocks[index]?.level === 1) ?? headings[0];
  // Sections open at the shallowest level used below the hero's heading; deeper headings head cards.
  const levels = headings.filter((index) => index !== heroIndex).map((index) => blocks[index]?.level ?? 2);
  const sectionLevel = levels.length ? Math.min(...levels) : 2;

  const sections: Section[] = [];
  let current: Section = { id: 0, kind: 'other', heading: undefined, eyebrow: undefined, blocks: [], cards: [] };
  const open = (heading: number, kind: SectionKind, eyebrow: number | undefined) => {
    // The eyebrow already sits in the section before: move it to the one it labels.
    if (eyebrow !== undefined) current.blocks = current.blocks.filter((index) => index !== eyebrow);
    if (current.blocks.length) sections.push(current);
    current = {
      id: sections.length,
      kind,
      heading,
      eyebrow,
      blocks: eyebrow === undefined ? [] : [eyebrow],
      cards: [],
    };
  };

  for (const [index, block] of blocks.entries()) {
    if (block.kind === 'heading' && (index === heroIndex || (block.level ?? 2) <= sectionLevel)) {
      const previous = blocks[index - 1];
      const eyebrow = previous && isEyebrow(previous) && current.blocks.at(-1) === index - 1 ? index - 1 : undefined;
      open(index, index === heroIndex ? 'hero' : 'other', eyebrow);
    }
    current.blocks.push(index);
  }
  if (current.blocks.length) sections.push(current);

  for (const section of sections) {
    if (section.kind !== 'hero') section.kind = kindOf(section, blocks);
    section.cards = cardsOf(section, blocks, sectionLevel);
  }
  return sections;
}

function kindOf(section: Section, blocks: readonly Block[]): SectionKind {
  const heading = section.heading === undefined ? undefined : blocks[section.heading];
  const eyebrow = section.eyebrow === undefined ? undefined : blocks[section.eyebrow];
  for (const label of [eyebrow?.text, heading?.text]) {
    const role = label ? roleOfHeading(label) : undefined;
    // A button's words just above a heading ("Solicitar demo") end the section before; they do not
    // make the next one a call to action (a Spanish page's "Un lunes cualquiera" scene was lost so).
    if (role === 'cta' && label === eyebrow?.text) continue;
    if (role) return role;
  }
  // The markup's words, counted over the section (the heading's count double): the most common wins.
  const votes = new Map<SectionRole, number>();
  for (const index of section.blocks) {
    const block = blocks[index] as Block;
    const weight = index === section.heading ? 2 : 1;
    const seen = new Set<SectionRole>();
    for (const hint of block.hints ?? []) {
      const role = HINT_ROLES[hint];
      if (role && !seen.has(role)) {
        seen.add(role);
        votes.set(role, (votes.get(role) ?? 0) + weight);
      }
    }
  }
  const quotes = section.blocks.filter((index) => blocks[index]?.kind === 'quote').length;
  if (quotes >= 1 && quotes * 3 >= section.blocks.length)
    votes.set('testimonials', (votes.get('testimonials') ?? 0) + section.blocks.length);
  let best: SectionRole | undefined;
  let bestVotes = 0;
  for (const [role, count] of votes) {
    if (count > bestVotes) {
      best = role;
      bestVotes = count;
    }
  }
  // Half the section's blocks at least, so a stray class does not relabel a section.
  return best && bestVotes * 2 >= section.blocks.length ? best : 'other';
}

/**
 * The cards of a section: blocks that share a repeated item (a grid's card, a list's item, a
 * slide), else the run under each heading deeper than the section's.
 */
function cardsOf(section: Section, blocks: readonly Block[], sectionLevel: number): Card[] {
  const cards: Card[] = [];
  const byItem = new Map<number, Card>();
  let underHeading: Card | undefined;
  for (const index of section.blocks) {
    if (index === section.heading || index === section.eyebrow) continue;
    const block = blocks[index] as Block;
    const item = block.item;
    if (item) {
      let card = byItem.get(item.id);
      if (!card) {
        card = { heading: undefined, blocks: [], list: item.list, index: item.index, count: item.count };
        byItem.set(item.id, card);
        cards.push(card);
      }
      card.blocks.push(index);
      if (block.kind === 'heading' && card.heading === undefined) card.heading = index;
      underHeading = undefined;
      continue;
    }
    if (block.kind === 'heading' && (block.level ?? 2) > sectionLevel) {
      underHeading = { heading: index, blocks: [index], list: undefined, index: undefined, count: undefined };
      cards.push(underHeading);
      continue;
    }
    if (underHeading) underHeading.blocks.push(index);
  }
  return cards;
}

import type { Capability, FunctionPlaybook } from '../../playbook/index.ts';
import { bestMatch } from '../../playbook/signals.ts';
import { clean, truncate } from '../../text.ts';
import type { ReadBlock, ReadPage } from '../read/roles.ts';
import { isGivenName } from './given-names.ts';
import { nameOf } from './names.ts';
import { looksLikePerson } from './proofs.ts';

/**
 * What the company offers, as the page shows it: its feature cards and feature list items, each
 * with the short name a rep can say ("Carrier self-scheduling") when its heading reads as one, and
 * the kind of capability of the function's playbook it is ("capture", "approvals"). The writers
 * say what a capability does in the playbook's words; from the page they take only its name.
 */

export interface PageCapability {
  /** A short name a sentence can carry ("Smart capture"); undefined when the heading is a claim. */
  name: string | undefined;
  /** The card's heading or the item's lead as the page writes it. */
  headline: string | undefined;
  /** What the card says about it. */
  text: string;
  /** The playbook capability it is, when its words say so. */
  kind: Capability | undefined;
  /** 0–1: how sure the match to `kind` is. */
  confidence: number;
  /** Index of the block the capability is read from (its heading, or its text). */
  block: number;
}

const MAX_TEXT = 600;
/**
 * A capability is of a playbook kind when its heading says so, or its text does twice: one word of
 * the text alone ("Counts happen during normal picking") is how features mention each other;
 * a phrase of the text ("pick path") says more.
 */
const MIN_KIND_SCORE = 1.5;

/** Features are never written as "I": a card that is, is someone's profile. */
/**
 * A card about a person: headed by a name, with a rate or rating (a marketplace's translators), its
 * text naming them again ("Hannah has run payroll…") or telling a career ("twelve years at a Madrid
 * law firm", "Former regulatory affairs specialist"). "Smart Capture" alone is a name, not a person.
 */
function isProfile(heading: string, entries: readonly (ReadBlock | undefined)[]): boolean {
  if (!looksLikePerson(heading)) return false;
  const first = heading.split(' ')[0] ?? '';
  // "Hannah Weber" heads a card about Hannah, whatever the card says.
  if (isGivenName(first)) return true;
  return entries.some((entry) => {
    const text = entry?.block.text ?? '';
    if (!entry || text === heading) return false;
    return (
      entry.role === 'price' ||
      RATING.test(text) ||
      new RegExp(`^${first}\\b`, 'u').test(text) ||
      CAREER.test(text) ||
      (entry.block.hints ?? []).some((hint) => hint === 'person' || hint === 'team' || hint === 'author')
    );
  });
}

/** A career in a sentence, in four languages. */
const CAREER =
  /\b(?:years? (?:at|of|in|with)|former|ex-|sworn|jahre (?:bei|erfahrung)|ehemalige[rn]?|ans (?:chez|d'expérience)|ancien(?:ne)?|años (?:en|de experiencia)|antigu[oa])\b/iu;

/** A rating as marketplaces show it: "★ 4.9 (318)", "4.8/5". */
const RATING = /★|\b[0-5][.,]\d\s?\/\s?5\b/u;

const FIRST_PERSON_SINGULAR = /(?:^|[\s.,;:])(?:I|I'm|I’m|I've|ich|je|j['’]|yo)(?=[\s.,;:]|$)/u;

const isFeature = (entry: ReadBlock | undefined) => entry?.role === 'feature';

export function capabilitiesOf(read: ReadPage, fn: FunctionPlaybook): PageCapability[] {
  const found: PageCapability[] = [];
  const used = new Set<number>();
  const add = (headline: string | undefined, text: string, block: number) => {
    const body = truncate(clean(text), MAX_TEXT);
    if (!body && !headline) return;
    // A person's card (a translator's profile, a partner's bio) is about someone, not something offered.
    if (FIRST_PERSON_SINGULAR.test(body)) return;
    const match = bestMatch(
      fn.capabilities,
      [
        { text: headline ?? '', weight: 2 },
        { text: body, weight: 1 },
      ],
      MIN_KIND_SCORE,
    );
    found.push({
      name: nameOf(headline),
      headline: headline ? clean(headline).replace(/[.:]+$/, '') : undefined,
      text: body,
      kind: match?.entry,
      confidence: match ? Math.min(1, match.score / 4) : 0,
      block,
    });
  };
  for (const section of read.sections) {
    // Cards: a heading and the text under it, one capability each.
    for (const card of section.cards) {
      const entries = card.blocks.map((index) => read.blocks[index]);
      if (!entries.some(isFeature)) continue;
      const heading = card.heading === undefined ? undefined : read.blocks[card.heading];
      const body = card.blocks
        .filter((index) => index !== card.heading && isFeature(read.blocks[index]))
        .map((index) => read.blocks[index]?.block.text ?? '');
      for (const index of card.blocks) used.add(index);
      // A card headed by a person's name with a rate or rating in it is a profile (a marketplace's
      // translators), not something the company offers; "Smart Capture" alone is a name, not a person.
      const profile = heading && isProfile(clean(heading.block.text), entries);
      if (profile) continue;
      if (heading && body.length) add(heading.block.text, body.join(' '), card.heading as number);
      else if (!heading) {
        // A card without a heading: each item is its own capability, named by its lead.
        for (const index of card.blocks) {
          const entry = read.blocks[index];
          if (!isFeature(entry) || !entry) continue;
          const lead = entry.block.lead;
          add(lead, lead ? entry.block.text.slice(lead.length).replace(/^[\s.:–—-]+/, '') : entry.block.text, index);
        }
      }
    }
    // Feature blocks outside cards: list items and paragraphs with a lead, or a heading with its text.
    for (const [position, index] of section.blocks.entries()) {
      if (used.has(index) || index === section.heading || index === section.eyebrow) continue;
      const entry = read.blocks[index];
      if (!isFeature(entry) || !entry) continue;
      const { block } = entry;
      if (block.lead) {
        add(block.lead, block.text.slice(block.lead.length).replace(/^[\s.:–—-]+/, ''), index);
        continue;
      }
      if (block.kind === 'heading') {
        const next = section.blocks[position + 1];
        const following = next === undefined ? undefined : read.blocks[next];
        if (following && isFeature(following) && following.block.kind !== 'heading') {
          used.add(next as number);
          add(block.text, following.block.text, index);
        }
        continue;
      }
      // A paragraph under a heading that says what the company does ("What we take off your plate").
      if (block.kind === 'li' || (block.kind === 'p' && section.kind === 'features')) add(undefined, block.text, index);
    }
  }
  return found;
}

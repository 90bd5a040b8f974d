import { asSentence, capitalise, clean, joinList, squash, words } from '../../text.ts';
import type { Block, PageContent } from '../extraction/content.ts';
import { AUDIENCE, type Lexicon } from '../lexicon/index.ts';
import { isRoleHead, singularOf } from './titles.ts';

/** Whom the company serves, in the page's own words: the roles it names and the groups it says it serves. */

interface Phrase {
  text: string;
  weight: number;
  order: number;
}

const AUDIENCE_HINT =
  /\b(for|help|helps|helping|enabl|empower|lets|serv|support|equip|trusted|used|loved|chosen|für|unterstützt|hilft|begleitet|beliefert)/i;

function normalisePhrase(raw: string, lex: Lexicon): string {
  const tokens = clean(raw).split(' ');
  while (tokens.length && lex.determiners.has((tokens[0] ?? '').toLowerCase())) tokens.shift();
  if (lex.code === 'de') return tokens.join(' ');
  // Title Case from headings reads oddly mid-sentence; acronyms (B2B, SaaS, CFOs) stay.
  return tokens.map((t) => (/^\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)*$/u.test(t) ? t.toLowerCase() : t)).join(' ');
}

/** "Inventory control managers" → "inventory control managers"; "VPs of Distribution" keeps its function's capital. */
function normaliseRole(role: string, lex: Lexicon): string {
  if (lex.code === 'de') return role;
  const [first = '', ...rest] = role.split(' ');
  const afterOf = rest.indexOf('of');
  const lowered = rest.map((word, index) => (afterOf !== -1 && index > afterOf ? word : normalisePhrase(word, lex)));
  return [normalisePhrase(first, lex), ...lowered].join(' ');
}

const COUNTED =
  /^(\d|one|two|three|four|five|six|seven|eight|nine|ten|dozens|hundreds|thousands|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)\b|\b(up to|more than|bis zu|mehr als)\s+\d/i;

/** Group nouns that are people, not organisations: with roles named, the roles say it better. */
const PEOPLE_GROUPS =
  /^(reps|agents|sellers|recruiters|buyers|marketers|founders|developers|engineers|physicians|dentists|professionals)$/i;

function audiencePhrases(pages: (PageContent | undefined)[], lex: Lexicon, companyName: string): Phrase[] {
  const phrases = new Map<string, Phrase>();
  let order = 0;
  const nameKey = squash(companyName);
  const patterns = AUDIENCE[lex.code].patterns;
  const scan = (text: string, weight: number) => {
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        const phrase = normalisePhrase(match[1] ?? '', lex);
        if (!phrase || phrase.split(' ').length > 14) continue;
        // "for four stamping plants" counts things; it does not name who the company serves.
        if (COUNTED.test(phrase)) continue;
        if (nameKey && squash(phrase).includes(nameKey)) continue;
        const key = phrase.toLowerCase();
        const existing = phrases.get(key);
        if (existing) existing.weight += weight;
        else phrases.set(key, { text: phrase, weight, order: order++ });
      }
    }
  };
  const [company] = pages;
  if (company) {
    for (const meta of [
      company.title,
      company.metaDescription,
      company.ogDescription,
      company.organization?.description,
    ]) {
      if (meta) scan(meta, 3);
    }
    // Who a company serves is said near the top (hero, first sections); past that, repetition.
    let scanned = 0;
    for (const block of company.blocks as Block[]) {
      if (scanned > 40_000) break;
      scanned += block.text.length;
      if (AUDIENCE_HINT.test(block.text)) scan(block.text, block.kind === 'heading' ? 2 : 1);
    }
  }
  return [...phrases.values()];
}

function overlap(a: string, b: string): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.max(1, left.size, right.size);
}

/** How much of the shorter phrase the longer one already says ("multi-unit restaurants" in "restaurants & food manufacturers"). */
function covered(a: string, b: string): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.max(1, Math.min(left.size, right.size));
}

/**
 * Group nouns that say nothing on their own ("teams", "companies"; "Mittelstand" is a size, not
 * whom a company serves); "manufacturers" or "Handwerksbetriebe" do.
 */
const GENERIC_GROUPS = new Set(
  'teams team companies businesses organizations organisations firms clients customers leaders professionals groups unternehmen betriebe kunden anwender entscheider mittelstand kmu'.split(
    ' ',
  ),
);

/**
 * Groups the page says it serves, most said first, without saying the same thing twice. With
 * roles known, groups that are people ("new account executives") are left to the roles.
 */
function audienceGroups(
  pages: (PageContent | undefined)[],
  lex: Lexicon,
  companyName: string,
  withRoles: boolean,
): string[] {
  const phrases = audiencePhrases(pages, lex, companyName).filter((p) => !GENERIC_GROUPS.has(p.text.toLowerCase()));
  for (const short of phrases) {
    for (const long of phrases) {
      if (long !== short && long.text.toLowerCase().includes(short.text.toLowerCase())) {
        long.weight += short.weight;
        short.weight = 0;
      }
    }
  }
  // A described group ("mittelständische Fertigungsbetriebe") says more than a bare one ("Fertiger"):
  // bare nouns only speak when the page describes no group.
  const weighted = phrases.filter((p) => {
    const head = p.text.split(' ').at(-1) ?? '';
    // Where named roles work is said plainly (meta, a heading, more than once); "cleans for general
    // contractors" in one feature's text does not make property managers work there.
    return p.weight > (withRoles ? 1 : 0) && !(withRoles && (isRoleHead(head, lex) || PEOPLE_GROUPS.test(head)));
  });
  const described = weighted.filter((p) => p.text.includes(' '));
  const chosen: string[] = [];
  for (const phrase of (described.length ? described : weighted).sort(
    (a, b) => b.weight - a.weight || a.order - b.order,
  )) {
    if (chosen.length >= 2) break;
    // "multi-unit restaurants" after "restaurants & food manufacturers": the same group again.
    const head = singularOf(phrase.text.split(' ').at(-1)?.toLowerCase() ?? '');
    const named = (c: string) => words(c).some((word) => singularOf(word) === head);
    if (chosen.some((c) => covered(c, phrase.text) > 0.5 || named(c))) continue;
    chosen.push(phrase.text);
  }
  return chosen;
}

/** "Warehouse managers and inventory control managers at distribution centers and 3PLs." */
export function audienceOf(
  pages: (PageContent | undefined)[],
  roles: string[],
  lex: Lexicon,
  companyName: string,
): string {
  const groups = audienceGroups(pages, lex, companyName, roles.length > 0);
  const roleList = roles.slice(0, 3).map((role) => normaliseRole(role, lex));
  if (roleList.length && groups.length) {
    // "maintenance and reliability teams at mid-sized manufacturers": the roles already say who; keep where.
    const where = groups
      .map((group) => (/\s(at|in|bei)\s/.test(group) ? (group.split(/\s(?:at|in|bei)\s/).at(-1) ?? group) : group))
      .filter((group) => !roleList.some((role) => overlap(role, group) >= 0.5));
    const rolesText = listOf(roleList, lex);
    if (!where.length) return asSentence(capitalise(rolesText));
    // German: "in" + a group would need the dative the page did not write; a label reads right.
    if (lex.code === 'de') return asSentence(`${capitalise(listOf(where, lex))}: ${rolesText}`);
    return asSentence(capitalise(`${rolesText} at ${listOf(where, lex)}`));
  }
  if (groups.length) return asSentence(capitalise(listOf(groups, lex)));
  if (roleList.length) return asSentence(capitalise(listOf(roleList, lex)));
  return '';
}

/** "a, b and c" — with commas only when an item has its own "and" ("delivery fleets, regional distributors and logistics companies"). */
function listOf(items: string[], lex: Lexicon): string {
  if (items.length === 2 && items.some((item) => new RegExp(`\\s${lex.and}\\s`).test(item))) {
    return `${items[0]}, ${items[1]}`;
  }
  return joinList(items, lex.and);
}

import { capitalise, clean, sentences, squash, wordCount, words } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import { FUNCTIONS, type FunctionProfile, type Lexicon } from '../lexicon/index.ts';
import { attributionOf } from './proofs.ts';
import type { Section, Testimonial } from './structure.ts';

/**
 * The job titles of the buyers: the roles the page names (a "Who we work with" list, "built for
 * plant managers", the titles of the people it quotes), else inferred from the business function
 * its vocabulary points at.
 */

const MAX_TITLES = 6;
/** Enough words to read a site's vocabulary; a 1 MB page holds far more, mostly repetition. */
const MAX_COUNTED_WORDS = 20_000;

const C_LEVEL = /^(ceo|cfo|coo|cto|cio|cmo|cro|chro|ciso|cso|cpo)s?$/i;
const DE_ROLE =
  /(leiter|leiterin|planer|planerin|manager|managerin|führer|führerin|beauftragter?|verantwortlicher?|einkäufer|disponent|inhaber|inhaberin)(n|innen)?$/i;

/** Is this token the head of a role: "managers", "Director", "CFOs", German "Produktionsleiter"? */
export function isRoleHead(token: string, lex: Lexicon): boolean {
  const bare = token.replace(/[^\p{L}&-]/gu, '');
  const lower = bare.toLowerCase();
  if (lex.code === 'de') return DE_ROLE.test(bare) || C_LEVEL.test(bare);
  if (!lex.roleHeads.has(lower)) return false;
  // "lead", "head" and "partner" are verbs too: only their plural or a capitalised title counts.
  if (/^(lead|owner)$/.test(lower)) return /^\p{Lu}/u.test(bare);
  // "Partners" names firms ("MediRev Partners") as often as people; only "managing partners" are buyers.
  if (/^partners?$/.test(lower)) return false;
  return true;
}

/** "inventory control managers" → "Inventory Control Manager"; "VPs of Distribution" → "VP of Distribution"; "hospital CFOs" → "CFO". */
export function titleCase(role: string, lex: Lexicon): string {
  const tokens = clean(role).split(' ');
  let head = tokens.findIndex((token) => isRoleHead(token, lex));
  if (head === -1) head = tokens.length - 1;
  const headToken = tokens[head] as string;
  if (C_LEVEL.test(headToken)) return headToken.replace(/s$/, '').toUpperCase();
  if (lex.code === 'de') {
    tokens[head] = headToken.replace(/(leiter|planer|manager|einkäufer|disponent)(n)$/i, '$1');
    return tokens.join(' ');
  }
  tokens[head] = singularOf(headToken);
  return tokens
    .map((token, index) => {
      const lower = token.toLowerCase();
      if (index > 0 && lex.titleSmallWords.has(lower)) return lower;
      if (/^(vp|svp|evp|it|hr|fp&a|ops|3pl|ap|ar|qa|rcm)$/i.test(token)) return token.toUpperCase();
      if (/^[\p{Lu}\p{N}]{2,}s?$/u.test(token)) return token;
      // "DevOps", "FinOps": capitals inside a word are the name's own.
      if (/\p{Lu}/u.test(token.slice(1))) return token;
      return capitalise(lower);
    })
    .join(' ');
}

export function singularOf(token: string): string {
  const lower = token.toLowerCase();
  if (/^(vps|svps|evps)$/i.test(token)) return token.slice(0, -1).toUpperCase();
  if (/^heads$/i.test(token)) return 'Head';
  if (/ies$/.test(lower)) return `${token.slice(0, -3)}y`;
  if (/(ss|us)$/.test(lower)) return token;
  if (/s$/.test(lower)) return token.slice(0, -1);
  return token;
}

const MODIFIER_STOP =
  /^(and|or|with|for|to|of|the|our|your|their|my|at|in|by|from|who|that|we|you|und|oder|mit|für|an|zu|die|der|das|den|wie|also|plus|new|existing|every|many|most|busy|top|best|great|more|other|all|help|helps|ramp|ramps|train|trains|coach|coaches|support|supports|serve|serves|empower|empowers|enable|enables|give|gives|let|lets|hire|hires|onboard|said|says|ask|asks|check|like|including|as|a|an|named|dedicated|own|one|two|without|within|across|into|over|under|after|before|between|through|instead)$/i;

/**
 * Roles named in a sentence: "We partner with VPs of Sales, CROs and Sales Enablement Managers"
 * → "VPs of Sales", "CROs", "Sales Enablement Managers".
 */
export function rolesIn(text: string, lex: Lexicon): string[] {
  const tokens = clean(text).split(' ');
  const roles: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as string;
    if (!isRoleHead(token, lex)) continue;
    // A modifier, not the head: "physician practices", "manager approvals"; "heads" only "of" something.
    const after = tokens[index + 1] ?? '';
    if (/^heads?$/i.test(token.replace(/[^\p{L}]/gu, '')) && after.toLowerCase() !== 'of') continue;
    // "You get a named account manager": the vendor's own people come singular, with an article.
    if (
      /^\p{Ll}.*[^s]$/u.test(token) &&
      /^(a|an|your|our|named|dedicated|ein|eine|einen|ihr|ihren)$/i.test(tokens[index - 1] ?? '')
    )
      continue;
    if (
      !/[,;:.)]$/.test(token) &&
      /^\p{Ll}/u.test(after) &&
      !MODIFIER_STOP.test(after) &&
      !lex.phraseBreakers.has(after.toLowerCase())
    ) {
      continue;
    }
    const parts = [token.replace(/[,;:.)]+$/, '')];
    // Modifiers before the head: "revenue cycle directors", "HR & Workforce Planners".
    if (!/[,;:]$/.test(tokens[index - 1] ?? ',')) {
      for (let back = index - 1; back >= 0 && parts.length < 4; back -= 1) {
        const word = tokens[back] as string;
        if (/[,;:.]$/.test(word) || MODIFIER_STOP.test(word) || lex.verbs.has(word.toLowerCase()) || /ing$/i.test(word))
          break;
        if (!/^[\p{L}&][\p{L}&-]*$/u.test(word) && word !== '&') break;
        parts.unshift(word);
        if (back === 0) break;
      }
    }
    // "of Sales", "of customer experience" after the head, up to the next list item or clause.
    if (/^of$/i.test(tokens[index + 1] ?? '') && !/[,;:.]$/.test(token)) {
      const tail: string[] = [];
      for (let next = index + 2; next < tokens.length && tail.length < 3; next += 1) {
        const word = tokens[next] as string;
        const bare = word.replace(/[,;:.)]+$/, '');
        if (MODIFIER_STOP.test(bare) || lex.verbs.has(bare.toLowerCase()) || !/^[\p{L}&]/u.test(bare)) break;
        tail.push(bare);
        if (bare !== word) break;
      }
      if (tail.length) parts.push((tokens[index + 1] as string).toLowerCase(), ...tail);
    }
    // "Owners & executives", "HR & Workforce Planners": two roles when both sides are roles.
    const joined = parts.join(' ');
    const sides = joined.split(/\s+(?:&|and|und)\s+/);
    const split = sides.length === 2 && sides.every((side) => side.split(' ').some((word) => isRoleHead(word, lex)));
    for (const role of split ? sides : [joined]) if (!roles.includes(role)) roles.push(role);
  }
  return roles;
}

const STRONG_AUDIENCE_BLOCKS = 80;
const STRONG_AUDIENCE =
  /\b(trusted by|used by|loved by|built for|made for|designed for|we work with|we partner with|gemacht für|entwickelt für)\b/i;

/** "Geschäftsführerin" and "Geschäftsführer", "Senior Project Manager" and "Project Manager": one title to search for. */
function sameTitle(a: string, b: string): boolean {
  const key = (title: string) =>
    title
      .toLowerCase()
      .replace(/^(senior|junior|sr\.?|jr\.?)\s+/, '')
      .replace(/(in|innen)$/, '');
  return key(a) === key(b);
}

const BARE_HEAD =
  /^(engineer|manager|director|lead|head|executive|specialist|analyst|coordinator|administrator|officer|leader|partner|member|consultant|expert|team|mitarbeiter|berater|experte)$/i;

const CLAUSE_START =
  /^(to|who|that|which|so|stop|ramp|build|get|run|keep|win|close|hit|make|turn|cut|reduce|grow|sell|save|damit|um|die|der)$/i;

const AUDIENCE_VERBS: Record<string, RegExp> = {
  en: /\b(for|built for|made for|designed for|helps?|serves?|partner with|work with|works with|report to|used by|trusted by|loved by|sell to|talk to)\b/i,
  de: /\b(für|unterstützt|hilft|richtet sich an|gemacht für|entwickelt für|arbeiten mit)\b/i,
};

/** Roles the page names, in order of evidence: who-it-is-for sections, audience sentences, the people it quotes. */
export function pageTitles(
  pages: (PageContent | undefined)[],
  sections: Section[],
  testimonials: Testimonial[],
  lex: Lexicon,
  vendor: string,
): { titles: string[]; roles: string[] } {
  const titles: string[] = [];
  const roles: string[] = [];
  const add = (role: string | undefined, plural = true) => {
    if (!role || squash(role).includes(squash(vendor))) return;
    const title = titleCase(role, lex);
    if (!title || wordCount(title) > 6 || titles.some((other) => sameTitle(other, title))) return;
    // "Talk to an Engineer": a bare "Engineer" or "Manager" names no one a rep could search for.
    if (BARE_HEAD.test(title)) return;
    titles.push(title);
    if (plural) roles.push(clean(role));
  };
  for (const section of sections) {
    if (section.role !== 'audience') continue;
    const texts = [
      section.heading,
      ...section.blocks.filter((block) => !/^["“„]/.test(block.text)).map((block) => block.text),
    ];
    for (const text of texts) {
      for (const role of rolesIn(text, lex)) add(role);
    }
    for (const child of section.children) for (const role of rolesIn(child.heading, lex)) add(role);
  }
  const [company] = pages;
  // The page's description and hero (before its first section) say whom it is for; later "for
  // analysts" in a feature names who uses a feature, not who buys.
  const firstSection = company?.blocks.findIndex((block) => block.kind === 'heading' && (block.level ?? 2) >= 2) ?? -1;
  const hero = company?.blocks.slice(0, firstSection === -1 ? 10 : Math.min(firstSection, 10)) ?? [];
  const opening = [
    company?.metaDescription ?? '',
    ...hero.filter((block) => !/^["“„]/.test(block.text)).map((block) => block.text),
  ];
  for (const text of opening) {
    for (const sentence of sentences(text)) {
      // The roles right after "for"/"helps" ("helps VPs of Sales stop discounting, ramp new AEs"): up to the next verb.
      const match = AUDIENCE_VERBS[lex.code]?.exec(sentence);
      if (!match || match.index === undefined) continue;
      const after = sentence.slice(match.index + match[0].length).split(' ');
      const end = after.findIndex(
        (word, index) => index > 0 && (lex.verbs.has(word.toLowerCase()) || CLAUSE_START.test(word)),
      );
      for (const role of rolesIn(after.slice(0, end === -1 ? undefined : end).join(' '), lex)) add(role);
    }
  }
  // "Trusted by property managers and facility teams", "Built for plant managers": said anywhere
  // near the top, these name buyers as plainly as the hero does.
  for (const block of company?.blocks.slice(0, STRONG_AUDIENCE_BLOCKS) ?? []) {
    if (/^["“„]/.test(block.text)) continue;
    for (const sentence of sentences(block.text)) {
      const match = STRONG_AUDIENCE.exec(sentence);
      if (!match || match.index === undefined) continue;
      const after = sentence.slice(match.index + match[0].length).split(' ');
      const end = after.findIndex(
        (word, index) => index > 0 && (lex.verbs.has(word.toLowerCase()) || CLAUSE_START.test(word)),
      );
      for (const role of rolesIn(after.slice(0, end === -1 ? undefined : end).join(' '), lex)) add(role);
    }
  }
  for (const testimonial of testimonials) {
    const who = attributionOf(testimonial, lex, vendor);
    // The vendor's own people are not its buyers.
    if (!who.title || !who.company || squash(who.company) === squash(vendor)) continue;
    add(who.title, false);
  }
  return { titles: titles.slice(0, MAX_TITLES), roles };
}

// ---------------------------------------------------------------------------------------------
// Inference, only when the page names no titles

type KeywordCounts = Map<string, number>;
const ALL_KEYWORDS = new Set(FUNCTIONS.flatMap((f) => f.keywords));

function countKeywords(pages: (PageContent | undefined)[]): KeywordCounts {
  const counts: KeywordCounts = new Map();
  let budget = MAX_COUNTED_WORDS;
  const texts: { text: string; weight: number }[] = [];
  for (const page of pages) {
    if (!page) continue;
    for (const meta of [page.metaDescription, page.ogDescription, page.organization?.description]) {
      if (meta) texts.push({ text: meta, weight: 3 });
    }
    for (const block of page.blocks) texts.push({ text: block.text, weight: block.kind === 'heading' ? 2 : 1 });
  }
  for (const { text, weight } of texts) {
    if (budget <= 0) break;
    const tokens = words(text).slice(0, budget);
    budget -= tokens.length;
    // One pass, one- to three-word phrases, no intermediate arrays (a 1 MB page has tens of thousands of words).
    for (let i = 0; i < tokens.length; i += 1) {
      const one = tokens[i] as string;
      if (ALL_KEYWORDS.has(one)) counts.set(one, (counts.get(one) ?? 0) + weight);
      const next = tokens[i + 1];
      if (next === undefined) continue;
      const two = `${one} ${next}`;
      if (ALL_KEYWORDS.has(two)) counts.set(two, (counts.get(two) ?? 0) + weight);
      const third = tokens[i + 2];
      if (third !== undefined && ALL_KEYWORDS.has(`${two} ${third}`)) {
        counts.set(`${two} ${third}`, (counts.get(`${two} ${third}`) ?? 0) + weight);
      }
    }
  }
  return counts;
}

/** The functions the page's vocabulary points at clearly: the top one, and any close behind it. */
function rankFunctions(counts: KeywordCounts): FunctionProfile[] {
  const ranked = FUNCTIONS.map((profile) => ({
    profile,
    score: profile.keywords.reduce((sum, keyword) => sum + (counts.get(keyword) ?? 0), 0),
  }))
    .filter((entry) => entry.score >= 4)
    .sort((a, b) => b.score - a.score);
  const top = ranked[0]?.score ?? 0;
  return ranked.filter((entry) => entry.score >= top * 0.6).map((entry) => entry.profile);
}

export function inferredTitles(pages: (PageContent | undefined)[], lex: Lexicon): string[] {
  const ranked = rankFunctions(countKeywords(pages)).slice(0, 2);
  const perFunction = ranked.length === 1 ? 4 : 2;
  return ranked.flatMap((profile) => profile.titles[lex.code].slice(0, perFunction)).slice(0, MAX_TITLES);
}

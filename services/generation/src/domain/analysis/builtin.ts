import type { Analysis } from '@seqgen/proto';
import type { Block, PageContent } from '../extraction/page.ts';
import { asSentence, capitalise, clean, joinList, lowerFirst, sentences, truncate, words } from '../extraction/text.ts';
import { FUNCTIONS, type FunctionProfile, type Lexicon, lexiconFor, SECTORS, type SectorProfile } from './lexicon.ts';

/** The pages an analysis reads: the company's home page and, when known, its case studies. */
export interface SiteMaterial {
  company: PageContent;
  caseStudies?: PageContent | undefined;
}

/** A short profile of a company (the prospect, for personalisation). */
export interface CompanyProfile {
  url: string;
  companyName: string;
  companyDescription: string;
  industries: string[];
  targetAudience: string;
}

const MAX_PAIRS = 5;
const MAX_TITLES = 6;
const MAX_DESCRIPTION = 600;
/** Enough words to read a site's vocabulary; a 1 MB page holds far more, mostly repetition. */
const MAX_COUNTED_WORDS = 20_000;

/**
 * The built-in analyser: a deterministic reading of the page that fills every field from what
 * the site itself says — its name and description from metadata, JSON-LD or the hero; who it
 * sells to from the way it names its buyers; job titles from the functions its vocabulary points
 * at (and titles quoted in testimonials); and pains paired with the capabilities that answer
 * them, in matching order, each pain said back from the benefit the site claims.
 */
export function analyseSite(material: SiteMaterial): Analysis {
  const { company, caseStudies } = material;
  const lex = lexiconFor(detectLanguage(company));
  const companyName = companyNameOf(company);
  const proofs = caseStudies ? proofPointsOf(caseStudies, companyName) : [];
  const customers = customerNamesOf(material, companyName);
  const pairs = painsAndSolutions(company, lex, companyName);
  const unmatchedProof = attachProofs(pairs, proofs, lex);

  const counts = countKeywords(material);
  const sectors = topSectors(material, counts, lex);
  return {
    companyName,
    companyDescription: describeCompany(company, companyName, lex, customers, unmatchedProof),
    targetAudience: audienceOf(material, lex, companyName, counts, sectors),
    targetJobTitles: jobTitlesOf(material, counts, lex, sizesOf(material, lex)),
    customerPains: pairs.map((pair) => pair.pain),
    solutions: pairs.map((pair) => pair.solution),
  };
}

/** Name, description and industries of a company from its page: enough to personalise to it. */
export function profileCompany(page: PageContent): CompanyProfile {
  const lex = lexiconFor(detectLanguage(page));
  const companyName = companyNameOf(page);
  const material = { company: page };
  const counts = countKeywords(material);
  const sectors = topSectors(material, counts, lex);
  return {
    url: page.url,
    companyName,
    companyDescription: describeCompany(page, companyName, lex, [], undefined),
    industries: sectors.map((sector) => sector.label[lex.code]),
    targetAudience: audienceOf(material, lex, companyName, counts, sectors),
  };
}

// ---------------------------------------------------------------------------------------------
// Language

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'with', 'your', 'for', 'you', 'that', 'our', 'are', 'from'],
  de: ['und', 'der', 'die', 'das', 'mit', 'für', 'ihre', 'sie', 'wir', 'nicht', 'auf', 'ist'],
  fr: ['les', 'des', 'et', 'pour', 'vous', 'avec', 'une', 'est', 'nous'],
  es: ['los', 'las', 'y', 'para', 'con', 'una', 'que', 'es', 'nuestro'],
};

export function detectLanguage(page: PageContent): string {
  if (page.lang && /^[a-z]{2}$/.test(page.lang)) return page.lang;
  const sample = words(
    page.blocks
      .slice(0, 200)
      .map((b) => b.text)
      .join(' '),
  ).slice(0, 3000);
  let best = 'en';
  let bestScore = 0;
  for (const [code, list] of Object.entries(STOPWORDS)) {
    const vocabulary = new Set(list);
    const score = sample.filter((w) => vocabulary.has(w)).length;
    if (score > bestScore) {
      best = code;
      bestScore = score;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Name and description

const LEGAL_SUFFIX =
  /,?\s+(inc\.?|incorporated|llc|l\.l\.c\.|ltd\.?|limited|gmbh|ag|se|s\.a\.|sa|sas|bv|b\.v\.|corp\.?|corporation|co\.|plc|kg|gmbh & co\.? kg)$/i;
const TITLE_SEPARATORS = /\s+[|–—·•:-]\s+|\s*[|·•]\s*/;

const GENERIC_TITLE = /^(home|homepage|home page|welcome|start|startseite|accueil|inicio|index)$/i;

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function domainLabel(url: string): string {
  const host = new URL(url).hostname.replace(/^www\d?\./, '');
  const labels = host.split('.');
  if (labels.length >= 3 && /^(co|com|org|net|ac|gov)$/.test(labels.at(-2) ?? '')) return labels.at(-3) ?? host;
  return labels.length > 1 ? (labels.at(-2) ?? host) : host;
}

const matchesDomain = (candidate: string, label: string) => {
  const a = squash(candidate);
  const b = squash(label);
  return a.length >= 2 && (a.includes(b) || b.includes(a));
};

const stripLegal = (name: string) => {
  const stripped = name.replace(LEGAL_SUFFIX, '').trim();
  return stripped.length >= 2 ? stripped : name;
};

export function companyNameOf(page: PageContent): string {
  const label = domainLabel(page.url);
  const org = page.organization;
  if (org?.name && org.name.length <= 60) return stripLegal(org.name);
  if (page.siteName && page.siteName.length <= 40) return stripLegal(page.siteName);
  for (const title of [page.title, page.ogTitle]) {
    if (!title) continue;
    const segments = title.split(TITLE_SEPARATORS).map(clean).filter(Boolean);
    const match = segments.find((segment) => matchesDomain(segment, label) && segment.split(' ').length <= 5);
    if (match) return stripLegal(match);
  }
  if (org?.legalName) return stripLegal(org.legalName);
  // A brand that differs from its domain: the title's first short, non-generic segment.
  const first = page.title
    .split(TITLE_SEPARATORS)
    .map(clean)
    .find((segment) => !GENERIC_TITLE.test(segment));
  if (first && first.split(' ').length <= 4 && page.title.split(TITLE_SEPARATORS).length > 1) return stripLegal(first);
  return label
    .split(/[-_]/)
    .filter(Boolean)
    .map((part) => capitalise(part))
    .join(' ');
}

function heroOf(page: PageContent): { headline?: string; subhead?: string } {
  const index = page.blocks.findIndex((b) => b.kind === 'heading' && b.level === 1);
  const start = index === -1 ? page.blocks.findIndex((b) => b.kind === 'heading') : index;
  if (start === -1) return {};
  const headline = page.blocks[start]?.text;
  const sub = page.blocks
    .slice(start + 1, start + 6)
    .find((b) => b.kind !== 'heading' && b.text.split(' ').length >= 6);
  return { headline, subhead: sub?.text };
}

const GENERIC_DESCRIPTION = /^(welcome to|home ?page|official (web)?site|just another|coming soon|loading)/i;

const IMPERATIVE_VERBS = new Set(
  'automate build close collect connect cut deliver discover eliminate forecast get give grow help hire keep launch manage meet modernize modernise monitor optimize optimise plan power predict prevent protect reduce run save scale secure see sell ship simplify stop streamline take track transform turn unify unlock win make find create bring boost accelerate collect book send'.split(
    ' ',
  ),
);

function describeCompany(
  page: PageContent,
  name: string,
  lex: Lexicon,
  customers: string[],
  unmatchedProof: string | undefined,
): string {
  const hero = heroOf(page);
  const firstParagraph = page.blocks.find(
    (b) => (b.kind === 'p' || b.kind === 'text') && b.text.split(' ').length >= 12,
  );
  const usable = (candidate: string | undefined) => {
    const text = clean(candidate);
    return text.split(' ').length >= 6 && !GENERIC_DESCRIPTION.test(text) ? text : undefined;
  };
  const metadata = [page.organization?.description, page.metaDescription, page.ogDescription].map(usable);
  const fallbacks = [hero.subhead, firstParagraph?.text, hero.headline].map(usable);
  // A description that says whose it is reads best; otherwise the first usable one.
  const base =
    metadata.find((text) => text && mentions(text, name, page.url)) ??
    metadata.find(Boolean) ??
    fallbacks.find((text) => text && mentions(text, name, page.url)) ??
    fallbacks.find(Boolean) ??
    clean(hero.headline ?? page.title);
  const [first = base, ...rest] = sentences(base);
  let description = asSentence(first);
  if (!mentions(description, name, page.url)) description = introduce(description, name, lex);
  for (const sentence of rest.slice(0, 1)) description += ` ${asSentence(thirdPersonSentence(sentence, lex))}`;
  description = truncate(description, 420);
  const extras: string[] = [];
  if (customers.length) extras.push(lex.customersSentence(joinList(customers.slice(0, 4), lex.and)));
  if (unmatchedProof) extras.push(asSentence(unmatchedProof));
  return truncate([description, ...extras].join(' '), MAX_DESCRIPTION);
}

/** Does the text name the company (its full name, its first word, or its domain)? */
function mentions(text: string, name: string, url: string): boolean {
  const haystack = squash(text);
  const first = squash(name.split(/\s+/)[0] ?? '');
  return (
    haystack.includes(squash(name)) ||
    (first.length >= 4 && haystack.includes(first)) ||
    haystack.includes(squash(domainLabel(url)))
  );
}

/** Nouns that say what a company is: "Contract manufacturer of…" → "Keller is a contract manufacturer of…". */
const ROLE_COUNTABLE =
  /^(?:[\p{L}-]+\s+){0,4}?(manufacturer|maker|provider|platform|consultancy|agency|firm|company|supplier|partner|developer|specialist|marketplace|network|studio|tool|app|service|distributor|integrator|leader|startup|bank|lender|insurer|clinic|practice|operator|producer)\b/iu;
const ROLE_MASS =
  /^(?:[\p{L}-]+\s+){0,4}?(software|consulting|services|solutions|machining|manufacturing|engineering|automation|analytics|infrastructure|technology|security|logistics|support|training|coaching)\b/iu;

/** Makes the description say whose it is: "Close your books…" → "Acme helps teams close their books…". */
function introduce(description: string, name: string, lex: Lexicon): string {
  if (lex.code === 'en') {
    if (/^we\b/i.test(description)) return lex.rewriteWe?.(description, name) ?? `${name}: ${description}`;
    if (/^(the|a|an)\s/i.test(description)) return `${name} is ${lowerFirst(description)}`;
    const first = description.split(' ')[0]?.toLowerCase() ?? '';
    if (IMPERATIVE_VERBS.has(first)) {
      const rest = lowerFirst(description)
        .replace(/\byour\b/g, 'their')
        .replace(/\byou\b/g, 'they');
      return `${name} helps teams ${rest}`;
    }
    const countable = ROLE_COUNTABLE.exec(description);
    const mass = ROLE_MASS.exec(description);
    if (countable && (!mass || countable[0].length <= mass[0].length)) {
      const article = /^[aeiou]/i.test(description) ? 'an' : 'a';
      return `${name} is ${article} ${lowerFirst(description)}`;
    }
    if (mass) return `${name} provides ${lowerFirst(description)}`;
  }
  return `${name}: ${description}`;
}

/** A later sentence in the company's own voice ("We help…") in the third person ("It helps…"). */
function thirdPersonSentence(sentence: string, lex: Lexicon): string {
  if (lex.code !== 'en' || !/^we\b/i.test(sentence)) return sentence;
  return lex.rewriteWe?.(sentence, 'It') ?? sentence;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary counts (functions, sectors, sizes)

interface WeightedText {
  text: string;
  weight: number;
}

function weightedTexts(material: SiteMaterial): WeightedText[] {
  const { company, caseStudies } = material;
  const texts: WeightedText[] = [];
  for (const meta of [company.metaDescription, company.ogDescription, company.organization?.description]) {
    if (meta) texts.push({ text: meta, weight: 3 });
  }
  const add = (blocks: Block[], weight: number) => {
    for (const block of blocks)
      texts.push({ text: block.text, weight: block.kind === 'heading' ? weight * 2 : weight });
  };
  add(company.blocks, 1);
  if (caseStudies) add(caseStudies.blocks, 1);
  return texts;
}

type KeywordCounts = Map<string, number>;

const ALL_KEYWORDS = new Set([...FUNCTIONS.flatMap((f) => f.keywords), ...SECTORS.flatMap((s) => s.keywords)]);

/** Weighted counts of every known keyword (one to three words), in one pass over the words. */
function countKeywords(material: SiteMaterial): KeywordCounts {
  const counts: KeywordCounts = new Map();
  let budget = MAX_COUNTED_WORDS;
  for (const { text, weight } of weightedTexts(material)) {
    if (budget <= 0) break;
    const tokens = words(text).slice(0, budget);
    budget -= tokens.length;
    for (let i = 0; i < tokens.length; i += 1) {
      const one = tokens[i] as string;
      if (ALL_KEYWORDS.has(one)) counts.set(one, (counts.get(one) ?? 0) + weight);
      const next = tokens[i + 1];
      if (next === undefined) continue;
      const two = `${one} ${next}`;
      if (ALL_KEYWORDS.has(two)) counts.set(two, (counts.get(two) ?? 0) + weight);
      const third = tokens[i + 2];
      if (third === undefined) continue;
      const three = `${two} ${third}`;
      if (ALL_KEYWORDS.has(three)) counts.set(three, (counts.get(three) ?? 0) + weight);
    }
  }
  return counts;
}

const scoreOf = (keywords: string[], counts: KeywordCounts) =>
  keywords.reduce((sum, keyword) => sum + (counts.get(keyword) ?? 0), 0);

function rankFunctions(counts: KeywordCounts): { profile: FunctionProfile; score: number }[] {
  const ranked = FUNCTIONS.map((profile) => ({ profile, score: scoreOf(profile.keywords, counts) }))
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score);
  const top = ranked[0]?.score ?? 0;
  return ranked.filter((entry) => entry.score >= top * 0.3);
}

/**
 * Where the customers are: counted in audience phrases, "industries we serve" lists and customer
 * stories, which say more about buyers than the vendor's own vocabulary does.
 */
function topSectors(material: SiteMaterial, counts: KeywordCounts, lex: Lexicon): SectorProfile[] {
  const focused: KeywordCounts = new Map();
  const add = (text: string, weight: number) => {
    const tokens = words(text);
    for (let i = 0; i < tokens.length; i += 1) {
      for (let n = 1; n <= 3 && i + n <= tokens.length; n += 1) {
        const gram = tokens.slice(i, i + n).join(' ');
        if (ALL_KEYWORDS.has(gram)) focused.set(gram, (focused.get(gram) ?? 0) + weight);
      }
    }
  };
  for (const phrase of audiencePhrases(material, lex, '')) add(phrase.text, 3);
  const { company } = material;
  for (const meta of [company.metaDescription, company.ogDescription, company.organization?.description]) {
    if (meta) add(meta, 1);
  }
  for (const block of industryBlocks(material.company, lex)) add(block, 3);
  if (material.caseStudies) for (const block of material.caseStudies.blocks.slice(0, 400)) add(block.text, 1);
  const ranked = SECTORS.map((sector) => ({
    sector,
    score: scoreOf(sector.keywords, focused) + scoreOf(sector.keywords, counts) * 0.25,
  }))
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score);
  return ranked.slice(0, 3).map((entry) => entry.sector);
}

function industryBlocks(page: PageContent, lex: Lexicon): string[] {
  const found: string[] = [];
  let level = 0;
  for (const block of page.blocks) {
    if (block.kind === 'heading') {
      if (lex.industriesHeading.test(block.text)) {
        level = block.level ?? 2;
        continue;
      }
      if (level && (block.level ?? 2) <= level) level = 0;
    }
    if (level) found.push(block.text);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Audience

interface Phrase {
  text: string;
  weight: number;
  order: number;
}

function normalisePhrase(raw: string, lex: Lexicon): string {
  const tokens = clean(raw).split(' ');
  while (tokens.length && lex.determiners.has((tokens[0] ?? '').toLowerCase())) tokens.shift();
  if (lex.code === 'de') return tokens.join(' ');
  // Title Case from headings reads oddly mid-sentence; acronyms (B2B, SaaS, CFOs) stay.
  return tokens.map((t) => (/^\p{Lu}\p{Ll}+$/u.test(t) ? t.toLowerCase() : t)).join(' ');
}

/** Words every audience pattern starts from: a cheap test before the expensive ones. */
const AUDIENCE_HINT =
  /\b(for|help|helps|helping|enabl|empower|lets|serv|support|equip|trusted|used|loved|chosen|für|unterstützt|hilft|begleitet|beliefert)/i;

function audiencePhrases(material: SiteMaterial, lex: Lexicon, companyName: string): Phrase[] {
  const phrases = new Map<string, Phrase>();
  let order = 0;
  const nameKey = companyName ? squash(companyName) : '';
  const scan = (text: string, weight: number) => {
    for (const pattern of lex.audiencePatterns) {
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        const phrase = normalisePhrase(match[1] ?? '', lex);
        if (!phrase || phrase.split(' ').length > 14) continue;
        if (nameKey && squash(phrase).includes(nameKey)) continue;
        const key = phrase.toLowerCase();
        const existing = phrases.get(key);
        if (existing) existing.weight += weight;
        else phrases.set(key, { text: phrase, weight, order: order++ });
      }
    }
  };
  const { company } = material;
  for (const meta of [company.metaDescription, company.ogDescription, company.organization?.description]) {
    if (meta) scan(meta, 3);
  }
  // Who a company serves is said near the top (hero, first sections); past that, repetition.
  let scanned = 0;
  for (const block of company.blocks) {
    if (scanned > 40_000) break;
    scanned += block.text.length;
    if (AUDIENCE_HINT.test(block.text)) scan(block.text, block.kind === 'heading' ? 2 : 1);
  }
  return [...phrases.values()];
}

function audienceOf(
  material: SiteMaterial,
  lex: Lexicon,
  companyName: string,
  counts: KeywordCounts,
  sectors: SectorProfile[],
): string {
  const groups = new Set(lex.groupNouns);
  const phrases = audiencePhrases(material, lex, companyName)
    // A bare "teams" or "companies" says nothing on its own.
    .filter((p) => !groups.has(p.text.toLowerCase()));
  // A phrase inside a longer one ("finance teams" in "finance teams at B2B SaaS companies")
  // lends its weight to the longer, more specific one.
  for (const short of phrases) {
    for (const long of phrases) {
      if (long !== short && long.text.toLowerCase().includes(short.text.toLowerCase())) {
        long.weight += short.weight;
        short.weight = 0;
      }
    }
  }
  const chosen: string[] = [];
  for (const phrase of phrases.filter((p) => p.weight > 0).sort((a, b) => b.weight - a.weight || a.order - b.order)) {
    if (chosen.length >= 2) break;
    // "aerospace and medical device manufacturers" and "…OEMs" say the same thing twice.
    if (chosen.some((c) => similarity(c, phrase.text) >= 0.5)) continue;
    chosen.push(phrase.text);
  }
  const allText = `${chosen.join(' ')}`.toLowerCase();
  const sectorLabels = sectors
    .filter((sector) => !sector.keywords.some((k) => allText.includes(k)))
    .map((sector) => sector.label[lex.code])
    .slice(0, 3);
  const sizes = sizesOf(material, lex)
    .filter((size) => !size.pattern.test(allText))
    .map((size) => size.label);

  let audience: string;
  if (chosen.length) {
    audience = capitalise(joinList(audienceItems(chosen, lex), lex.and));
  } else {
    const functions = rankFunctions(counts)
      .slice(0, 2)
      .map((entry) => entry.profile.label[lex.code]);
    audience = lex.fallbackAudience(
      capitalise(joinList(functions, lex.and)),
      sectorLabels.length ? joinList(sectorLabels, lex.and) : '',
    );
    sectorLabels.length = 0;
  }
  if (sizes.length) audience += ` (${joinList(sizes, lex.and)})`;
  if (sectorLabels.length) audience += lex.sectorClause(joinList(sectorLabels, lex.and));
  return asSentence(audience);
}

/**
 * The buyer groups in the chosen phrases as one list: "banks, credit unions and fintech lenders"
 * plus "delivery fleets" → four items, while "aerospace and medical device manufacturers" stays
 * one (its first part names no group on its own).
 */
function audienceItems(phrases: string[], lex: Lexicon): string[] {
  const groups = new Set(lex.groupNouns);
  const endsWithGroup = (text: string) => {
    const lower = text.toLowerCase();
    return [...groups].some((group) => lower === group || lower.endsWith(` ${group}`));
  };
  const items: string[] = [];
  for (const phrase of phrases) {
    let pending = '';
    for (const part of phrase.split(/\s*,\s*(?:and\s+|or\s+|und\s+)?|\s+(?:and|&|or|und|oder)\s+/)) {
      pending = pending ? `${pending} ${lex.and} ${part}` : part;
      if (endsWithGroup(pending.split(/\s+(?:at|in|of|across|within|im|in der|bei)\s+/)[0] ?? pending)) {
        items.push(pending);
        pending = '';
      }
    }
    if (pending) {
      if (items.length) items[items.length - 1] += ` ${lex.and} ${pending}`;
      else items.push(pending);
    }
  }
  const unique = items.filter(
    (item, index) => items.findIndex((other) => other.toLowerCase() === item.toLowerCase()) === index,
  );
  return unique.slice(0, 4);
}

function similarity(a: string, b: string): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.max(1, left.size, right.size);
}

function sizesOf(material: SiteMaterial, lex: Lexicon): Lexicon['sizes'] {
  const text = [
    material.company.metaDescription ?? '',
    ...material.company.blocks.slice(0, 600).map((b) => b.text),
    ...(material.caseStudies?.blocks.slice(0, 200).map((b) => b.text) ?? []),
  ].join(' \n ');
  return lex.sizes.filter((size) => size.pattern.test(text));
}

// ---------------------------------------------------------------------------------------------
// Job titles

const TITLE_WORDS =
  /\b(chief|officer|vp|vice president|head|director|manager|lead|controller|founder|owner|ceo|cfo|coo|cto|cio|cmo|cro|chro|ciso|president|partner|superintendent|administrator|leiter|leiterin|geschäftsführer|geschäftsführerin|inhaber|vorstand)\b/i;

/** "— Maria Chen, CFO at Globex" → "CFO". Titles quoted in testimonials are buyers' titles. */
function quotedTitles(material: SiteMaterial): string[] {
  const titles: string[] = [];
  const attribution =
    /(?:^|[—–~-]\s*)\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){0,2},\s*([^,;]{2,60}?)(?:\s*(?:,|\bat\b|@|\bbei\b|\bvon\b)\s*\p{Lu}[^,;]{1,60})?\s*$/u;
  const blocks = [...material.company.blocks, ...(material.caseStudies?.blocks ?? [])];
  for (const block of blocks) {
    if (titles.length >= 3) break;
    const tail = block.text.length > 120 ? block.text.slice(-120).replace(/^.*?["”“]\s*/, '') : block.text;
    const match = attribution.exec(tail);
    const title = clean(match?.[1]);
    if (!title || !TITLE_WORDS.test(title) || title.split(' ').length > 6) continue;
    if (!titles.some((t) => t.toLowerCase() === title.toLowerCase())) titles.push(title);
  }
  return titles;
}

function jobTitlesOf(material: SiteMaterial, counts: KeywordCounts, lex: Lexicon, sizes: Lexicon['sizes']): string[] {
  const titles = quotedTitles(material);
  const ranked = rankFunctions(counts);
  // In small companies the owner or managing partner signs, whatever the function.
  const executive = FUNCTIONS.find((f) => f.id === 'executive');
  if (
    executive &&
    sizes.some((size) => /small|kmu/i.test(size.label)) &&
    !ranked.some((r) => r.profile === executive)
  ) {
    ranked.splice(1, 0, { profile: executive, score: 0 });
  }
  const seen = new Set(titles.map((t) => t.toLowerCase()));
  const perFunction = ranked.length === 1 ? 5 : ranked.length === 2 ? 3 : 2;
  for (const { profile } of ranked.slice(0, 3)) {
    let added = 0;
    for (const title of profile.titles[lex.code]) {
      if (titles.length >= MAX_TITLES || added >= perFunction) break;
      if (seen.has(title.toLowerCase())) continue;
      seen.add(title.toLowerCase());
      titles.push(title);
      added += 1;
    }
  }
  if (titles.length < 2) {
    for (const title of executive?.titles[lex.code] ?? []) {
      if (!seen.has(title.toLowerCase())) titles.push(title);
    }
  }
  return titles.slice(0, MAX_TITLES);
}

// ---------------------------------------------------------------------------------------------
// Pains and solutions

interface Candidate {
  heading: string;
  body: string;
}

interface Pair {
  pain: string;
  solution: string;
  /** Words of the capability, for matching explicit pains and proof points. */
  topic: Set<string>;
  explicit: boolean;
}

/** Sections (a heading and what follows it), bold lead-ins and definition pairs, in page order. */
function candidatesOf(
  page: PageContent,
  lex: Lexicon,
  companyName: string,
): { candidates: Candidate[]; problems: string[] } {
  const candidates: Candidate[] = [];
  const problems: string[] = [];
  let current: { heading: string; level: number; group: number; body: string[] } | undefined;
  let problemLevel = 0;
  const nameKey = squash(companyName);
  const close = () => {
    if (!current) return;
    const heading = current.heading;
    const body = current.body.join(' ');
    current = undefined;
    if (lex.genericHeading.test(heading) || heading.split(' ').length > 14) return;
    if (squash(heading) === nameKey || /\?$/.test(heading)) return;
    if (body.split(' ').length < 4) return;
    candidates.push({ heading, body });
  };
  const blocks = page.blocks;
  for (let i = 0; i < blocks.length && candidates.length < 60; i += 1) {
    const block = blocks[i] as Block;
    if (block.kind === 'heading') {
      const level = block.level ?? 2;
      close();
      if (problemLevel && level <= problemLevel) problemLevel = 0;
      if (lex.problemHeading.test(block.text)) {
        problemLevel = level;
        continue;
      }
      if (problemLevel) {
        problems.push(block.text);
        continue;
      }
      if (level >= 2) current = { heading: block.text, level, group: block.group, body: [] };
      continue;
    }
    if (problemLevel) {
      if ((block.kind === 'li' || block.kind === 'p') && block.text.split(' ').length <= 25) problems.push(block.text);
      continue;
    }
    if (block.lead) {
      candidates.push({ heading: block.lead, body: block.text.slice(block.lead.length).replace(/^[\s.:–—-]+/, '') });
      continue;
    }
    if (block.kind === 'dt') {
      const next = blocks[i + 1];
      if (next?.kind === 'dd') candidates.push({ heading: block.text, body: next.text });
      continue;
    }
    if (current && block.group === current.group) current.body.push(block.text);
  }
  close();
  return { candidates, problems };
}

function painsAndSolutions(page: PageContent, lex: Lexicon, companyName: string): Pair[] {
  const { candidates, problems } = candidatesOf(page, lex, companyName);
  const pairs: Pair[] = [];
  const usedPains = new Set<string>();
  const unpaired: Candidate[] = [];
  for (const candidate of candidates) {
    if (pairs.length >= MAX_PAIRS) break;
    const pain = derivePain([candidate.heading, ...sentences(candidate.body).slice(0, 3)], lex);
    const solution = solutionOf(candidate);
    if (!pain || usedPains.has(pain.toLowerCase()) || pairs.some((p) => p.solution === solution)) {
      unpaired.push(candidate);
      continue;
    }
    usedPains.add(pain.toLowerCase());
    pairs.push({ pain, solution, topic: topicOf(`${candidate.heading} ${candidate.body}`), explicit: false });
  }

  // The site's own problem statements are better pains than ones read back from benefits: each
  // replaces the derived pain of the capability it is about, or pairs with a capability that
  // had none.
  for (const problem of problems.slice(0, 8)) {
    const text = asSentence(truncate(clean(problem), 160))
      .replace(/\.$/, '')
      .replace(/^(your|ihre?)\s+/i, '');
    const topic = topicOf(problem);
    const best = bestMatch(
      topic,
      pairs.filter((p) => !p.explicit).map((p) => p.topic),
    );
    if (best !== -1) {
      const pair = pairs.filter((p) => !p.explicit)[best] as Pair;
      pair.pain = capitalise(text);
      pair.explicit = true;
      continue;
    }
    if (pairs.length >= MAX_PAIRS) continue;
    const candidateIndex = bestMatch(
      topic,
      unpaired.map((c) => topicOf(`${c.heading} ${c.body}`)),
    );
    if (candidateIndex === -1) continue;
    const [candidate] = unpaired.splice(candidateIndex, 1) as [Candidate];
    pairs.push({
      pain: capitalise(text),
      solution: solutionOf(candidate),
      topic: topicOf(candidate.body),
      explicit: true,
    });
  }

  if (pairs.length < 2) {
    // Few or no feature sections (a JavaScript shell, a one-screen site): read the hero and
    // the descriptions, sentence by sentence.
    const hero = heroOf(page);
    const lines = [
      hero.headline,
      hero.subhead,
      page.metaDescription,
      page.ogDescription,
      page.organization?.description,
      page.organization?.slogan,
    ].flatMap((line) => (line ? sentences(line) : []));
    for (const line of lines) {
      for (const { pain } of painsIn(line, lex)) {
        if (pairs.length >= 3 || usedPains.has(pain.toLowerCase())) continue;
        usedPains.add(pain.toLowerCase());
        pairs.push({ pain, solution: asSentence(truncate(line, 240)), topic: topicOf(line), explicit: false });
        // One pain per sentence: a second would repeat the same solution text.
        break;
      }
    }
  }
  return pairs;
}

function solutionOf({ heading, body }: Candidate): string {
  const first = sentences(body)[0] ?? '';
  const title = heading.replace(/[.:!]+$/, '');
  if (!first) return asSentence(title);
  if (squash(first).includes(squash(title))) return asSentence(truncate(first, 240));
  return asSentence(truncate(`${title}: ${first.replace(/[.!]+$/, '')}`, 240));
}

/** The first benefit statement that can be said back as a problem, by the highest-priority rule. */
export function derivePain(texts: string[], lex: Lexicon): string | undefined {
  for (const raw of texts) {
    const found = painsIn(raw, lex)[0];
    if (found) return found.pain;
  }
  return undefined;
}

/**
 * Every pain a sentence states or implies, best first: a rule's priority, plus a penalty for
 * how far into the sentence it fires (the main clause says more than a trailing "without…").
 */
function painsIn(raw: string, lex: Lexicon): { pain: string; score: number }[] {
  const text = clean(raw);
  if (!text) return [];
  const found: { pain: string; score: number }[] = [];
  for (const rule of lex.painRules) {
    rule.pattern.lastIndex = 0;
    for (const match of text.matchAll(rule.pattern)) {
      const index = match.index ?? 0;
      const object =
        rule.objectSide === 'after'
          ? objectAfter(text.slice(index + match[0].length), lex)
          : objectBefore(text.slice(0, index), lex);
      if (!object) continue;
      const head = object.toLowerCase().split(' ').at(-1) ?? '';
      const pain = clean(rule.make(object, head));
      const position = rule.objectSide === 'after' ? index : Math.max(0, index - object.length);
      if (pain.length >= 6) found.push({ pain: capitalise(pain), score: rule.priority + position / 15 });
    }
  }
  return found.sort((a, b) => a.score - b.score);
}

const FOLLOWING_VERBS = new Set(
  'get save see start grow keep make focus spend free win close ship deliver scale stay let give take reduce cut improve boost be get paid go'.split(
    ' ',
  ),
);

function strip(token: string): { word: string; ended: boolean } {
  const bare = token.replace(/^[("“„'‘]+/, '');
  const word = bare.replace(/[.,;:!?)"”“'’…]+$/, '');
  return { word, ended: word !== bare };
}

function acceptObject(parts: string[], lex: Lexicon): string | undefined {
  while (
    parts.length &&
    (lex.objectStops.has((parts.at(-1) ?? '').toLowerCase()) || lex.determiners.has((parts.at(-1) ?? '').toLowerCase()))
  ) {
    parts.pop();
  }
  if (!parts.length) return undefined;
  let object = parts.join(' ');
  if (lex.code === 'en')
    object = parts
      .map((p, i) => (i === 0 ? lowerFirst(p) : /^\p{Lu}\p{Ll}+$/u.test(p) ? p.toLowerCase() : p))
      .join(' ');
  const lower = object.toLowerCase();
  if (lex.vagueObjects.has(lower)) return undefined;
  if (!/\p{L}{3,}/u.test(object) || object.length > 60) return undefined;
  return object;
}

function objectAfter(rest: string, lex: Lexicon): string | undefined {
  const tokens = rest.trim().split(/\s+/).slice(0, 12);
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const { word, ended } = strip(tokens[i] as string);
    if (!word) break;
    const lower = word.toLowerCase();
    if (parts.length === 0 && lex.determiners.has(lower)) {
      if (ended) break;
      continue;
    }
    if (/^[\d$€£]/.test(word) || /%$/.test(word)) break;
    if (lower === 'and' || lower === '&' || lower === 'und') {
      const next = strip(tokens[i + 1] ?? '').word.toLowerCase();
      if (
        !parts.length ||
        parts.length >= 4 ||
        !next ||
        FOLLOWING_VERBS.has(next) ||
        lex.objectStops.has(next) ||
        lex.determiners.has(next)
      )
        break;
      parts.push(word);
      continue;
    }
    if (lex.objectStops.has(lower)) break;
    parts.push(word);
    if (ended || parts.length >= 5) break;
  }
  return acceptObject(parts, lex);
}

const ADVERBS = new Set(
  'automatically instantly quickly easily lückenlos automatisch sofort einfach schnell schneller direkt jederzeit zuverlässig sicher digital endlich'.split(
    ' ',
  ),
);

function objectBefore(head: string, lex: Lexicon): string | undefined {
  const tokens = head.trim().split(/\s+/);
  const parts: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && parts.length < 4; i -= 1) {
    const raw = tokens[i] as string;
    const { word, ended } = strip(raw);
    if (!word || (ended && parts.length)) break;
    const lower = word.toLowerCase();
    // "Qualitätsdaten lückenlos dokumentieren": the adverb sits between object and verb.
    if (parts.length === 0 && ADVERBS.has(lower)) continue;
    if (lex.objectStops.has(lower) || /^\d/.test(word)) break;
    if (lex.determiners.has(lower)) break;
    parts.unshift(word);
    if (/^[^\p{L}]/u.test(raw)) break;
  }
  return acceptObject(parts, lex);
}

// ---------------------------------------------------------------------------------------------
// Proof points and customers

const RESULT_WORDS =
  /\b(cut|cuts|reduc\w*|increas\w*|grew|grow\w*|sav\w*|boost\w*|improv\w*|lower\w*|rais\w*|doubl\w*|tripl\w*|halv\w*|shrank|decreas\w*|faster|fewer|more|less|recover\w*|shorten\w*|accelerat\w*|eliminat\w*|fell|dropp\w*|rose|went from|gesenkt|senkt|reduziert|gesteigert|steigert|verkürzt|erhöht|weniger|mehr|schneller|spart|halbiert)\b/i;
const HAS_FIGURE = /\d/;

interface ProofPoint {
  text: string;
  /** A case study's title: self-contained, names the customer. */
  headline: boolean;
}

function proofPointsOf(page: PageContent, companyName: string): ProofPoint[] {
  const proofs: ProofPoint[] = [];
  const nameKey = squash(companyName);
  const consider = (text: string, headline: boolean) => {
    if (proofs.length >= 8) return;
    for (const sentence of sentences(text)) {
      const count = sentence.split(' ').length;
      if (count < 5 || count > 35 || !HAS_FIGURE.test(sentence) || !RESULT_WORDS.test(sentence)) continue;
      if (squash(sentence).startsWith(nameKey)) continue;
      // A sentence from a story's body is only proof if it says whose result it is.
      if (!headline && !/\s\p{Lu}[\p{Ll}]+/u.test(sentence.slice(1))) continue;
      const text = sentence
        .replace(/^["“„]|["”“]$/g, '')
        .replace(/^(how|wie)\s+(?=\p{Lu})/iu, '')
        .replace(/[.!]+$/, '');
      if (!proofs.some((p) => p.text.toLowerCase() === text.toLowerCase())) proofs.push({ text, headline });
    }
  };
  for (const block of page.blocks) if (block.kind === 'heading') consider(block.text, true);
  // Story bodies repeat their headline's result; read them only when there are no headlines.
  if (proofs.length === 0) for (const block of page.blocks) if (block.kind !== 'heading') consider(block.text, false);
  return proofs;
}

function customerNamesOf(material: SiteMaterial, companyName: string): string[] {
  const names: string[] = [];
  const nameKey = squash(companyName);
  const add = (name: string | undefined) => {
    const cleaned = clean(name).replace(/[’']s$/, '');
    if (!cleaned || cleaned.split(' ').length > 4 || cleaned.length < 2) return;
    if (squash(cleaned) === nameKey || squash(cleaned).includes(nameKey)) return;
    if (!names.some((n) => n.toLowerCase() === cleaned.toLowerCase())) names.push(cleaned);
  };
  const NAME = "((?:\\p{Lu}[\\p{L}\\p{N}&.'’-]*)(?:\\s+(?:\\p{Lu}[\\p{L}\\p{N}&.'’-]*|&|of|de|und)){0,3})";
  const how = new RegExp(`^(?:[Hh]ow|[Ww]ie)\\s+${NAME}\\s+\\p{Ll}`, 'u');
  const leading = new RegExp(
    `^${NAME}(?::|\\s+[–—-]\\s+|\\s+(?:\\p{Ll}+ed|cut|cuts|grew|rose|fell|won|senkt|reduziert|steigert|spart|halbiert|verkürzt|gewinnt)\\b)`,
    'u',
  );
  for (const block of material.caseStudies?.blocks ?? []) {
    if (block.kind !== 'heading' || (block.level ?? 2) < 2) continue;
    const match = how.exec(block.text) ?? (/^(how|wie)\b/i.test(block.text) ? null : leading.exec(block.text));
    add(match?.[1]);
  }
  for (const name of [...(material.caseStudies?.logoNames ?? []), ...material.company.logoNames]) add(name);
  return names.slice(0, 4);
}

const GENERIC_TOPIC = new Set(
  'team teams customer customers company companies time days hours week weeks month months year years percent with from their your that this them they more less every into over than what when will have been using used help helps platform software solution product'.split(
    ' ',
  ),
);

function topicOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of words(text)) {
    if (word.length < 4 || GENERIC_TOPIC.has(word) || /^\d/.test(word)) continue;
    stems.add(word.slice(0, 6));
  }
  return stems;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const stem of a) if (b.has(stem)) shared += 1;
  return shared;
}

function bestMatch(topic: Set<string>, options: Set<string>[]): number {
  let best = -1;
  let bestScore = 0;
  options.forEach((option, index) => {
    const score = overlap(topic, option);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

/** Appends each proof point to the capability it is about; returns a headline left over. */
function attachProofs(pairs: Pair[], proofs: ProofPoint[], lex: Lexicon): string | undefined {
  const used = new Set<Pair>();
  const left: ProofPoint[] = [];
  for (const proof of proofs) {
    const open = pairs.filter((p) => !used.has(p));
    const pair =
      open[
        bestMatch(
          topicOf(proof.text),
          open.map((p) => p.topic),
        )
      ];
    if (!pair) {
      left.push(proof);
      continue;
    }
    used.add(pair);
    pair.solution = `${pair.solution} ${lex.proofLabel} ${asSentence(proof.text)}`;
  }
  return left.find((proof) => proof.headline)?.text;
}

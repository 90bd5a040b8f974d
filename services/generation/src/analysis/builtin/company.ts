import { asSentence, capitalise, clean, lowerFirst, sentences, squash, truncate } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import type { Lexicon } from '../lexicon/index.ts';

/** Who the company is, in its own words: its name and a short description from its page. */

const MAX_DESCRIPTION = 600;

const LEGAL_SUFFIX =
  /,?\s+(inc\.?|incorporated|llc|l\.l\.c\.|ltd\.?|limited|gmbh|ag|se|s\.a\.|sa|sas|bv|b\.v\.|corp\.?|corporation|co\.|plc|kg|gmbh & co\.? kg)$/i;
const TITLE_SEPARATORS = /\s+[|–—·•:-]\s+|\s*[|·•]\s*/;

const GENERIC_TITLE = /^(home|homepage|home page|welcome|start|startseite|accueil|inicio|index)$/i;

export function domainLabel(url: string): string {
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

export function heroOf(page: PageContent): { headline?: string; subhead?: string } {
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

export function describeCompany(page: PageContent, name: string, lex: Lexicon): string {
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
  return truncate(description, MAX_DESCRIPTION);
}

/** Does the text name the company (its full name, its first word, or its domain)? */
export function mentions(text: string, name: string, url: string): boolean {
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
    if (/^we\b/i.test(description)) return rewriteWe(description, name) ?? `${name}: ${description}`;
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
  // "Die Lohn- und Personalsoftware für das Handwerk" → "Zunftwerk ist die Lohn- und …" (nominative, as written).
  if (lex.code === 'de' && /^(die|der|das|ein|eine)\s/i.test(description))
    return `${name} ist ${lowerFirst(description)}`;
  return `${name}: ${description}`;
}

/** A later sentence in the company's own voice ("We help…") in the third person ("It helps…"). */
function thirdPersonSentence(sentence: string, lex: Lexicon): string {
  if (lex.code !== 'en' || !/^we\b/i.test(sentence)) return sentence;
  return rewriteWe(sentence, 'It') ?? sentence;
}

/** "We help…" → "Acme helps…" (English only). */
function rewriteWe(sentence: string, name: string): string | undefined {
  const match = /^we(?:'re| are)\s+(.*)$/i.exec(sentence);
  if (match?.[1]) return `${name} is ${match[1]}`;
  const verb = /^we\s+(\p{L}+)\b(.*)$/iu.exec(sentence);
  if (!verb?.[1]) return undefined;
  return `${name} ${thirdPerson(verb[1])}${verb[2] ?? ''}`;
}

function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === 'have') return 'has';
  if (lower === 'do') return 'does';
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

const LEGAL_FORM =
  /,?\s+(gmbh(\s*&\s*co\.?\s*kg)?|ag|kg|se|e\.\s?k\.|inc\.?|llc|llp|ltd\.?|co\.|corp\.?|plc|s\.a\.|b\.v\.)$/i;

/**
 * "Brenner Maschinenbau GmbH" → "Brenner Maschinenbau", "Delmont Paper Co." → "Delmont Paper": how
 * people name a company in a sentence (German would otherwise need "die … GmbH" in every case).
 */
export function withoutLegalForm(name: string): string {
  const short = name.replace(LEGAL_FORM, '');
  return short.length >= 3 ? short : name;
}

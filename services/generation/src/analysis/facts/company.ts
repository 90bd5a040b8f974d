import { clean, squash, truncate } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import type { ReadPage } from '../read/roles.ts';

/**
 * Who the company is: its name as the page gives it, and a description for the analysis card (the
 * user reviews it; the writers use only the name). The name comes from the page's own metadata
 * first, then the title's segments, then the word the page repeats that the title holds; the host
 * name only when nothing else names it (a site on a bare address has none).
 */

const LEGAL_SUFFIX =
  /,?\s+(inc\.?|incorporated|llc|l\.l\.c\.|ltd\.?|limited|gmbh(\s*&\s*co\.?\s*kg)?|ag|se|s\.a\.?|s\.l\.?|s\.a\.s\.?|sas|sarl|s\.à r\.l\.|bv|b\.v\.|corp\.?|corporation|co\.|plc|llp|l\.l\.p\.|partg(\s*mbb)?|ohg|s\.l\.u\.?|slu|s\.a\.t\.?|s\.\s?coop\.?|kg|e\.\s?k\.|ug)$/i;
const TITLE_SEPARATORS = /\s+[|–—·•:-]\s+|\s*[|·•]\s*/;
/** Title segments that name the page, never the company: "Datenblatt | Lagerblick RFID". */
const GENERIC =
  /^(home|homepage|home page|welcome|start|startseite|accueil|inicio|index|official site|data ?sheet|spec sheet|product sheet|(?:produkt)?datenblatt|fiche technique|ficha t[eé]cnica|brochure|pricing|preise|tarifs|precios|features|funktionen|fonctionnalit[eé]s|funcionalidades|blog|news|about|about us|über uns|a propos|à propos|qui sommes-nous|sobre nosotros|contact|kontakt|contacto|careers|karriere|carri[eè]res|empleo|case studies|customers|kunden|clients|clientes)$/i;

/** Whether a name ends in a legal form ("Bräunlich Kältetechnik GmbH", "Sandling Ltd"): a company, never a place or a person. */
export const hasLegalForm = (name: string): boolean => LEGAL_SUFFIX.test(name.trim());

/** A legal form on its own ("S.L.", "GmbH", "Ltd"): the end of a name a comma set apart. */
export const isLegalFormAlone = (text: string): boolean =>
  hasLegalForm(`Name ${text.trim()}`) && !/\s/.test(text.trim().replace(/\s*&\s*co\.?\s*kg$/i, ''));

/** A company's name without its legal form: how people say it in a sentence. */
export function withoutLegalForm(name: string): string {
  const stripped = name.replace(LEGAL_SUFFIX, '').trim();
  return stripped.length >= 2 ? stripped : name;
}

function hostLabel(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^www\d?\./, '');
  } catch {
    return undefined;
  }
  // An address, not a name.
  if (/^[\d.]+$/.test(host) || host.includes(':') || host === 'localhost') return undefined;
  const labels = host.split('.');
  if (labels.length >= 3 && /^(co|com|org|net|ac|gov)$/.test(labels.at(-2) ?? '')) return labels.at(-3);
  return labels.length > 1 ? labels.at(-2) : labels[0];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Who the page's copyright line names ("© 2026 Lagerblick RFID GmbH. Alle Rechte vorbehalten."). */
function copyrightHolder(page: PageContent): string | undefined {
  const copyright =
    /©\s*(?:\d{4}\s*[-–]?\s*(?:\d{4})?\s*)?([\p{Lu}][\p{L}\p{N}&.' -]{1,40}?)(?:[.,]|\s+all rights|\s+alle rechte|\s+tous droits|\s+todos los derechos|$)/iu.exec(
      page.blocks.map((block) => block.text).join(' '),
    );
  return copyright?.[1] ? clean(copyright[1]) : undefined;
}

export function companyNameOf(page: PageContent): string {
  const label = hostLabel(page.url);
  const candidates: string[] = [];
  const org = page.organization;
  if (org?.name && org.name.length <= 60) return withoutLegalForm(clean(org.name));
  if (page.siteName && page.siteName.length <= 40 && !GENERIC.test(page.siteName))
    return withoutLegalForm(clean(page.siteName));
  const segments = [page.title, page.ogTitle]
    .filter((title): title is string => Boolean(title))
    .flatMap((title) => title.split(TITLE_SEPARATORS).map(clean))
    .filter((segment) => segment && !GENERIC.test(segment) && words(segment).length <= 5);
  if (label) {
    const match = segments.find((segment) => {
      const a = squash(segment);
      const b = squash(label);
      return a.length >= 2 && (a.includes(b) || b.includes(a));
    });
    if (match) return withoutLegalForm(match);
  }
  // The title's segment the site's own logo says ("LB-Gate 4 – Datenblatt | Lagerblick RFID").
  const logo = page.siteLogo && squash(page.siteLogo);
  const branded = logo && segments.find((segment) => squash(withoutLegalForm(segment)) === logo);
  if (branded) return withoutLegalForm(branded);
  if (org?.legalName) return withoutLegalForm(clean(org.legalName));
  // The segment the copyright line names is the company ("LB-Gate 4 – Datenblatt | Lagerblick RFID"
  // and "© 2026 Lagerblick RFID GmbH"), however often the page repeats the product's name.
  // Without a copyright line, the registered name a legal line gives ("Lindtner Kurier GmbH ·
  // Billstraße 112", "Brackenfold Safety Systems Ltd, registered in England").
  const holder = copyrightHolder(page) ?? page.registeredName;
  const held = holder ? squash(withoutLegalForm(holder)) : '';
  const owned = held && segments.find((segment) => squash(withoutLegalForm(segment)) === held);
  if (owned) return withoutLegalForm(owned);
  // A segment that says the name and more ("Lindtner Kurier Hamburg"): the name is the holder's,
  // or the logo's.
  for (const name of [holder, page.siteLogo]) {
    const key = name ? squash(withoutLegalForm(name)) : '';
    if (name && key.length >= 4 && segments.some((segment) => squash(segment).includes(key)))
      return withoutLegalForm(clean(name));
  }
  candidates.push(...segments);
  // The title's segment the page's own text repeats most: the brand, not the tagline.
  const text = squash(page.blocks.map((block) => block.text).join(' '));
  const scored = candidates
    .map((candidate) => {
      const key = squash(withoutLegalForm(candidate));
      const count = key.length >= 2 ? text.split(key).length - 1 : 0;
      return { candidate, count, short: words(candidate).length <= 3 };
    })
    .filter((entry) => entry.count > 0 || entry.short)
    .sort((a, b) => b.count - a.count || Number(b.short) - Number(a.short));
  const best = scored[0];
  if (best && (best.count > 0 || segments.length > 1)) return withoutLegalForm(best.candidate);
  if (holder) return withoutLegalForm(holder);
  if (segments[0]) return withoutLegalForm(segments[0]);
  if (label)
    return label
      .split(/[-_]/)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(' ');
  return clean(page.title) || 'This company';
}

const MAX_DESCRIPTION = 500;
const GENERIC_DESCRIPTION = /^(welcome to|home ?page|official (web)?site|just another|coming soon|loading)/i;

/**
 * What the company does, for the analysis card: its own description (metadata, else the hero's
 * line under the headline, else its first paragraph), prefixed with its name when it does not say it.
 */
export function describeCompany(page: PageContent, read: ReadPage, name: string): string {
  const usable = (candidate: string | undefined) => {
    const text = clean(candidate);
    return words(text).length >= 6 && !GENERIC_DESCRIPTION.test(text) ? text : undefined;
  };
  const hero = read.blocks
    .filter((entry) => entry.role === 'hero' && entry.block.kind !== 'heading')
    .map((entry) => entry.block.text);
  const paragraph = read.blocks.find(
    (entry) =>
      (entry.role === 'text' || entry.role === 'feature') &&
      entry.block.kind === 'p' &&
      words(entry.block.text).length >= 12,
  )?.block.text;
  const headline = read.blocks.find((entry) => entry.block.kind === 'heading' && entry.block.level === 1)?.block.text;
  const base =
    [page.organization?.description, page.metaDescription, page.ogDescription, ...hero, paragraph]
      .map(usable)
      .find(Boolean) ?? clean(headline ?? page.title);
  const said = squash(base).includes(squash(name));
  return truncate(said || !base ? base || name : `${name}: ${base}`, MAX_DESCRIPTION);
}

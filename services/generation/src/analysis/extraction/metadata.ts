import type { Element } from 'domhandler';
import { clean, truncate, wordCount } from '../../text.ts';
import type { Deadline } from './budget.ts';
import type { OrganizationData, PageLink } from './content.ts';
import { textOf } from './dom.ts';

/** What a page says about itself besides its copy: schema.org data, links to customer stories, customer logos. */

const ORGANIZATION_TYPES =
  /^(Organization|Corporation|LocalBusiness|OnlineBusiness|OnlineStore|Store|MedicalOrganization|MedicalBusiness|MedicalClinic|Hospital|Physician|Dentist|FinancialService|BankOrCreditUnion|InsuranceAgency|ProfessionalService|LegalService|AccountingService|EmploymentAgency|NGO|EducationalOrganization|GovernmentOrganization|SportsOrganization|Manufacturer|AutomotiveBusiness|HomeAndConstructionBusiness|FoodEstablishment|TravelAgency|Brand)$/;

export function organizationFromJsonLd(scripts: Element[], deadline: Deadline): OrganizationData | undefined {
  const nodes: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || nodes.length > 200) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      nodes.push(record);
      if (record['@graph']) visit(record['@graph'], depth + 1);
      for (const key of ['publisher', 'provider', 'manufacturer', 'brand', 'author', 'about']) {
        if (record[key] && typeof record[key] === 'object') visit(record[key], depth + 1);
      }
    }
  };
  for (const element of scripts) {
    const text = textOf(element, deadline);
    if (text.length > 500_000) continue;
    try {
      visit(JSON.parse(text), 0);
    } catch {
      // Broken JSON-LD is common; the rest of the page still counts.
    }
  }
  const types = (node: Record<string, unknown>) =>
    [node['@type']].flat().filter((t): t is string => typeof t === 'string');
  const organization = nodes.find((node) => types(node).some((type) => ORGANIZATION_TYPES.test(type)));
  if (!organization) return undefined;
  const text = (value: unknown): string | undefined => {
    if (typeof value === 'string') return clean(value) || undefined;
    if (Array.isArray(value)) return text(value[0]);
    if (value && typeof value === 'object' && 'name' in value) return text((value as { name: unknown }).name);
    return undefined;
  };
  const data: OrganizationData = {};
  for (const key of [
    'name',
    'legalName',
    'alternateName',
    'description',
    'slogan',
    'industry',
    'areaServed',
  ] as const) {
    const value = text(organization[key]);
    if (value) data[key] = value;
  }
  return Object.keys(data).length ? data : undefined;
}

const CUSTOMER_LINK =
  /customer|case[-_\s]?stud|success[-_\s]?stor|testimonial|clients|referenz|kunden|fallstudie|erfolgsgeschicht|anwenderbericht|cas[-_\s]clients?|casos?[-_\s]de[-_\s]exito/i;
const NOT_CUSTOMER_CONTENT =
  /log[-_\s]?in|sign[-_\s]?in|portal|support|help|service[-_\s]?desk|contact|careers|account|anmeld|kundenportal|kundenservice/i;

export function customerLinks(links: Element[], pageUrl: string, deadline: Deadline): PageLink[] {
  const base = new URL(pageUrl);
  const site = base.hostname.replace(/^www\./, '');
  const found = new Map<string, PageLink>();
  for (const element of links) {
    if (found.size >= 8) break;
    const href = element.attribs.href ?? '';
    // The cheap test first: most links are not about customers.
    const text =
      CUSTOMER_LINK.test(href) || CUSTOMER_HINT.test(element.children.length ? textOf(element, deadline) : '')
        ? clean(textOf(element, deadline))
        : '';
    if (!CUSTOMER_LINK.test(`${href} ${text}`) || NOT_CUSTOMER_CONTENT.test(`${href} ${text}`)) continue;
    let target: URL;
    try {
      target = new URL(href, base);
    } catch {
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
    if (target.hostname.replace(/^www\./, '') !== site) continue;
    target.hash = '';
    if (target.href === base.href) continue;
    if (!found.has(target.href)) found.set(target.href, { text: truncate(text, 80), url: target.href });
  }
  return [...found.values()];
}

export function logoNames(images: Element[]): string[] {
  const names = new Set<string>();
  for (const element of images) {
    if (names.size >= 20) break;
    const alt = clean(element.attribs.alt);
    if (!/\blogo\b/i.test(alt)) continue;
    const name = alt
      .replace(/\b(company|customer|client)?\s*logo(type)?\b/gi, '')
      .replace(/[|:–—-]+$/g, '')
      .trim();
    if (name.length >= 2 && name.length <= 40 && wordCount(name) <= 5) names.add(name);
  }
  return [...names];
}

/**
 * The site's own logo ("<a class="logo" href="/"><img alt="Lagerblick RFID">"): its alt text names
 * the company. The first image that is a logo by its class, source or link home.
 */
export function siteLogoName(images: Element[]): string | undefined {
  for (const element of images.slice(0, 10)) {
    const parent = element.parent?.type === 'tag' ? (element.parent as Element) : undefined;
    const own = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''} ${element.attribs.src ?? ''}`;
    const link = parent?.name === 'a' ? `${parent.attribs.class ?? ''} ${parent.attribs.id ?? ''}` : '';
    const home = parent?.name === 'a' && /^(?:\/|\.\/|https?:\/\/[^/]+\/?)$/.test(parent.attribs.href ?? '');
    if (!/logo|brand/i.test(`${own} ${link}`) && !home) continue;
    const name = clean(element.attribs.alt)
      .replace(/\b(?:logo(?:type)?|home|startseite|accueil|inicio)\b/gi, '')
      .replace(/^[|:–—-]+|[|:–—-]+$/g, '')
      .trim();
    if (name.length >= 2 && name.length <= 40 && wordCount(name) <= 5) return name;
  }
  return undefined;
}

const CUSTOMER_HINT = /customer|case|stor|testimonial|client|referenz|kunden|fallstud|erfolg|anwender|casos/i;

import type { WritingLanguage } from '@seqgen/proto';
import { type FunctionPlaybook, GENERAL_FUNCTION, playbook } from '../playbook/index.ts';
import { clean, sentences, wordCount } from '../text.ts';
import { classify, ownIndustryTexts, weightedTexts } from './classify/classify.ts';
import type { PageContent } from './extraction/content.ts';
import { companyNameOf, describeCompany } from './facts/company.ts';
import { pageLanguage } from './facts/language.ts';
import { readPage } from './read/roles.ts';

/**
 * The company a sequence is written to, as its own page tells it (docs/architecture.md §6): its
 * name, what it does, the industries it is in, and how big it is where the page says so in a
 * figure ("14 distribution centres") — the reason a rep gives for writing to it. Whether it fits
 * the seller's audience is decided against the seller's analysis (fitOf).
 */
export interface CompanyProfile {
  url: string;
  companyName: string;
  companyDescription: string;
  targetAudience: string;
  language: WritingLanguage;
  /** Industries the page points at (industries.yaml ids), best first. */
  industries: string[];
  /** "14 distribution centres": a figure and what it counts, as the page writes it. */
  scale: string | undefined;
  /**
   * What the page says of the company in sentences of its own (news, sites, numbers, plans), for
   * the writer to find the one a rep would open with: the one about the seller's topic
   * (compose/brief.ts hookOf). Absent from profiles cached before it was read.
   */
  statements?: string[];
  /** Kept for profiles cached before industries were read (always empty now). */
  triggers: unknown[];
}

/** Enough statements for any page's news and numbers; each short enough to quote in an opener. */
const MAX_STATEMENTS = 40;
const STATEMENT_WORDS = { min: 5, max: 24 };

/** What a page counts that says how big a business is, per language. */
const SCALE_UNITS =
  /\b(\d{1,3}(?:[.,\s]\d{3})*|\d+)\s?\+?\s+(?:(?:[\p{L}-]+\s){0,2})?(sites|locations|warehouses|distribution cent(?:er|re)s|plants|factories|stores|shops|clinics|hospitals|practices|employees|people|trucks|vehicles|countries|offices|branches|restaurants|hotels|beds|care homes|homes|schools|campuses|standorte|lager|lagerstandorte|werke|filialen|mitarbeitende|mitarbeiter|mitarbeiterinnen|fahrzeuge|länder|kliniken|praxen|häuser|sites|entrepôts|usines|magasins|agences|collaborateurs|salariés|véhicules|pays|cliniques|établissements|restaurants|centros|almacenes|plantas|tiendas|empleados|vehículos|países|clínicas|sedes|hoteles|oficinas)\b/iu;

export function profileProspect(page: PageContent): CompanyProfile {
  const language = pageLanguage(page);
  const read = readPage(page.blocks, language);
  const name = companyNameOf(page);
  // The industry it is in, not the ones it sells to (a food maker that supplies supermarkets).
  const classification = classify(
    ownIndustryTexts(
      weightedTexts(read, [page.title, page.metaDescription ?? '', page.ogDescription ?? ''].filter(Boolean)),
    ),
  );
  let scale: string | undefined;
  const statements: string[] = [];
  for (const entry of read.blocks) {
    if (entry.role === 'legal' || entry.role === 'nav' || entry.role === 'price' || entry.role === 'spec') continue;
    for (const sentence of sentences(entry.block.text)) {
      const match = SCALE_UNITS.exec(sentence);
      if (!scale && match && Number(match[1]?.replace(/[.,\s]/g, '')) >= 2) scale = clean(match[0]);
      const words = wordCount(sentence);
      if (
        entry.block.kind !== 'heading' &&
        statements.length < MAX_STATEMENTS &&
        words >= STATEMENT_WORDS.min &&
        words <= STATEMENT_WORDS.max &&
        /[.!]$/u.test(sentence)
      )
        statements.push(clean(sentence));
    }
  }
  const audience = read.blocks.find((entry) => entry.role === 'audience' && entry.block.kind !== 'heading');
  return {
    url: page.url,
    companyName: name,
    companyDescription: describeCompany(page, read, name),
    targetAudience: audience ? clean(audience.block.text) : '',
    language,
    industries: classification.industries.map((industry) => industry.industry),
    scale,
    statements,
    triggers: [],
  };
}

export interface Fit {
  fits: boolean;
  /** One line for the wizard: why it fits, or why it may not. */
  reason: string;
}

/**
 * Whether a prospect is in the seller's audience: one of its industries is one the seller's page
 * serves, or one where the seller's function matters most (the playbook's industry angles). A
 * prospect whose page names no industry is not judged.
 */
export function fitOf(
  prospect: Pick<CompanyProfile, 'companyName' | 'industries'>,
  seller: { companyName: string; function?: string | undefined; industries?: string[] | undefined },
): Fit | undefined {
  if (!prospect.industries.length) return undefined;
  const source = playbook();
  const fn: FunctionPlaybook | undefined = seller.function ? source.functions.get(seller.function) : undefined;
  const served = new Set([...(seller.industries ?? []), ...(fn ? Object.keys(fn.industries) : [])]);
  const label = (id: string) => source.industries.get(id)?.label.en ?? id;
  const shared = prospect.industries.find((industry) => served.has(industry));
  if (shared)
    return {
      fits: true,
      reason: `${prospect.companyName} is in ${label(shared)}, which ${seller.companyName} serves.`,
    };
  if (!served.size || fn?.id === GENERAL_FUNCTION) return undefined;
  const theirs = listOf(prospect.industries.map(label));
  const ours = listOf([...served].slice(0, 3).map(label));
  return {
    fits: false,
    reason: `${prospect.companyName} works in ${theirs}, and ${seller.companyName}'s page speaks to ${ours}. Check that it is the right account before you send.`,
  };
}

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/**
 * What a sales analyst reads from each held-out site (evaluation/README.md): the schema of
 * `evaluation/<set>/sites/<site>/expectations.json`, and the loader that validates every file of a
 * set before anything is scored.
 *
 * Matching vocabulary: a `Terms` list matches a text when ALL its terms occur in it
 * (case-insensitive, accents and typographic quotes folded, see ./matching.ts); an `Alternatives`
 * list matches when ANY of its `Terms` does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const LAYOUTS = [
  'div-soup',
  'next-json',
  'nuxt-json',
  'wordpress-builder',
  'narrative',
  'datasheet',
  'devtool',
  'marketplace',
  'agency',
  'carousel',
  'tabs',
  'accordion',
  'plain',
] as const;

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Function ids of the v3 engine's taxonomy (the brief's list; "general-b2b" when none fits). */
export const FUNCTIONS = [
  'accounts-payable',
  'accounts-receivable',
  'expense-management',
  'financial-close',
  'financial-planning',
  'billing-revenue',
  'payments',
  'tax-compliance',
  'procurement',
  'payroll',
  'bookkeeping-services',
  'recruiting',
  'hr-management',
  'workforce-scheduling',
  'learning-training',
  'sales-engagement',
  'marketing-automation',
  'marketing-agency',
  'customer-support',
  'customer-success',
  'ecommerce',
  'pricing-optimization',
  'market-research',
  'observability',
  'identity-access',
  'security-operations',
  'compliance-grc',
  'devops-platform',
  'data-analytics',
  'it-service-management',
  'integration-automation',
  'managed-it-services',
  'cloud-infrastructure',
  'data-protection',
  'software-development-services',
  'inventory-management',
  'warehouse-operations',
  'transportation-logistics',
  'field-service',
  'maintenance-reliability',
  'manufacturing-operations',
  'quality-management',
  'cold-chain',
  'wholesale-distribution',
  'facilities-management',
  'construction-management',
  'sustainability-energy',
  'revenue-cycle',
  'patient-access',
  'care-operations',
  'property-management',
  'legal-contracts',
  'hospitality-operations',
  'insurance-operations',
  'education-administration',
  'translation-localization',
  'consulting-services',
  // Service and product businesses added to the playbook on 2026-11-27 (the SDR review of heldout-c).
  'legal-services',
  'staffing-agency',
  'freight-forwarding',
  'contract-manufacturing',
  'business-finance',
  'connected-devices',
  'general-b2b',
] as const;

const Term = z.string().trim().min(1);
/** All terms must occur. */
export const Terms = z.array(Term).min(1);
export type Terms = z.infer<typeof Terms>;
/** Any one alternative must match. */
export const Alternatives = z.array(Terms);
export type Alternatives = z.infer<typeof Alternatives>;

const Id = z.string().regex(/^[a-z][a-z0-9-]*$/);

export const StatedPain = z.object({
  id: Id,
  match: Alternatives.min(1),
  /** Capability ids that answer this pain on the page. */
  answeredBy: z.array(Id),
});

export const Capability = z.object({
  id: Id,
  name: z.string().min(1),
  match: Alternatives.min(1),
});

export const ExpectedProof = z.object({
  kind: z.enum(['quote', 'result']),
  /** Distinctive words of the quote or result: all must occur. */
  match: Terms,
  customer: z.string().min(1).nullable(),
  person: z.string().min(1).nullable(),
  /** False when the markup ties no name to it: it must then be credited to nobody. */
  attributable: z.boolean(),
});
export type ExpectedProof = z.infer<typeof ExpectedProof>;

/** What the scorer asks for on this site (customizations b and c of evaluation/README.md). */
export const SiteRequest = z.object({
  /** A buyer from the page, seniority above the line. */
  persona: z.string().min(1),
  /** Someone below the line. */
  juniorPersona: z.string().min(1),
  industry: z.string().min(1),
  /** A trade fair, named in English in the additional context. */
  event: z.string().min(1),
  /** A prospect page (evaluation/<set>/prospects/<id>/) targeted by customization c. */
  prospect: Id.optional(),
});

export const Expectations = z
  .object({
    id: Id,
    layout: z.enum(LAYOUTS),
    language: z.enum(LANGUAGES),
    companyName: z.string().min(1),
    /** Other spellings that are just as right (legal suffixes are ignored anyway). */
    aliases: z.array(z.string().min(1)).default([]),
    /** Taxonomy ids, best first. */
    functions: z.array(z.enum(FUNCTIONS)).min(1),
    statesPains: z.boolean(),
    statedPains: z.array(StatedPain),
    capabilities: z.array(Capability).min(1),
    notPains: Alternatives,
    notSolutions: Alternatives,
    proofs: z.array(ExpectedProof),
    customers: z.array(z.string().min(1)),
    notCustomers: z.array(z.string().min(1)),
    forbidden: z.array(z.string().min(1)),
    buyerWords: z.array(z.string().min(1)),
    request: SiteRequest,
  })
  .strict()
  .superRefine((site, context) => {
    if (site.statesPains !== site.statedPains.length > 0) {
      context.addIssue({ code: 'custom', message: 'statesPains must be true exactly when statedPains is not empty' });
    }
    const capabilityIds = new Set(site.capabilities.map((capability) => capability.id));
    const ids = [...site.statedPains.map((pain) => pain.id), ...site.capabilities.map((capability) => capability.id)];
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', message: 'pain and capability ids must be unique' });
    for (const pain of site.statedPains) {
      for (const id of pain.answeredBy) {
        if (!capabilityIds.has(id)) {
          context.addIssue({ code: 'custom', message: `${pain.id}.answeredBy names unknown capability ${id}` });
        }
      }
    }
    for (const proof of site.proofs) {
      if (proof.attributable && !proof.customer) {
        context.addIssue({
          code: 'custom',
          message: `attributable proof "${proof.match.join(' ')}" needs its customer`,
        });
      }
      if (!proof.attributable && (proof.customer || proof.person)) {
        context.addIssue({ code: 'custom', message: `unattributable proof "${proof.match.join(' ')}" names someone` });
      }
    }
  });
export type Expectations = z.infer<typeof Expectations>;

export interface Site {
  id: string;
  dir: string;
  hasCaseStudies: boolean;
  expectations: Expectations;
}

export interface HeldOutSet {
  name: string;
  dir: string;
  sites: Site[];
  /** Prospect id → its folder (index.html). */
  prospects: Map<string, string>;
}

/** Reads and validates a whole set; throws naming every file that is wrong. */
export function loadSet(evaluationDir: string, name: string): HeldOutSet {
  const dir = path.join(evaluationDir, name);
  const sitesDir = path.join(dir, 'sites');
  const prospectsDir = path.join(dir, 'prospects');
  if (!existsSync(sitesDir)) throw new Error(`no such set: ${sitesDir}`);
  const problems: string[] = [];
  const prospects = new Map<string, string>();
  if (existsSync(prospectsDir)) {
    for (const entry of readdirSync(prospectsDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const folder = path.join(prospectsDir, entry.name);
      if (!existsSync(path.join(folder, 'index.html'))) problems.push(`prospect ${entry.name}: no index.html`);
      prospects.set(entry.name, folder);
    }
  }
  const sites: Site[] = [];
  for (const entry of readdirSync(sitesDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const siteDir = path.join(sitesDir, entry.name);
    const file = path.join(siteDir, 'expectations.json');
    if (!existsSync(path.join(siteDir, 'index.html'))) problems.push(`${entry.name}: no index.html`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${entry.name}: expectations.json: ${(error as Error).message}`);
      continue;
    }
    const parsed = Expectations.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${entry.name}: ${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    if (parsed.data.id !== entry.name) problems.push(`${entry.name}: id is "${parsed.data.id}"`);
    const prospect = parsed.data.request.prospect;
    if (prospect && !prospects.has(prospect)) problems.push(`${entry.name}: unknown prospect "${prospect}"`);
    sites.push({
      id: entry.name,
      dir: siteDir,
      hasCaseStudies: existsSync(path.join(siteDir, 'case-studies.html')),
      expectations: parsed.data,
    });
  }
  if (problems.length) throw new Error(`invalid expectations in ${dir}:\n  ${problems.join('\n  ')}`);
  return { name, dir, sites, prospects };
}

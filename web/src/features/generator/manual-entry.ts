import type { SubmittedAnalysis } from '@seqgen/proto';
import type { z } from 'zod';

/** The Manual Entry form (docs/product.md §3 Manual company configuration); list fields are one item per line. */
export interface ManualCompany {
  companyName: string;
  companyDescription: string;
  industry: string;
  companySize: string;
  targetAudience: string;
  targetJobTitles: string;
  customerPains: string;
  solutions: string;
  keyDifferentiators: string;
  recentNews: string;
  competitors: string;
  pricingModel: string;
  implementationTime: string;
  roi: string;
  caseStudies: string;
}

export const emptyManualCompany = (): ManualCompany => ({
  companyName: '',
  companyDescription: '',
  industry: '',
  companySize: '',
  targetAudience: '',
  targetJobTitles: '',
  customerPains: '',
  solutions: '',
  keyDifferentiators: '',
  recentNews: '',
  competitors: '',
  pricingModel: '',
  implementationTime: '',
  roi: '',
  caseStudies: '',
});

/** docs/product.md §5: required fields; Continue stays disabled until each is non-blank after trimming. */
export const REQUIRED_MANUAL_FIELDS = [
  'companyName',
  'industry',
  'companySize',
  'companyDescription',
  'targetAudience',
  'targetJobTitles',
  'customerPains',
  'solutions',
  'keyDifferentiators',
] as const satisfies readonly (keyof ManualCompany)[];

/** Split on newlines, trimmed, blanks dropped (docs/product.md §3). */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function missingManualFields(company: ManualCompany): (keyof ManualCompany)[] {
  return REQUIRED_MANUAL_FIELDS.filter((field) => company[field].trim() === '');
}

export const isManualComplete = (company: ManualCompany) => missingManualFields(company).length === 0;

/** The fields that have a value; a blank optional field is left out, not sent as undefined. */
function withoutUndefined<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The analysis as the form hands it over, before the service's own trimming and bounds. */
export type ManualAnalysis = z.input<typeof SubmittedAnalysis>;

/**
 * The whole form as the analysis (docs/product.md §3 Manual company configuration): the analysis fields,
 * plus the rest of the form, which the writers use where it fits. List fields are split one per
 * line; optional fields left blank are omitted rather than sent empty.
 */
export function manualAnalysis(company: ManualCompany): ManualAnalysis {
  const text = (value: string) => {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const list = (value: string) => {
    const items = splitLines(value);
    return items.length === 0 ? undefined : items;
  };
  const optional = {
    industry: text(company.industry),
    companySize: text(company.companySize),
    keyDifferentiators: list(company.keyDifferentiators),
    recentNews: text(company.recentNews),
    competitors: list(company.competitors),
    pricingModel: text(company.pricingModel),
    implementationTime: text(company.implementationTime),
    roi: text(company.roi),
    caseStudies: text(company.caseStudies),
  };
  return {
    companyName: company.companyName.trim(),
    companyDescription: company.companyDescription.trim(),
    targetAudience: company.targetAudience.trim(),
    targetJobTitles: splitLines(company.targetJobTitles),
    customerPains: splitLines(company.customerPains),
    solutions: splitLines(company.solutions),
    ...withoutUndefined(optional),
  };
}

import type { Analysis } from '@seqgen/proto';

/** The Manual Entry form (spec §3 Manual company configuration); list fields are one item per line. */
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

/** Spec §5: required fields; Continue stays disabled until each is non-blank after trimming. */
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

/** Split on newlines, trimmed, blanks dropped (spec §3). */
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

/**
 * Spec §4: manual entry uses the subset name, description, audience, pains and solutions as the
 * analysis. The rest of the form is kept on screen but is not part of the generation request (§7).
 */
export function manualAnalysis(company: ManualCompany): Analysis {
  return {
    companyName: company.companyName.trim(),
    companyDescription: company.companyDescription.trim(),
    targetAudience: company.targetAudience.trim(),
    targetJobTitles: [],
    customerPains: splitLines(company.customerPains),
    solutions: splitLines(company.solutions),
  };
}

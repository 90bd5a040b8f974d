import type { Analysis, Customization, OutputLanguage, ProspectSeller, SubmittedAnalysis } from '@seqgen/proto';

/**
 * The customization wizard (docs/product.md §2, §4) as pure functions: which step follows which, where Back
 * leads, and when Continue is allowed. Components only render the current step.
 */

export const WIZARD_STEPS = [
  'targetCompany',
  'prospectUrl',
  'personaType',
  'personaDetails',
  'seniority',
  'industry',
  'industryDetails',
  'tone',
  'context',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Answers so far; a choice stays undefined until the user makes it. */
export interface WizardDraft {
  targetSpecificCompany: 'yes' | 'no' | undefined;
  prospectCompanyUrl: string;
  persona: 'generic' | 'specific' | undefined;
  specificPersona: string;
  seniority: 'above' | 'below' | undefined;
  industry: 'specific' | 'agnostic' | undefined;
  specificIndustry: string;
  tone: number;
  additionalContext: string;
  /** The emails' language, chosen on the Last Step; `auto` writes in the website's language. */
  language: OutputLanguage;
}

export const TONE_MIN = 0;
export const TONE_MAX = 100;
export const TONE_STEP = 1;
export const TONE_DEFAULT = 50;

/** The Last Step's email-language choice (copy as data; the order is the select's order). */
export const LANGUAGE_DEFAULT: OutputLanguage = 'auto';
export const LANGUAGE_OPTIONS: readonly { value: OutputLanguage; label: string }[] = [
  { value: 'auto', label: 'Auto (match the website)' },
  { value: 'en', label: 'English' },
  { value: 'de', label: 'German' },
  { value: 'fr', label: 'French' },
  { value: 'es', label: 'Spanish' },
];
export const LANGUAGE_COPY = {
  label: 'Email language',
  hint: 'Auto writes in the language of the website.',
} as const;

/** A select's value as a language; anything else falls back to the default. */
export function languageOf(value: string): OutputLanguage {
  return LANGUAGE_OPTIONS.find((option) => option.value === value)?.value ?? LANGUAGE_DEFAULT;
}

export const emptyDraft = (): WizardDraft => ({
  targetSpecificCompany: undefined,
  prospectCompanyUrl: '',
  persona: undefined,
  specificPersona: '',
  seniority: undefined,
  industry: undefined,
  specificIndustry: '',
  tone: TONE_DEFAULT,
  additionalContext: '',
  language: LANGUAGE_DEFAULT,
});

/** The step after `step`; null after the last one (Generate Emails). */
export function nextStep(step: WizardStep, draft: WizardDraft): WizardStep | null {
  switch (step) {
    case 'targetCompany':
      return draft.targetSpecificCompany === 'yes' ? 'prospectUrl' : 'personaType';
    case 'prospectUrl':
      return 'personaType';
    case 'personaType':
      return draft.persona === 'specific' ? 'personaDetails' : 'industry';
    case 'personaDetails':
      return 'seniority';
    case 'seniority':
      return 'industry';
    case 'industry':
      return draft.industry === 'specific' ? 'industryDetails' : 'tone';
    case 'industryDetails':
      return 'tone';
    case 'tone':
      return 'context';
    case 'context':
      return null;
  }
}

/** Where Back leads; null on the first step (which offers the Dashboard button instead). */
export function previousStep(step: WizardStep, draft: WizardDraft): WizardStep | null {
  switch (step) {
    case 'targetCompany':
      return null;
    case 'prospectUrl':
      return 'targetCompany';
    case 'personaType':
      return draft.targetSpecificCompany === 'yes' ? 'prospectUrl' : 'targetCompany';
    case 'personaDetails':
      return 'personaType';
    case 'seniority':
      return 'personaDetails';
    case 'industry':
      return draft.persona === 'specific' ? 'seniority' : 'personaType';
    case 'industryDetails':
      return 'industry';
    case 'tone':
      return draft.industry === 'specific' ? 'industryDetails' : 'industry';
    case 'context':
      return 'tone';
  }
}

/** Whether the step's answer is complete: choices made, free-text answers non-blank (docs/product.md §5). */
export function canContinue(step: WizardStep, draft: WizardDraft): boolean {
  switch (step) {
    case 'targetCompany':
      return draft.targetSpecificCompany !== undefined;
    case 'prospectUrl':
      return draft.prospectCompanyUrl.trim() !== '';
    case 'personaType':
      return draft.persona !== undefined;
    case 'personaDetails':
      return draft.specificPersona.trim() !== '';
    case 'seniority':
      return draft.seniority !== undefined;
    case 'industry':
      return draft.industry !== undefined;
    case 'industryDetails':
      return draft.specificIndustry.trim() !== '';
    case 'tone':
      return Number.isInteger(draft.tone) && draft.tone >= TONE_MIN && draft.tone <= TONE_MAX;
    case 'context':
      return true;
  }
}

/**
 * The steps on the path the answers so far describe; an unanswered choice counts as its shorter
 * branch, so the total only grows when the user opts into more detail.
 */
export function pathOf(draft: WizardDraft): WizardStep[] {
  const path: WizardStep[] = [];
  let step: WizardStep | null = 'targetCompany';
  while (step) {
    path.push(step);
    step = nextStep(step, draft);
  }
  return path;
}

/** 1-based position and total for the progress indicator. */
export function progressOf(step: WizardStep, draft: WizardDraft): { position: number; total: number } {
  const path = pathOf(draft);
  return { position: path.indexOf(step) + 1, total: path.length };
}

/** docs/product.md §5 tone labels: ≤20, ≤40, ≤60, ≤80, above 80. */
export function toneLabel(tone: number): string {
  if (tone <= 20) return 'Very Casual';
  if (tone <= 40) return 'Casual';
  if (tone <= 60) return 'Balanced';
  if (tone <= 80) return 'Professional';
  return 'Very Professional';
}

/**
 * The customization sent to the API. Answers of branches the user left (say, a persona typed
 * before switching back to generic) are not sent.
 */
export function toCustomization(draft: WizardDraft): Customization {
  const specificPersona = draft.persona === 'specific';
  return {
    persona: draft.persona ?? 'generic',
    specificPersona: specificPersona ? draft.specificPersona.trim() : '',
    seniority: specificPersona ? (draft.seniority ?? '') : '',
    industry: draft.industry ?? 'agnostic',
    specificIndustry: draft.industry === 'specific' ? draft.specificIndustry.trim() : '',
    tone: draft.tone,
    additionalContext: draft.additionalContext.trim(),
    targetSpecificCompany: draft.targetSpecificCompany ?? 'no',
    prospectCompanyUrl: draft.targetSpecificCompany === 'yes' ? draft.prospectCompanyUrl.trim() : '',
    language: draft.language,
  };
}

/** What the prospect step says about the prospect's fit with the seller's audience (copy as data). */
export const PROSPECT_FIT_COPY = {
  warningTitle: 'This account may be outside your audience',
  continueAnyway: 'Continue anyway',
  fitsLabel: 'In your audience',
} as const;

/**
 * The seller as the prospect check judges fit against (docs/product.md §2 Prospect Company URL): the
 * analysis's name, business function and served industries (at most 3, as ids). Undefined without a
 * classification (Manual Entry), where there is nothing to judge by.
 */
export function sellerOf(analysis: Pick<Analysis | SubmittedAnalysis, 'companyName' | 'classification'> | null) {
  const classification = analysis?.classification;
  const companyName = analysis?.companyName.trim().slice(0, 200);
  if (!classification || !companyName) return undefined;
  const seller: ProspectSeller = {
    companyName,
    function: classification.function,
    industries: classification.industries.map((industry) => industry.industry).slice(0, 3),
  };
  return seller;
}

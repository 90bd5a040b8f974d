import { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import {
  canContinue,
  emptyDraft,
  LANGUAGE_COPY,
  LANGUAGE_DEFAULT,
  LANGUAGE_OPTIONS,
  languageOf,
  nextStep,
  pathOf,
  previousStep,
  progressOf,
  sellerOf,
  TONE_DEFAULT,
  toCustomization,
  toneLabel,
  type WizardDraft,
} from './wizard';

const draft = (overrides: Partial<WizardDraft> = {}): WizardDraft => ({ ...emptyDraft(), ...overrides });

describe('wizard transitions (docs/product.md §4)', () => {
  it('target company: yes goes to the URL step, then persona type; no goes to persona type', () => {
    expect(nextStep('targetCompany', draft({ targetSpecificCompany: 'yes' }))).toBe('prospectUrl');
    expect(nextStep('prospectUrl', draft({ targetSpecificCompany: 'yes' }))).toBe('personaType');
    expect(nextStep('targetCompany', draft({ targetSpecificCompany: 'no' }))).toBe('personaType');
  });

  it('persona: specific goes to details, seniority, industry; generic goes to industry', () => {
    const specific = draft({ persona: 'specific' });
    expect(nextStep('personaType', specific)).toBe('personaDetails');
    expect(nextStep('personaDetails', specific)).toBe('seniority');
    expect(nextStep('seniority', specific)).toBe('industry');
    expect(nextStep('personaType', draft({ persona: 'generic' }))).toBe('industry');
  });

  it('industry: specific goes to details then tone; agnostic goes to tone; tone → context → generate', () => {
    expect(nextStep('industry', draft({ industry: 'specific' }))).toBe('industryDetails');
    expect(nextStep('industryDetails', draft({ industry: 'specific' }))).toBe('tone');
    expect(nextStep('industry', draft({ industry: 'agnostic' }))).toBe('tone');
    expect(nextStep('tone', draft())).toBe('context');
    expect(nextStep('context', draft())).toBeNull();
  });

  it('Back from industry returns to seniority for a specific persona, else to persona type', () => {
    expect(previousStep('industry', draft({ persona: 'specific' }))).toBe('seniority');
    expect(previousStep('industry', draft({ persona: 'generic' }))).toBe('personaType');
  });

  it('Back from tone returns to industry details for a specific industry, else to industry', () => {
    expect(previousStep('tone', draft({ industry: 'specific' }))).toBe('industryDetails');
    expect(previousStep('tone', draft({ industry: 'agnostic' }))).toBe('industry');
  });

  it('Back from every other step goes one step up its branch; the first step has none', () => {
    expect(previousStep('targetCompany', draft())).toBeNull();
    expect(previousStep('prospectUrl', draft())).toBe('targetCompany');
    expect(previousStep('personaType', draft({ targetSpecificCompany: 'yes' }))).toBe('prospectUrl');
    expect(previousStep('personaType', draft({ targetSpecificCompany: 'no' }))).toBe('targetCompany');
    expect(previousStep('personaDetails', draft())).toBe('personaType');
    expect(previousStep('seniority', draft())).toBe('personaDetails');
    expect(previousStep('industryDetails', draft())).toBe('industry');
    expect(previousStep('context', draft())).toBe('tone');
  });

  it('needs a choice on choice steps and non-blank text on the detail steps (docs/product.md §5)', () => {
    expect(canContinue('targetCompany', draft())).toBe(false);
    expect(canContinue('targetCompany', draft({ targetSpecificCompany: 'no' }))).toBe(true);
    expect(canContinue('prospectUrl', draft({ prospectCompanyUrl: '   ' }))).toBe(false);
    expect(canContinue('prospectUrl', draft({ prospectCompanyUrl: 'acme.com' }))).toBe(true);
    expect(canContinue('personaType', draft())).toBe(false);
    expect(canContinue('personaDetails', draft({ specificPersona: ' ' }))).toBe(false);
    expect(canContinue('personaDetails', draft({ specificPersona: 'CFO' }))).toBe(true);
    expect(canContinue('seniority', draft())).toBe(false);
    expect(canContinue('seniority', draft({ seniority: 'below' }))).toBe(true);
    expect(canContinue('industry', draft())).toBe(false);
    expect(canContinue('industryDetails', draft({ specificIndustry: '\t' }))).toBe(false);
    expect(canContinue('industryDetails', draft({ specificIndustry: 'SaaS' }))).toBe(true);
    expect(canContinue('tone', draft())).toBe(true);
    expect(canContinue('tone', draft({ tone: 101 }))).toBe(false);
    expect(canContinue('context', draft())).toBe(true);
  });

  it('counts progress along the branch the answers describe', () => {
    expect(pathOf(draft())).toEqual(['targetCompany', 'personaType', 'industry', 'tone', 'context']);
    const full = draft({ targetSpecificCompany: 'yes', persona: 'specific', industry: 'specific' });
    expect(pathOf(full)).toHaveLength(9);
    expect(progressOf('seniority', full)).toEqual({ position: 5, total: 9 });
    expect(progressOf('tone', draft())).toEqual({ position: 4, total: 5 });
  });
});

describe('tone (docs/product.md §5)', () => {
  it('labels the slider at the thresholds 20, 40, 60, 80', () => {
    expect(TONE_DEFAULT).toBe(50);
    expect([0, 20, 21, 40, 41, 60, 61, 80, 81, 100].map(toneLabel)).toEqual([
      'Very Casual',
      'Very Casual',
      'Casual',
      'Casual',
      'Balanced',
      'Balanced',
      'Professional',
      'Professional',
      'Very Professional',
      'Very Professional',
    ]);
  });
});

describe('toCustomization', () => {
  it('sends the answers of the chosen branches, trimmed', () => {
    expect(
      toCustomization(
        draft({
          targetSpecificCompany: 'yes',
          prospectCompanyUrl: ' globex.com ',
          persona: 'specific',
          specificPersona: ' VP Finance ',
          seniority: 'above',
          industry: 'specific',
          specificIndustry: 'SaaS ',
          tone: 80,
          additionalContext: ' Q3 push ',
          language: 'de',
        }),
      ),
    ).toEqual({
      targetSpecificCompany: 'yes',
      prospectCompanyUrl: 'globex.com',
      persona: 'specific',
      specificPersona: 'VP Finance',
      seniority: 'above',
      industry: 'specific',
      specificIndustry: 'SaaS',
      tone: 80,
      additionalContext: 'Q3 push',
      language: 'de',
    });
  });

  it('drops answers of branches the user left', () => {
    const c = toCustomization(
      draft({
        targetSpecificCompany: 'no',
        prospectCompanyUrl: 'globex.com',
        persona: 'generic',
        specificPersona: 'CFO',
        seniority: 'below',
        industry: 'agnostic',
        specificIndustry: 'Retail',
      }),
    );
    expect(c).toMatchObject({ prospectCompanyUrl: '', specificPersona: '', seniority: '', specificIndustry: '' });
  });
});

describe('email language (Last Step)', () => {
  it('offers Auto, English, German, French and Spanish, Auto first and by default', () => {
    expect(LANGUAGE_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ['auto', 'Auto (match the website)'],
      ['en', 'English'],
      ['de', 'German'],
      ['fr', 'French'],
      ['es', 'Spanish'],
    ]);
    expect(LANGUAGE_DEFAULT).toBe('auto');
    expect(emptyDraft().language).toBe('auto');
    expect(LANGUAGE_COPY).toEqual({ label: 'Email language', hint: 'Auto writes in the language of the website.' });
  });

  it('offers exactly the languages the API accepts', () => {
    expect(LANGUAGE_OPTIONS.map((option) => option.value)).toEqual(Customization.shape.language.unwrap().options);
  });

  it('is carried in the customization: auto by default, else the chosen language', () => {
    expect(toCustomization(draft()).language).toBe('auto');
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      expect(toCustomization(draft({ language })).language).toBe(language);
    }
    // What the wizard sends is a valid request customization as it is.
    expect(Customization.parse(toCustomization(draft({ language: 'fr' }))).language).toBe('fr');
  });

  it('reads a select value; anything unknown falls back to Auto', () => {
    expect(languageOf('es')).toBe('es');
    expect(languageOf('it')).toBe('auto');
    expect(languageOf('')).toBe('auto');
  });
});

describe('sellerOf (the prospect check judges fit against it)', () => {
  const classification = {
    function: 'accounts-payable',
    label: 'accounts payable',
    confidence: 0.59,
    kind: 'software' as const,
    alternatives: [],
    industries: [
      { industry: 'financial-services', label: 'financial services', confidence: 0.94 },
      { industry: 'software', label: 'software', confidence: 0.7 },
    ],
  };

  it("is the analysis's name, function and served industries (ids)", () => {
    expect(sellerOf({ companyName: 'Northwind Ledger', classification })).toEqual({
      companyName: 'Northwind Ledger',
      function: 'accounts-payable',
      industries: ['financial-services', 'software'],
    });
  });

  it('is undefined without a classification (Manual Entry) or an analysis', () => {
    expect(sellerOf({ companyName: 'Harbor Finch' })).toBeUndefined();
    expect(sellerOf(null)).toBeUndefined();
    expect(sellerOf({ companyName: '  ', classification })).toBeUndefined();
  });
});

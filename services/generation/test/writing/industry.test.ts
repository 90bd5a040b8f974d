/**
 * The industry a user types in the wizard, read as the playbook's industry only where the words
 * name it (src/writing/compose/brief.ts, industryOf); otherwise the emails say the user's own words.
 */
import type { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage } from '../../src/analysis/index.ts';
import { buildComposerBrief } from '../../src/writing/compose/brief.ts';
import { pagesOf } from '../support/fixture-sites.ts';

const analysis = analyseSite({ company: extractPage(pagesOf('ledgerly').index, 'https://ledgerly.example/') });

const CUSTOMIZATION: Customization = {
  persona: 'generic',
  specificPersona: '',
  seniority: '',
  industry: 'specific',
  specificIndustry: '',
  tone: 50,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'auto',
};

const industryOf = (typed: string, language: 'en' | 'fr' | 'es' | 'de' = 'en') =>
  buildComposerBrief({
    analysis,
    customization: { ...CUSTOMIZATION, specificIndustry: typed },
    language,
    sender: { firstName: 'Sam' },
  }).industry;

describe('a typed industry', () => {
  it.each([
    ['Real estate', 'real-estate'],
    ['Logistics', 'logistics'],
    ['Food retail', 'retail'],
    ['Hospitals', 'healthcare'],
  ])('"%s" is the playbook’s %s', (typed, id) => {
    expect(industryOf(typed).industry?.id).toBe(id);
  });

  it.each([
    ['Residential care', 'residential care'],
    ['Residential care homes', 'residential care homes'],
  ])('"%s" names no playbook industry by a word before its head: the user’s words are said', (typed, said) => {
    const industry = industryOf(typed);
    expect(industry.industry).toBeUndefined();
    expect(industry.said).toBe(said);
  });

  it('French and Spanish put the head first', () => {
    expect(industryOf('industrie automobile', 'fr').industry?.id).toBe('automotive');
    expect(industryOf('fabricantes de muebles', 'es').industry?.id).toBe('manufacturing');
  });

  it('typed in another language than the emails, by a function word, is not said (no English label in a Spanish sentence)', () => {
    const foreign = industryOf('Fruit and vegetables', 'es');
    expect(foreign.industry).toBeUndefined();
    expect(foreign.said).toBeUndefined();
    expect(industryOf('Frutas y hortalizas', 'es').said).toBe('frutas y hortalizas');
  });

  it('is said in lower case mid-sentence, acronyms kept', () => {
    expect(industryOf('Legal Services').said).toBe('legal services');
    expect(industryOf('NHS Residential Care').said).toBe('NHS residential care');
  });
});

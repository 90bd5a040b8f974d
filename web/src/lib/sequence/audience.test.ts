import { describe, expect, it } from 'vitest';
import { audienceLine, audienceOf } from './audience';

describe('who a sequence is for', () => {
  it('names prospect, persona and industry from the customization', () => {
    const c = {
      targetSpecificCompany: 'yes',
      prospectCompanyUrl: 'globex.com',
      persona: 'specific',
      specificPersona: 'VP Finance',
      seniority: 'above',
      industry: 'specific',
      specificIndustry: 'SaaS',
    } as const;
    expect(audienceOf(c)).toEqual({
      prospect: 'Globex',
      persona: 'VP Finance',
      seniority: 'Executive',
      industry: 'SaaS',
    });
    expect(audienceLine(c)).toBe('VP Finance at Globex · SaaS');
  });

  it('says "Any …" for generic choices and ignores answers of branches not taken', () => {
    expect(
      audienceLine({ persona: 'generic', specificPersona: 'CFO', industry: 'agnostic', specificIndustry: 'x' }),
    ).toBe('Any persona · Any industry');
    expect(audienceLine({ targetSpecificCompany: 'yes', prospectCompanyUrl: 'https://initech.io' })).toBe(
      'Any persona at Initech · Any industry',
    );
    expect(audienceLine(null)).toBe('Any persona · Any industry');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSequenceTitle, emailsOf } from './sequence';

describe('default saved title (docs/product.md §5)', () => {
  it('joins persona, seniority, industry and tone word, then "Sequence"', () => {
    expect(
      defaultSequenceTitle({
        persona: 'specific',
        specificPersona: 'VP Finance',
        seniority: 'above',
        industry: 'specific',
        specificIndustry: 'SaaS',
        tone: 20,
      }),
    ).toBe('VP Finance Executive SaaS Casual Sequence');
    expect(
      defaultSequenceTitle({ persona: 'specific', specificPersona: 'Ops lead', seniority: 'below', tone: 75 }),
    ).toBe('Ops lead Operational Formal Sequence');
  });

  it('uses the tone words only at ≤ 25 and ≥ 75', () => {
    expect(defaultSequenceTitle({ tone: 25 })).toBe('Casual Sequence');
    expect(defaultSequenceTitle({ tone: 26 })).toBe('Email Sequence');
    expect(defaultSequenceTitle({ tone: 74 })).toBe('Email Sequence');
    expect(defaultSequenceTitle({ tone: 75 })).toBe('Formal Sequence');
  });

  it('is "Email Sequence" with none of the parts', () => {
    expect(defaultSequenceTitle({ persona: 'generic', industry: 'agnostic', tone: 50, seniority: '' })).toBe(
      'Email Sequence',
    );
    expect(defaultSequenceTitle(null)).toBe('Email Sequence');
    expect(
      defaultSequenceTitle({ persona: 'generic', specificPersona: 'CFO', industry: 'agnostic', specificIndustry: 'x' }),
    ).toBe('Email Sequence');
  });
});

describe('emailsOf', () => {
  it('reads both stored shapes', () => {
    const emails = [{ subject: 's', body: 'b' }];
    expect(emailsOf(emails)).toBe(emails);
    expect(emailsOf({ sequence: emails })).toBe(emails);
  });
});

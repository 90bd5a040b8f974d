/**
 * A subject says what its email is about (compose.ts proofSubject, industrySubject): over a quote
 * whose customer the page does not name, that a customer speaks; over the industry email, the
 * industry — never a pain title the email does not tell (the SDR review of heldout-c, evening:
 * about 17 sequences with a subject over another body).
 */

import type { WritingLanguage } from '@seqgen/proto';
import { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage } from '../../src/analysis/index.ts';
import { framesFor, linesFor } from '../../src/playbook/frames.ts';
import { buildComposerBrief, type ComposerBrief } from '../../src/writing/compose/brief.ts';
import { composeChecked } from '../../src/writing/compose/variants.ts';
import { pagesOf } from '../support/fixture-sites.ts';

const analysis = analyseSite({ company: extractPage(pagesOf('ledgerly').index, 'https://ledgerly.example/') });

function brief(language: WritingLanguage, industry: string): ComposerBrief {
  const customization = Customization.parse({
    persona: 'generic',
    industry: 'specific',
    specificIndustry: industry,
    targetSpecificCompany: 'no',
  });
  return buildComposerBrief({ analysis, customization, language, sender: { firstName: 'Sam' } });
}

const options = (variants: Parameters<typeof linesFor>[0]) => linesFor(variants, 'neutral');

describe('subjects', () => {
  it('over a quote whose customer is not named: that a customer speaks, not a pain title', () => {
    const base = brief('en', 'Logistics');
    const anonymous = {
      customer: undefined,
      person: undefined,
      role: undefined,
      quote: 'We stopped chasing approvals the week we switched.',
      result: undefined,
      figures: [],
      angle: 0,
      industries: [],
    };
    // As the analysis would have verified it: the quote is one of the page's proofs.
    const checkContext = { ...base.checkContext, proofs: [{ text: anonymous.quote }], caseStudyCustomers: [] };
    const { sequence, checks } = composeChecked({ ...base, proofs: [anonymous], checkContext });
    const proofEmail = sequence.find((email) => email.body.includes(anonymous.quote));
    expect(proofEmail).toBeDefined();
    expect(options(framesFor('en').subjects.proofQuote)).toContain(proofEmail?.subject);
    expect(checks.status, checks.summary).not.toBe('fail');
  });

  it('over the industry email: the industry, in every language', () => {
    for (const [language, industry, label] of [
      ['en', 'Logistics', 'Logistics'],
      ['de', 'Logistik', 'Logistik'],
      ['fr', 'Logistique', 'Logistique'],
      ['es', 'Logística', 'Logística'],
    ] as const) {
      const base = brief(language, industry);
      expect(base.industry.industry?.id, language).toBe('logistics');
      // No proof and no pain left for the sixth email: it is about the industry alone.
      const { sequence } = composeChecked({ ...base, proofs: [], angles: base.angles.slice(0, 3) });
      const expected = options(framesFor(language).subjects.industry).map((line) => line.replace('{Industry}', label));
      expect(expected, language).toContain(sequence[5]?.subject);
    }
  });

  it('over a pain the user wrote: the noun phrase it is about, never a pronoun, an adverbial or half a clause', () => {
    const cases: [WritingLanguage, string, string | undefined][] = [
      ['en', 'Your last two productions never claimed the tax credit.', 'Last two productions'],
      ['en', 'You pay corporation tax every year but never know how much.', 'Corporation tax'],
      ['en', 'You find out about overspend too late.', 'Overspend'],
      ['en', 'Nobody could tell them whether the backups actually worked.', undefined],
      ['en', 'Peak season arrives and nobody can find forty extra people.', undefined],
      ['fr', 'Les relances reposent sur la mémoire de chacun.', 'Relances'],
      ['es', 'Los encargados los rellenaron a mano y dos están ilegibles.', 'Encargados'],
      ['de', 'Bei der letzten Prüfung hat der Prüfer die Belege beanstandet.', undefined],
      ['de', 'Ihr Rechnungseingang dagegen besteht noch immer aus einem Postfach.', 'Rechnungseingang'],
    ];
    for (const [language, pain, phrase] of cases) {
      const customization = Customization.parse({
        persona: 'generic',
        industry: 'agnostic',
        targetSpecificCompany: 'no',
      });
      const edited = { ...analysis, customerPains: [pain], solutions: [''], pairs: [], language };
      const built = buildComposerBrief({ analysis: edited, customization, language, sender: { firstName: 'Sam' } });
      const angle = built.angles.find((candidate) => candidate.pain === pain);
      expect(angle, pain).toBeDefined();
      expect(angle?.phrase && angle.phrase.charAt(0).toUpperCase() + angle.phrase.slice(1), pain).toBe(phrase);
    }
  });
});

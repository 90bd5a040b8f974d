/**
 * How a customer's proof is said in an email (compose/brief.ts proofsOf): a quote with a spam
 * filter's word in one sentence is quoted by its other sentences, and the customer is named as
 * people say it, without its legal form.
 */
import type { Analysis } from '@seqgen/proto';
import { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage } from '../../src/analysis/index.ts';
import { buildComposerBrief } from '../../src/writing/compose/brief.ts';
import { composeChecked } from '../../src/writing/compose/variants.ts';
import { pagesOf } from '../support/fixture-sites.ts';

const base = analyseSite({ company: extractPage(pagesOf('ledgerly').index, 'https://ledgerly.example/') });

function written(proof: NonNullable<Analysis['proofPoints']>[number]) {
  const analysis = { ...base, proofPoints: [proof] };
  const customization = Customization.parse({ persona: 'generic', industry: 'agnostic', targetSpecificCompany: 'no' });
  const brief = buildComposerBrief({ analysis, customization, language: 'en', sender: { firstName: 'Sam' } });
  return { brief, ...composeChecked(brief) };
}

describe('proof in the emails', () => {
  it('quotes the sentences of a testimonial a spam filter does not flag, and names the customer without its legal form', () => {
    const { brief, sequence, checks } = written({
      result:
        'Before Ledgerly nothing was guaranteed 100% free of errors. Now every supplier invoice is matched to its order before anyone approves it.',
      quote: true,
      person: 'Priya Raman, Group Controller',
      customer: 'Harlow Foods Ltd',
      confidence: 0.9,
    });
    expect(brief.proofs[0]?.quote).toBe(
      'Now every supplier invoice is matched to its order before anyone approves it.',
    );
    expect(brief.proofs[0]?.customer).toBe('Harlow Foods');
    const text = sequence.map((email) => email.body).join('\n');
    expect(text).toContain('Now every supplier invoice is matched to its order before anyone approves it.');
    expect(text).not.toMatch(/guaranteed|Harlow Foods Ltd/);
    expect(checks.status, checks.summary).not.toBe('fail');
  });

  it('drops a quote whose every sentence a spam filter flags, or what is left is too short to mean it', () => {
    const { brief } = written({
      result: 'Guaranteed results. 100% free.',
      quote: true,
      person: 'Priya Raman, Group Controller',
      customer: 'Harlow Foods',
      confidence: 0.9,
    });
    expect(brief.proofs).toEqual([]);
  });
});

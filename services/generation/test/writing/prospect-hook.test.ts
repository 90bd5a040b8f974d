/**
 * The prospect page's own sentence about the seller's topic opens the sequence (compose/brief.ts
 * hookOf): quoted as the page says it, only in the emails' language, and only a sentence that says
 * the seller's function's words; otherwise the opener is the one it was.
 */
import { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage, profileCompany } from '../../src/analysis/index.ts';
import { buildComposerBrief } from '../../src/writing/compose/brief.ts';
import { composeChecked } from '../../src/writing/compose/variants.ts';
import { pagesOf } from '../support/fixture-sites.ts';

const seller = analyseSite({ company: extractPage(pagesOf('ledgerly').index, 'https://ledgerly.example/') });

const customization = Customization.parse({
  persona: 'generic',
  industry: 'agnostic',
  targetSpecificCompany: 'yes',
  prospectCompanyUrl: 'https://brenner.example/',
});

function prospectPage(lang: string, body: string) {
  return extractPage(
    `<!doctype html><html lang="${lang}"><head><title>Brenner Logistics</title></head><body><h1>Brenner Logistics</h1>${body}</body></html>`,
    'https://brenner.example/',
  );
}

function write(prospectBody: string, lang = 'en') {
  const prospect = profileCompany(prospectPage(lang, prospectBody));
  const brief = buildComposerBrief({ analysis: seller, customization, language: 'en', prospect });
  return { brief, ...composeChecked(brief) };
}

const NEWS = `<h2>News</h2><ul>
  <li>We are opening a new distribution centre in Leeds next spring.</li>
  <li>Our finance team still keys every supplier invoice into the ERP by hand.</li>
  <li>Brenner Logistics won a regional award for road safety this year.</li>
</ul>`;

describe('the prospect page’s hook', () => {
  it('is the sentence about the seller’s topic, quoted in the intro, and the sequence passes its checks', () => {
    expect(seller.classification?.function).toBe('accounts-payable');
    const { brief, sequence, checks } = write(NEWS);
    expect(brief.prospect?.hook).toBe('Our finance team still keys every supplier invoice into the ERP by hand.');
    const intro = sequence[0]?.body ?? '';
    expect(intro).toMatch(/Brenner Logistics website.*"Our finance team still keys every supplier invoice/);
    expect(sequence.map((email) => email.body).join('\n')).not.toContain('Leeds');
    expect(checks.status).not.toBe('fail');
  });

  it('is nothing when no sentence says the topic, and the opener is the usual one', () => {
    const { brief, sequence } = write(`<h2>News</h2><ul>
      <li>We are opening a new distribution centre in Leeds next spring.</li>
      <li>Brenner Logistics won a regional award for road safety this year.</li></ul>`);
    expect(brief.prospect?.hook).toBeUndefined();
    expect(sequence[0]?.body).not.toContain('website');
  });

  it('is nothing when the prospect page is in another language than the emails', () => {
    const { brief } = write(
      `<h2>Aktuelles</h2><ul><li>Unsere Buchhaltung erfasst jede Lieferantenrechnung noch von Hand im ERP.</li></ul>`,
      'de',
    );
    expect(brief.prospect?.hook).toBeUndefined();
  });
});

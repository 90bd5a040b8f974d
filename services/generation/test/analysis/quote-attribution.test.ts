import type { ProofPoint } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite } from '../../src/analysis/builtin/analyse-site.ts';
import { extractPage, pageText } from '../../src/analysis/extraction/page.ts';

/**
 * Who said a quote, in the markup pages use for it: a <footer> or <cite> inside the blockquote, a
 * <figcaption> of the figure around it, an author line right after it. A quote is credited only
 * to whom the page ties it; the site's own footer stays out of the page text.
 */

const page = (body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><title>Tallybook | AP automation</title></head><body>
  <main><h1>AP automation for finance teams</h1>
  <p>Tallybook reads invoices and routes approvals so finance teams close the books faster.</p>
  <section><h2>What our customers say</h2>${body}</section></main>
  <footer class="site-footer"><p>Jane Doe, CEO, Tallybook Inc</p><p>Westbrook Foods, Globex Supply</p><p>© 2025 Tallybook, Inc.</p></footer>
  </body></html>`;

const proofsOf = (html: string): ProofPoint[] =>
  analyseSite({ company: extractPage(html, 'https://tallybook.test/') }).proofPoints ?? [];

const quoteOf = (html: string) => proofsOf(html).find((proof) => proof.quote);

describe('quote attributions in the markup pages use for them', () => {
  it.each([
    [
      'a <footer> inside the blockquote',
      `<blockquote><p>"We closed the books four days sooner."</p><footer>— Priya Raman, Controller at Harlow Foods</footer></blockquote>`,
    ],
    [
      'a <figcaption> of the figure around it',
      `<figure><blockquote><p>"We closed the books four days sooner."</p></blockquote><figcaption>— Priya Raman, Controller, Harlow Foods</figcaption></figure>`,
    ],
    [
      'a <cite> after the words, no quotation marks',
      `<blockquote><p>We closed the books four days sooner.</p><cite>Priya Raman, Controller, Harlow Foods</cite></blockquote>`,
    ],
    [
      'a <footer> holding a <cite> and a <br>',
      `<blockquote><p>We closed the books four days sooner.</p><footer><cite>Priya Raman</cite><br>Controller, Harlow Foods</footer></blockquote>`,
    ],
    [
      'a <p class="author"> right after the blockquote',
      `<blockquote><p>"We closed the books four days sooner."</p></blockquote><p class="author">Priya Raman, Controller at Harlow Foods</p>`,
    ],
    [
      'a <span> with a dash right after the blockquote',
      `<blockquote><p>"We closed the books four days sooner."</p></blockquote><span>— Priya Raman, Controller at Harlow Foods</span>`,
    ],
    [
      'name and role in separate elements of a figcaption',
      `<figure class="testimonial"><blockquote>We closed the books four days sooner.</blockquote><figcaption><strong>Priya Raman</strong><span>Controller, Harlow Foods</span></figcaption></figure>`,
    ],
  ])('%s', (_, body) => {
    expect(quoteOf(page(body))).toMatchObject({
      customer: 'Harlow Foods',
      person: 'Priya Raman, Controller',
      result: 'We closed the books four days sooner.',
    });
  });

  it('reads a German attribution ("Leiterin Buchhaltung bei Firma GmbH")', () => {
    const body = `<figure><blockquote><p>„Wir schließen den Monat vier Tage früher ab.“</p></blockquote><figcaption>— Anna Keller, Leiterin Buchhaltung bei Keller Logistik GmbH</figcaption></figure>`;
    const html = page(body, 'de');
    expect(quoteOf(html)).toMatchObject({
      customer: 'Keller Logistik GmbH',
      person: 'Anna Keller, Leiterin Buchhaltung',
    });
    expect(analyseSite({ company: extractPage(html, 'https://tallybook.test/') }).targetJobTitles).toContain(
      'Leiterin Buchhaltung',
    );
  });

  it('keeps dropping the site footer, names and all', () => {
    const html = page(`<p>Tallybook connects to NetSuite, Xero and QuickBooks in an afternoon.</p>`);
    const text = pageText(extractPage(html, 'https://tallybook.test/'), 10_000);
    expect(text).not.toContain('Jane Doe');
    expect(text).not.toContain('Westbrook Foods');
    const analysis = analyseSite({ company: extractPage(html, 'https://tallybook.test/') });
    expect(JSON.stringify(analysis)).not.toMatch(/Jane Doe|Westbrook|Globex/);
  });

  it('does not credit a quote followed by nothing to a customer named elsewhere', () => {
    const body = `<blockquote><p>"Nobody on my team wants to go back to the old way."</p></blockquote></section>
      <section><p>Harlow Foods, Brixton Dental</p></section>
      <section><div class="quote"><p>"Month-end is boring now, which is the point."</p></div>
      <div class="logos"><p>Cedar Hotels, Novamed Supply</p></div>`;
    expect(proofsOf(page(body)).filter((proof) => proof.quote)).toEqual([]);
  });

  it('does not take the site footer for the attribution of the last quote on the page', () => {
    const body = `<blockquote><p>"Nobody on my team wants to go back to the old way."</p></blockquote>`;
    expect(proofsOf(page(body))).toEqual([]);
  });
});

/**
 * The offer, said once (src/writing/compose/brief.ts offerOf): where the page shows no capability
 * the playbook knows, the reader still learns what the seller does, in the company's own words —
 * its description's sentence with the company as the subject, or the list after its name through
 * the `offer` frame. A tagline is not an offer, and nothing else from the description is said.
 */

import type { WritingLanguage } from '@seqgen/proto';
import { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage } from '../../src/analysis/index.ts';
import { buildComposerBrief } from '../../src/writing/compose/brief.ts';
import { composeChecked } from '../../src/writing/compose/variants.ts';

// The schema's defaults fill the rest, as for a request.
const customization = Customization.parse({ persona: 'generic', industry: 'agnostic', targetSpecificCompany: 'no' });

/** A page that says what the company is and what goes wrong for its buyers, with no feature cards. */
function page(lang: WritingLanguage, title: string, description: string, body: string) {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title>
    <meta name="description" content="${description}"></head><body>${body}</body></html>`;
}

function write(html: string, language: WritingLanguage) {
  const analysis = analyseSite({ company: extractPage(html, 'https://seller.example/') });
  const brief = buildComposerBrief({ analysis, customization, language, sender: { firstName: 'Sam' } });
  return { analysis, brief, ...composeChecked(brief) };
}

const lawFirm = page(
  'en',
  'Harwick Vane LLP | Employment lawyers for employers',
  'Harwick Vane LLP advises employers on employment law and defends them at employment tribunals.',
  `<h1>Employment law advice for employers</h1>
   <p>Harwick Vane is a team of employment solicitors for companies with 50 to 2,000 staff.</p>
   <h2>What employers tell us</h2><ul>
     <li>A tribunal claim arrives and nobody knows the deadline to respond.</li>
     <li>Our contracts and handbook are years out of date.</li>
     <li>Managers handle disciplinaries differently in every site.</li>
   </ul>`,
);

describe('the offer', () => {
  it('is the description said as it stands when the company is its subject, once, under the brand', () => {
    const { brief, sequence, checks } = write(lawFirm, 'en');
    expect(brief.offer?.sentence).toBe(
      'Harwick Vane advises employers on employment law and defends them at employment tribunals.',
    );
    const text = sequence.map((email) => email.body).join('\n');
    expect(text.split(brief.offer?.sentence ?? '-').length - 1).toBe(1);
    expect(text).not.toContain('Harwick Vane LLP advises');
    expect(checks.status).not.toBe('fail');
  });

  it.each([
    [
      'en',
      'Sablecrest: Multi-currency accounts, supplier payments and forward contracts for UK importers.',
      'Here is what Sablecrest offers: multi-currency accounts, supplier payments and forward contracts for UK importers.',
    ],
    [
      'de',
      'Sablecrest: Fremdwährungskonten, Lieferantenzahlungen und Devisentermingeschäfte für Importeure.',
      'Das bietet Sablecrest: Fremdwährungskonten, Lieferantenzahlungen und Devisentermingeschäfte für Importeure.',
    ],
    [
      'fr',
      'Sablecrest: Comptes multidevises, paiements fournisseurs et couverture de change pour les importateurs.',
      'Voici ce que propose Sablecrest : comptes multidevises, paiements fournisseurs et couverture de change pour les importateurs.',
    ],
    [
      'es',
      'Sablecrest: Cuentas multidivisa, pagos a proveedores y coberturas de cambio para importadores.',
      'Esto es lo que ofrece Sablecrest: cuentas multidivisa, pagos a proveedores y coberturas de cambio para importadores.',
    ],
  ] as const)('is the list after the name, through the offer frame (%s)', (language, description, expected) => {
    const html = page(language, 'Sablecrest', description, '<h1>Sablecrest</h1>');
    const { brief, sequence } = write(html, language);
    expect(brief.offer?.phrase).toBeDefined();
    expect(sequence.map((email) => email.body).join('\n')).toContain(expected);
  });

  it('is not a tagline, a datasheet label, a paragraph, what the company is, or an ask', () => {
    for (const description of [
      'The future of employment law.',
      'Harwick Vane: HX-40 datasheet: triaxial vibration sensor.',
      // What the company is, not what it offers ("Here is what Harwick Vane offers: employment solicitors…").
      'Harwick Vane: Employment solicitors for employers with 50 to 2,000 staff.',
      // An ask of its own would be the email's second.
      'Harwick Vane advises employers on employment law, so book a call with our team today.',
      `Harwick Vane advises employers ${'on contracts, handbooks, disciplinaries, grievances, redundancies and restructuring, '.repeat(3)}and tribunal claims.`,
    ]) {
      // Nothing else on the page says what the company does in a sentence of its own.
      const html = page('en', 'Harwick Vane', description, '<h1>Employment law</h1><ul><li>Tribunal claims.</li></ul>');
      expect(write(html, 'en').brief.offer, description).toBeUndefined();
    }
  });

  it('is not said in another language than the emails', () => {
    expect(write(lawFirm, 'de').brief.offer).toBeUndefined();
  });
});

describe('page words an email could never pass with are not used', () => {
  it('an offer sentence with a spam word, and a customer result with one, are left out', () => {
    const html = page(
      'en',
      'Harwick Vane LLP | Employment lawyers for employers',
      'Harwick Vane LLP gives employers guaranteed results at employment tribunals.',
      `<h1>Employment law advice for employers</h1>
       <h2>What employers tell us</h2><ul>
         <li>A tribunal claim arrives and nobody knows the deadline to respond.</li>
         <li>Managers handle disciplinaries differently in every site.</li></ul>`,
    );
    const analysis = analyseSite({ company: extractPage(html, 'https://seller.example/') });
    const brief = buildComposerBrief({
      analysis: {
        ...analysis,
        proofPoints: [
          { customer: 'Acme Foods', result: 'Acme Foods won 100% guaranteed results at every tribunal.', figures: [] },
          {
            customer: 'Brightwell Care',
            result: 'Brightwell Care settled 9 of 10 claims before a hearing.',
            figures: [],
          },
        ],
      },
      customization,
      language: 'en',
    });
    expect(brief.offer).toBeUndefined();
    expect(brief.proofs.map((proof) => proof.customer)).toEqual(['Brightwell Care']);
    expect(composeChecked(brief).checks.status).not.toBe('fail');
  });

  it('a result the sentences check fails (no verb) is left out; a quote is the customer’s words and kept', () => {
    const analysis = analyseSite({ company: extractPage(lawFirm, 'https://seller.example/') });
    const brief = buildComposerBrief({
      analysis: {
        ...analysis,
        proofPoints: [
          { customer: 'Acme Foods', result: 'Acme Foods: nine tribunal wins in a row, zero settlements.', figures: [] },
          {
            customer: 'Brightwell Care',
            result: 'Best advice we ever had, every single time.',
            quote: true,
            figures: [],
          },
        ],
      },
      customization,
      language: 'en',
    });
    expect(brief.proofs.map((proof) => proof.customer)).toEqual(['Brightwell Care']);
  });
});

describe('a description that is not a list of offers is not said as one', () => {
  it.each([
    ['a badge line', 'Sablecrest: Fremdwährungskonten · Mitglied im Bankenverband · Partner der Importeure.', 'de'],
    [
      'a problem told to the reader',
      'Sablecrest: Your suppliers wait weeks for payments and nobody knows the rate.',
      'en',
    ],
    ['credentials in a list', 'Sablecrest: ISO 27001 certified, member of UK Finance, payments to 94 countries.', 'en'],
  ] as const)('%s', (_kind, description, language) => {
    const html = page(language, 'Sablecrest', description, '<h1>Sablecrest</h1>');
    const { brief } = write(html, language);
    expect(brief.offer).toBeUndefined();
  });
});

import type { ProofPoint } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite } from '../../src/analysis/builtin/analyse-site.ts';
import { extractPage } from '../../src/analysis/extraction/page.ts';

/**
 * A result told as a before and an after ("paid in 2 days instead of 19", "from 19 days to 2")
 * is a result without any result verb; a claim with neither a comparison nor a figure is not.
 */

const page = (stories: string) =>
  `<!doctype html><html lang="en"><head><title>Fieldbook | Field service software</title></head><body>
  <main><h1>Field service software for contractors</h1>
  <p>Fieldbook puts scheduling, dispatch and invoicing in one app for HVAC and plumbing contractors.</p>
  <section><h2>Invoice on site</h2><p>Techs send the invoice from the van before they leave, so jobs are billed the same day.</p></section>
  <section><h2>Customer stories</h2>${stories}</section></main></body></html>`;

const proofsOf = (html: string): ProofPoint[] =>
  analyseSite({ company: extractPage(html, 'https://fieldbook.test/') }).proofPoints ?? [];

const card = (heading: string, text: string) => `<div class="card"><h3>${heading}</h3><p>${text}</p></div>`;

describe('results told as a before and an after', () => {
  it.each([
    ['Copperline Plumbing', 'Copperline Plumbing now gets paid in 2 days instead of 19.'],
    ['Copperline Plumbing', 'Invoices now go out the same day instead of a week later.'],
    ['Copperline Plumbing', 'From 19 days to 2: every invoice is sent before the tech leaves the job.'],
    ['Northbay Heating & Air', 'Second trips for parts went from 1 in 5 to 1 in 20.'],
  ])('%s: %s', (customer, sentence) => {
    const proofs = proofsOf(page(card(customer, sentence)));
    expect(proofs).toContainEqual(expect.objectContaining({ customer, result: sentence }));
  });

  it('credits the customer the sentence names over the card it sits in', () => {
    const proofs = proofsOf(
      page(card('Results from the field', 'Copperline Plumbing now gets paid in 2 days instead of 19.')) +
        '<img src="/copperline.png" alt="Copperline Plumbing logo">',
    );
    expect(proofs).toContainEqual(expect.objectContaining({ customer: 'Copperline Plumbing' }));
  });

  it('reads German before/after results', () => {
    const html = `<!doctype html><html lang="de"><head><title>Werkbuch | Software für Handwerksbetriebe</title></head><body>
      <main><h1>Die Auftragsverwaltung für Handwerksbetriebe</h1>
      <p>Werkbuch bündelt Termine, Einsätze und Rechnungen in einer App für Elektro- und SHK-Betriebe.</p>
      <section><h2>Referenzen</h2>
      ${card('Elektro Brandl GmbH', 'Rechnungen gehen jetzt am selben Tag raus statt eine Woche später.')}
      ${card('Haustechnik Sommer', 'Die Zahlungsfrist sank von 21 auf 9 Tage.')}
      </section></main></body></html>`;
    const proofs = analyseSite({ company: extractPage(html, 'https://werkbuch.test/') }).proofPoints ?? [];
    expect(proofs).toContainEqual(expect.objectContaining({ customer: 'Elektro Brandl GmbH' }));
    expect(proofs).toContainEqual(
      expect.objectContaining({ customer: 'Haustechnik Sommer', result: 'Die Zahlungsfrist sank von 21 auf 9 Tage.' }),
    );
  });

  it('keeps rejecting vague claims without a comparison or a figure', () => {
    for (const sentence of [
      'Faster than ever.',
      'Copperline Plumbing now gets paid faster than ever.',
      'Invoices go out instead of sitting in the truck.',
      'From paper to tablets: the whole crew is on board.',
    ]) {
      expect(proofsOf(page(card('Copperline Plumbing', sentence))), sentence).toEqual([]);
    }
  });

  it('credits no one when neither the sentence nor its card names a customer', () => {
    const html = page(card('Invoicing', 'Invoices now go out the same day instead of a week later.'));
    expect(proofsOf(html)).toEqual([]);
    // A feature section, not a story: its Title Case heading is a feature's name, not a customer's.
    const feature = page('').replace(
      '<section><h2>Invoice on site</h2>',
      '<section><h2>Truck Stock</h2><p>Techs now restock in 10 minutes instead of 2 hours.</p>',
    );
    expect(proofsOf(feature)).toEqual([]);
  });
});

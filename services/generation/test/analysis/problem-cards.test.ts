import { describe, expect, it } from 'vitest';
import { analyseSite } from '../../src/analysis/builtin/analyse-site.ts';
import { extractPage } from '../../src/analysis/extraction/page.ts';

/**
 * Problem cards whose heading is a thing and what is wrong with it ("Promotions that never reach
 * the shelf"): the email tells the card's explanation, a sentence, never the heading pasted as one.
 */

const site = (cards: string) =>
  analyseSite({
    company: extractPage(
      `<!doctype html><html lang="en"><head><title>ShelfSense | Shelf analytics for consumer brands</title></head><body><main>
        <section><h1>Know what's on the shelf in every store</h1><p>ShelfSense turns the photos your field reps take into out-of-stock and promotion reports for consumer brands.</p></section>
        <section><h2>Sound familiar?</h2><div class="cards">${cards}</div></section>
        <section><h2>How ShelfSense helps</h2><ul>
          <li><strong>Out-of-stock alerts</strong> send the rep an alert the same day a product goes missing from the shelf.</li>
          <li><strong>Promotion compliance</strong> checks each paid display against the agreement and flags the stores that skipped it.</li>
        </ul></section></main></body></html>`,
      'https://shelfsense.test/',
    ),
    caseStudies: undefined,
  });

describe('a problem card headed by a thing and a relative clause', () => {
  it('is told by its explanation', () => {
    const { customerPains } = site(`
      <div class="card"><h3>Out-of-stocks you hear about too late</h3><p>Your product sits in the back room while the shelf is empty, and you find out from the monthly sales report.</p></div>
      <div class="card"><h3>Promotions that never reach the shelf</h3><p>You pay retailers for displays that were never built, and nobody can prove it.</p></div>`);
    expect(customerPains).toEqual([
      'Your product sits in the back room while the shelf is empty, and you find out from the monthly sales report.',
      'You pay retailers for displays that were never built, and nobody can prove it.',
    ]);
  });

  it('keeps a heading that is a sentence of its own', () => {
    const { customerPains } = site(`
      <div class="card"><h3>Displays get paid for and never built</h3><p>Retailers invoice for end caps that nobody ever checks.</p></div>
      <div class="card"><h3>Empty shelves go unnoticed for weeks</h3><p>The monthly sales report is the first place anyone sees it.</p></div>`);
    expect(customerPains).toEqual(['Displays get paid for and never built.', 'Empty shelves go unnoticed for weeks.']);
  });
});

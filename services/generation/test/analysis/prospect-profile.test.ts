/**
 * A prospect's profile (src/analysis/prospect.ts profileProspect): the industry the prospect is in,
 * which the emails name ("<Industry>: what is different"), not the industries it sells to.
 */
import { describe, expect, it } from 'vitest';
import { profileProspect } from '../../src/analysis/prospect.ts';
import { extract } from './support/pages.ts';

describe('a prospect’s industries', () => {
  it('a food maker that supplies supermarkets is in food: its customers’ retail counts for less', () => {
    const page = extract(
      '<h1>Fresh food, cooked properly, in volume.</h1>' +
        '<p>Copperfield Kitchen is an employee-owned maker of chilled soups and fresh pasta sauces. We supply own-label ranges to three UK supermarket chains and our own brand to independent grocers and farm shops.</p>' +
        '<p>640 colleagues at two sites in Lincolnshire.</p>',
      { title: 'Copperfield Kitchen | Chilled soups and pasta sauces for UK retailers' },
    );
    const { industries } = profileProspect(page);
    expect(industries[0]).toBe('food-beverage');
    // What it sells to is said, but counts for less than what it is.
    expect(industries).not.toContain('retail');
  });

  it('a retailer is still retail', () => {
    const page = extract(
      '<h1>Garden centres across the South West</h1><p>Tamarisk runs 14 garden centre stores with cafés and online shopping for click and collect.</p>',
      { title: 'Tamarisk Garden Centres | 14 stores across the South West' },
    );
    expect(profileProspect(page).industries[0]).toBe('retail');
  });
});

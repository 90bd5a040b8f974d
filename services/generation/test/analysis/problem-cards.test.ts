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

const rostra = (problem: string) =>
  analyseSite({
    company: extractPage(
      `<!doctype html><html lang="en"><head><title>Rostra | Staff scheduling for care homes</title></head><body><main>
        <section><h1>Rotas that fill themselves</h1><p>Rostra is staff scheduling software for care homes and home-care providers.</p></section>
        <section><h2>The problem with rotas today</h2><p>${problem}</p></section>
        <section><h2>Features</h2><div class="grid">
          <div><h3>Auto-rota</h3><p>Builds a four-week rota around contracts, skills and leave in under five minutes.</p></div>
          <div><h3>Shift fill</h3><p>When someone calls in sick, Rostra offers the shift to qualified bank staff by text and books the first to accept.</p></div>
          <div><h3>Ratio checks</h3><p>Warns you before you publish a rota that drops below your safe staffing ratio on any shift.</p></div>
          <div><h3>Staff app</h3><p>Carers see their shifts, swap with colleagues and request leave from their phone.</p></div>
        </div></section></main></body></html>`,
      'https://rostra.test/',
    ),
    caseStudies: undefined,
  });

describe('a paragraph under a problem heading', () => {
  it('gives each problem it tells, a listing sentence one per clause', () => {
    const { customerPains } = rostra(
      'Most care home managers still build rotas in spreadsheets. Every sick call means an hour on the phone, agency staff cost twice as much as your own, and nobody is sure the rota meets safe staffing ratios until the inspector asks.',
    );
    expect(customerPains).toEqual(
      expect.arrayContaining([
        'Most care home managers still build rotas in spreadsheets.',
        'Every sick call means an hour on the phone.',
        'Nobody is sure the rota meets safe staffing ratios until the inspector asks.',
      ]),
    );
  });

  it('leaves out what the company does and what it promises', () => {
    const { customerPains } = rostra(
      'Rostra was built by care home managers who had enough of spreadsheets. With Rostra, you will never chase cover again, and every rota is safe before it is published. We built it for you.',
    );
    expect(customerPains.join(' ')).not.toMatch(/Rostra|never chase|We built/);
  });
});

describe('a card whose text opens with its verb', () => {
  it('gets its subject: the card, or the company when the card is named in the plural', () => {
    const { solutions } = rostra(
      'Most care home managers still build rotas in spreadsheets. Every sick call means an hour on the phone, agency staff cost twice as much as your own, and nobody is sure the rota meets safe staffing ratios until the inspector asks.',
    );
    expect(solutions).toEqual(
      expect.arrayContaining([
        'Auto-rota: Auto-rota builds a four-week rota around contracts, skills and leave in under five minutes.',
      ]),
    );
    const all = analyseSite({
      company: extractPage(
        `<!doctype html><html lang="en"><head><title>Rostra | Rotas</title></head><body><main>
          <section><h2>Sound familiar?</h2><ul><li>Nobody checks the staffing ratio until the inspector asks.</li><li>Rotas take a whole Sunday to build by hand.</li></ul></section>
          <section><h2>Features</h2><div class="grid">
            <div><h3>Ratio checks</h3><p>Warns you before you publish a rota that drops below your safe staffing ratio on any shift.</p></div>
            <div><h3>Auto-rota</h3><p>Builds a four-week rota around contracts, skills and leave in under five minutes.</p></div>
          </div></section></main></body></html>`,
        'https://rostra.test/',
      ),
      caseStudies: undefined,
    });
    expect(all.solutions.join(' ')).toContain('Rostra warns you before you publish a rota');
    // Text that has its own subject is left as it is.
    expect(solutions.join(' ')).toContain('Carers see their shifts');
  });
});

describe('a customer result that names a capability', () => {
  it('is credited to that capability, not to one it shares words with', () => {
    const { proofPoints } = analyseSite({
      company: extractPage(ROSTRA_PAGE, 'https://rostra.test/'),
      caseStudies: undefined,
    });
    const willow = proofPoints?.find((proof) => proof.result.includes('62%'));
    expect(willow?.result).toContain('after switching to Rostra shift fill');
    expect(willow?.solution).toMatch(/^Shift fill:/);
  });
});

/** A care-home rota site as such sites are written: a problem paragraph, feature cards, a story. */
const ROSTRA_PAGE = `<!doctype html><html lang="en"><head><title>Rostra | Staff scheduling for care homes</title>
<meta name="description" content="Rostra builds fair, compliant rotas for care homes in minutes and fills last-minute gaps from your own bank staff."></head>
<body><header><a href="/">Rostra</a><nav><a href="/features">Features</a><a href="/customers">Customers</a></nav></header>
<main>
<section><h1>Rotas that fill themselves</h1><p>Rostra is staff scheduling software for care homes and home-care providers. Build a compliant four-week rota in minutes and fill sick-day gaps before the shift starts.</p></section>
<section><h2>The problem with rotas today</h2>
<p>Most care home managers still build rotas in spreadsheets. Every sick call means an hour on the phone, agency staff cost twice as much as your own, and nobody is sure the rota meets safe staffing ratios until the inspector asks.</p></section>
<section><h2>Features</h2>
<div class="grid">
<div><h3>Auto-rota</h3><p>Builds a four-week rota around contracts, skills and leave in under five minutes.</p></div>
<div><h3>Shift fill</h3><p>When someone calls in sick, Rostra offers the shift to qualified bank staff by text and books the first to accept.</p></div>
<div><h3>Ratio checks</h3><p>Warns you before you publish a rota that drops below your safe staffing ratio on any shift.</p></div>
<div><h3>Staff app</h3><p>Carers see their shifts, swap with colleagues and request leave from their phone.</p></div>
</div></section>
<section class="stats"><div><strong>62%</strong><span>less agency spend</span></div><div><strong>5 min</strong><span>to build a month's rota</span></div></section>
<section><h2>Customer stories</h2>
<article><h3>Willow Court Care Group</h3><p>Willow Court cut agency spend by 62% in six months across its nine homes after switching to Rostra shift fill.</p>
<blockquote>"I used to spend Sunday evenings on the rota. Now it's done before my coffee."</blockquote><p class="author">Helen Brooks, Registered Manager, Willow Court</p></article>
</section>
</main>
<footer>Rostra Ltd · Leeds · Privacy</footer></body></html>`;

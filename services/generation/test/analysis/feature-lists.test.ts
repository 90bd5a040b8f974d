import { describe, expect, it } from 'vitest';
import { analyseSite } from '../../src/analysis/builtin/analyse-site.ts';
import { extractPage } from '../../src/analysis/extraction/page.ts';

/**
 * Feature lists as sites write them: "Label: what it does" and "Label — what it does" items with
 * no bold around the label, definition lists, and cards. Each item is a capability named by its
 * label (never by the section's heading), and each pain is paired with the item that answers it.
 */

const page = (body: string, lang = 'en') =>
  extractPage(
    `<!doctype html><html lang="${lang}"><head><title>Ledgerly | AP automation</title></head><body><main>${body}</main></body></html>`,
    'https://ledgerly.test/',
  );

const PROBLEMS = `
  <section><h2>Sound familiar?</h2><ul>
    <li>We key invoices in by hand, line by line, from PDFs and paper.</li>
    <li>Approvals stall in someone's inbox while late fees pile up.</li>
    <li>Duplicate and overbilled invoices get paid before anyone notices.</li>
  </ul></section>`;

// The approval item first: a pairing that takes the first capability, or any, pairs it wrongly.
const FEATURES = `
  <section><h2>What Ledgerly does</h2><ul>
    <li>Approval routing: sends each invoice to the right approver by amount and cost centre.</li>
    <li>Three-way match: checks invoice, PO and receipt before anything is paid.</li>
    <li>Invoice capture: reads PDF and emailed invoices and fills every field in seconds.</li>
  </ul></section>`;

describe('labels set off by a colon or a dash, without bold', () => {
  it('are the lead of each item in a list of them', () => {
    const { blocks } = page(FEATURES);
    expect(blocks.filter((block) => block.kind === 'li').map((block) => block.lead)).toEqual([
      'Approval routing',
      'Three-way match',
      'Invoice capture',
    ]);
    const dashes = page(`<section><h2>Built for the van</h2><ul>
      <li>Truck stock — every van's parts list updates as techs use them.</li>
      <li>Offline mode – job details and forms keep working without signal.</li>
      <li>Job checklists - the same maintenance steps on every visit, with photos.</li></ul></section>`);
    expect(dashes.blocks.filter((block) => block.kind === 'li').map((block) => block.lead)).toEqual([
      'Truck stock',
      'Offline mode',
      'Job checklists',
    ]);
  });

  it('are read in a row of paragraphs too, but one "Note: …" on its own is just a sentence', () => {
    const cards = page(`<section><h2>Secure by design</h2><div>
      <p>Hosting in Germany: every record stays in an ISO 27001 data centre in Frankfurt.</p>
      <p>Roles and rights: each manager sees only the documents of their own team.</p></div></section>`);
    expect(cards.blocks.filter((block) => block.kind === 'p').map((block) => block.lead)).toEqual([
      'Hosting in Germany',
      'Roles and rights',
    ]);
    const single = page(
      '<section><h2>Pricing</h2><p>Note: prices are per user and month, billed annually.</p></section>',
    );
    expect(single.blocks.find((block) => block.kind === 'p')?.lead).toBeUndefined();
  });
});

describe('capabilities from feature lists', () => {
  it('are one per item, named by the item and never by the section heading', () => {
    const analysis = analyseSite({ company: page(PROBLEMS + FEATURES) });
    const names = analysis.solutions.map((solution) => solution.split(': ')[0]);
    expect(names).toEqual(expect.arrayContaining(['Approval routing', 'Three-way match', 'Invoice capture']));
    expect(JSON.stringify(analysis)).not.toMatch(/What Ledgerly does/);
  });

  it('keep the label as the subject of a description that starts with its verb', () => {
    const analysis = analyseSite({ company: page(PROBLEMS + FEATURES) });
    expect(analysis.solutions).toContain(
      'Invoice capture: Invoice capture reads PDF and emailed invoices and fills every field in seconds.',
    );
  });

  it('never take a heading like "How it works" or "Features" for a capability name', () => {
    const analysis = analyseSite({
      company: page(`${PROBLEMS}
        <section><h2>Features</h2><p>Ledgerly reads every invoice that reaches your AP inbox and fills in each field for you.</p></section>
        <section><h2>How it works</h2><ol><li>Forward your AP inbox to Ledgerly.</li><li>Set your approval rules once.</li><li>Pay approved invoices in one batch.</li></ol></section>`),
    });
    const everything = JSON.stringify(analysis);
    expect(everything).not.toMatch(/Features:|How it works|Forward your AP inbox/);
  });

  it('from a definition list, only where the section is about the product', () => {
    const analysis = analyseSite({
      company: page(`
        <section><h2>The problem</h2><dl>
          <dt>Missed arrival windows</dt><dd>Technicians arrive hours late and customers call the office to complain.</dd>
          <dt>Paper work orders</dt><dd>Work orders ride around in the truck for a week before anyone bills the job.</dd></dl></section>
        <section><h2>Everything in one app</h2><dl>
          <dt>On-my-way texts</dt><dd>Live arrival times, sent by text.</dd>
          <dt>Invoice on site</dt><dd>Techs bill the job from the price book and take the card payment on the spot.</dd></dl></section>`),
    });
    const names = analysis.solutions.map((solution) => solution.split(': ')[0]);
    expect(names).not.toContain('Missed arrival windows');
    expect(names).not.toContain('Paper work orders');
    expect(names).toEqual(expect.arrayContaining(['On-my-way texts', 'Invoice on site']));
  });
});

describe('pairing a pain with the item that answers it', () => {
  it('by the words and concepts they share, not by position', () => {
    const analysis = analyseSite({ company: page(PROBLEMS + FEATURES) });
    const solutionFor = (pain: RegExp) =>
      analysis.solutions[analysis.customerPains.findIndex((sentence) => pain.test(sentence))] ?? '';
    expect(solutionFor(/key invoices in by hand/)).toMatch(/^Invoice capture:/);
    expect(solutionFor(/Approvals stall/)).toMatch(/^Approval routing:/);
    expect(solutionFor(/Duplicate/)).toMatch(/^Three-way match:/);
    // Its short form is the whole subject, not the lone "duplicate" before "and".
    expect(analysis.painPhrases).toContainEqual({
      pain: 'Duplicate and overbilled invoices get paid before anyone notices.',
      phrase: 'duplicate and overbilled invoices',
    });
  });

  it('by what the words mean when the pain and the item share none but "invoice"', () => {
    const analysis = analyseSite({
      company: page(`<section><h2>Sound familiar?</h2><ul>
        <li>We key invoices in by hand.</li>
        <li>Approvals stall in someone's inbox.</li></ul></section>
        <section><h2>What Ledgerly does</h2><ul>
        <li>Approval routing: sends each invoice to the right approver by amount and cost centre.</li>
        <li>Three-way match: checks invoice, PO and receipt before anything is paid.</li>
        <li>Smart inbox: reads PDF and emailed invoices and fills every field in seconds.</li></ul></section>`),
    });
    const solutionFor = (pain: RegExp) =>
      analysis.solutions[analysis.customerPains.findIndex((sentence) => pain.test(sentence))] ?? '';
    expect(solutionFor(/key invoices in by hand/)).toMatch(/^Smart inbox:/);
    expect(solutionFor(/Approvals stall/)).toMatch(/^Approval routing:/);
  });

  it('tells a first-person problem ("We key invoices…") to the reader', () => {
    const analysis = analyseSite({ company: page(PROBLEMS + FEATURES) });
    expect(analysis.customerPains).toContain('You key invoices in by hand, line by line, from PDFs and paper.');
  });

  it('in German too: "Label – Beschreibung" items, and "Wir …" told as "Sie …"', () => {
    const analysis = analyseSite({
      company: page(
        `<section><h2>Kennen Sie das?</h2><ul>
          <li>Wir suchen Arbeitsverträge und Bescheinigungen in drei verschiedenen Ordnern.</li>
          <li>Urlaubsanträge liegen tagelang unbeantwortet im Postfach der Führungskraft.</li></ul></section>
        <section><h2>Was Teamanker kann</h2><ul>
          <li>Urlaubsplanung – Mitarbeitende stellen Anträge in der App, und die Führungskraft gibt sie mit einem Klick frei.</li>
          <li>Digitale Personalakte – alle Verträge, Bescheinigungen und Zeugnisse liegen an einem Ort.</li></ul></section>`,
        'de',
      ),
    });
    const solutionFor = (pain: RegExp) =>
      analysis.solutions[analysis.customerPains.findIndex((sentence) => pain.test(sentence))] ?? '';
    expect(analysis.customerPains).toContain(
      'Sie suchen Arbeitsverträge und Bescheinigungen in drei verschiedenen Ordnern.',
    );
    expect(solutionFor(/Arbeitsverträge/)).toMatch(/^Digitale Personalakte:/);
    expect(solutionFor(/Urlaubsanträge/)).toMatch(/^Urlaubsplanung:/);
    expect(JSON.stringify(analysis)).not.toMatch(/Was Teamanker kann/);
  });
});

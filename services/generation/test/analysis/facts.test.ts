/**
 * The facts a page states (src/analysis/facts/): the pains it says its customers have, the
 * capabilities it shows, the proof it gives (quotes credited only where the markup ties a name to
 * them, results credited to the customer their sentence names) and the job titles it sells to.
 */
import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../../src/analysis/facts/capabilities.ts';
import { statedPainsOf } from '../../src/analysis/facts/pains.ts';
import { peopleOf } from '../../src/analysis/facts/people.ts';
import { customersOf, parseByline, proofsOf } from '../../src/analysis/facts/proofs.ts';
import { readsAsSentence } from '../../src/analysis/facts/sentence.ts';
import type { ReadPage } from '../../src/analysis/read/roles.ts';
import { type FunctionPlaybook, playbook } from '../../src/playbook/index.ts';
import { analyse, entryOf, extract, indexOf, read } from './support/pages.ts';

const fn = (id: string) => playbook().functions.get(id) as FunctionPlaybook;
const AP = fn('accounts-payable');
const WAREHOUSE = fn('warehouse-operations');
const isSentence = (text: string) => readsAsSentence(text, 'en');
const painsOf = (page: ReadPage, playbookFn = AP, company = 'Ledgerly') =>
  statedPainsOf(page, playbookFn, company, isSentence);

const HERO =
  '<h1>Accounts payable without the paper</h1><p>Ledgerly reads, matches and routes every supplier invoice.</p>';

describe('stated pains', () => {
  it('the problems a page states as its customers’, matched to the playbook’s pains', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2><ul>` +
        '<li>Your AP team still keys every invoice into the ERP by hand.</li>' +
        '<li>Approvals sit in inboxes for weeks while suppliers chase you.</li></ul></section>',
    );
    const pains = painsOf(page);
    expect(pains.map((pain) => [pain.sentence, pain.pain?.id])).toEqual([
      ['Your AP team still keys every invoice into the ERP by hand.', 'manual-entry'],
      ['Approvals sit in inboxes for weeks while suppliers chase you.', 'approval-delays'],
    ]);
    expect(pains[0]?.block).toBe(indexOf(page, 'Your AP team still keys'));
    for (const pain of pains) expect(pain.confidence).toBeGreaterThan(0.5);
  });

  it('a feature headline, a price, a spec and an integration list are never pains, whatever their words', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2><ul><li>Your AP team still keys every invoice into the ERP by hand.</li></ul></section>` +
        '<section><h2>Features</h2>' +
        '<div class="card"><h3>Never chase an approval again</h3><p>Reminders go out until every invoice is signed off.</p></div>' +
        '<div class="card"><h3>Stop re-keying invoices</h3><p>Invoices are read and coded as they arrive.</p></div></section>' +
        '<section><h2>Pricing</h2><p>€49 per month. No more spreadsheets, no more late fees.</p></section>' +
        '<section><h2>Technical data</h2><table><tr><th>Late invoice alerts</th><td>every 24 h</td></tr></table></section>' +
        '<section><h2>Integrations</h2><ul><li>Excel and Google Sheets exports for your manual checks</li><li>Slack reminders when approvals are late</li></ul></section>',
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toEqual([
      'Your AP team still keys every invoice into the ERP by hand.',
    ]);
  });

  it('a bold pain with the company’s answer after it: the pain, and the answer kept beside it', () => {
    const page = read(
      `${HERO}<section><h2>The problem</h2><ul>` +
        '<li><strong>Invoices get paid twice.</strong> Ledgerly flags every duplicate before the payment run.</li>' +
        '<li><strong>Approvals stall for weeks.</strong> Invoices wait in an approver’s inbox until a supplier phones to chase.</li></ul></section>',
    );
    const [duplicate, stalled] = painsOf(page);
    expect(duplicate).toMatchObject({
      sentence: 'Invoices get paid twice.',
      answer: 'Ledgerly flags every duplicate before the payment run.',
    });
    expect(duplicate?.pain?.id).toBe('duplicate-payments');
    // What follows the lead complains further: it explains the pain, it does not answer it.
    expect(stalled?.answer).toBeUndefined();
    expect(stalled?.pain?.id).toBe('approval-delays');
  });

  it('"Tired of…?" under the hero headline is a stated pain', () => {
    const page = read(
      '<h1>Accounts payable, handled</h1><p>Tired of chasing invoice approvals?</p><h2>Features</h2><p>Reads invoices.</p>',
    );
    const pains = painsOf(page);
    expect(pains).toHaveLength(1);
    expect(pains[0]?.sentence).toMatch(/^Tired of chasing invoice approvals\?/);
    expect(pains[0]?.pain?.id).toBe('approval-delays');
  });

  it('a question stated as a pain keeps its question mark, with no full stop after it', () => {
    const page = read(
      '<h1>Accounts payable, handled</h1><p>Tired of chasing invoice approvals?</p><h2>Features</h2><p>Reads invoices.</p>',
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toEqual(['Tired of chasing invoice approvals?']);
  });

  it('questions put to the reader in a problem section are stated pains, even in words no cue knows', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2><ul>` +
        '<li>Suppliers who send the same invoice twice in one week?</li>' +
        '<li>Credit notes that nobody in the office can match?</li></ul></section>',
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toEqual([
      'Suppliers who send the same invoice twice in one week?',
      'Credit notes that nobody in the office can match?',
    ]);
  });

  it('"Tired of…?" as the hero headline itself is a stated pain', () => {
    const page = read(
      '<h1>Tired of chasing invoice approvals?</h1><p>Ledgerly routes every invoice to its approver.</p><h2>Features</h2><p>Reads invoices.</p>',
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toContain('Tired of chasing invoice approvals?');
  });

  it('a before/after table: the "before" cell is the pain, never the row’s label; a figure-led line is a stat', () => {
    const page = read(
      '<h1>Freight, booked in minutes</h1><section><h2>Before Ledgerly, and after</h2><table><thead><tr><th></th><th>Before Ledgerly</th><th>With Ledgerly</th></tr></thead><tbody>' +
        '<tr><th>Paperwork</th><td>Paper invoices turn up weeks late, so approvals wait too.</td><td>Every invoice is captured the day it arrives.</td></tr>' +
        '<tr><th>Approvals</th><td>Approvers lose invoices in their inboxes.</td><td>Approvals are routed and chased automatically.</td></tr></tbody></table></section>' +
        '<section><h2>Why it matters</h2><ul><li><strong>5×</strong> more expensive to win a supplier back than to keep one.</li></ul></section>',
    );
    const sentences = painsOf(page).map((pain) => pain.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Paper invoices turn up weeks late, so approvals wait too.',
        'Approvers lose invoices in their inboxes.',
      ]),
    );
    expect(sentences.some((sentence) => /^Paperwork|^Approvals\.|5×/.test(sentence))).toBe(false);
  });

  it('a before/after pair of plain lists (site-builder divs, no table): the "before" lines are pains, the "after" lines answers', () => {
    const page = read(
      '<div class="row"><div>Invoices paid on time, every time.</div><div>Ledgerly runs accounts payable for growing companies.</div></div>' +
        '<div class="row"><div>Accounts payable with and without us</div>' +
        '<div class="card"><div class="t">Without Ledgerly</div><div class="li">Supplier invoices sit in a shared inbox until someone has a spare hour.</div>' +
        '<div class="li">Every invoice is keyed into the ERP by hand, twice when the total is wrong.</div></div>' +
        '<div class="card"><div class="t">With Ledgerly</div><div class="li">Invoices are read the day they arrive.</div>' +
        '<div class="li">Totals are checked against the order before anyone approves.</div></div></div>',
    );
    const pains = painsOf(page);
    expect(pains.map((pain) => pain.sentence)).toEqual([
      'Supplier invoices sit in a shared inbox until someone has a spare hour.',
      'Every invoice is keyed into the ERP by hand, twice when the total is wrong.',
    ]);
    expect(entryOf(page, 'Invoices are read the day they arrive.').role).toBe('feature');
    expect(entryOf(page, 'Without Ledgerly').role).toBe('heading');
    // A label needs its other side: "Before you start" over a list of steps is no comparison.
    const steps = read(
      `${HERO}<div><div>Before you start</div><div>Export your supplier list as a spreadsheet file.</div><div>Invite the approvers of each cost centre.</div></div>`,
    );
    expect(painsOf(steps)).toEqual([]);
  });

  it('one paragraph with both sides ("Today: … With Ledgerly: …"): the first side is the pain, the second its answer', () => {
    const page = read(
      `${HERO}<section><h2>For every person in finance</h2>` +
        '<p>Today: approvers forward invoices by email and nobody knows which ones are still waiting. With Ledgerly: one queue per approver, chased every morning.</p>' +
        '<p>Hoy: nadie sabe qué facturas siguen pendientes de aprobar. Con Ledgerly: una cola por aprobador.</p></section>',
    );
    const pains = painsOf(page);
    expect(pains.map((pain) => [pain.sentence, pain.answer])).toEqual([
      [
        'Approvers forward invoices by email and nobody knows which ones are still waiting.',
        'One queue per approver, chased every morning.',
      ],
      ['Nadie sabe qué facturas siguen pendientes de aprobar.', 'Una cola por aprobador.'],
    ]);
  });

  it('a scene section keeps its kind when a button sits just above its heading', () => {
    const page = read(
      `${HERO}<a class="button" href="/demo">Book a demo</a><section><h2>A normal Monday</h2>` +
        '<p>The controller opens a shared inbox with two hundred supplier invoices in it. Half of them are keyed into the ERP by hand before lunch, and the rest wait until Thursday.</p></section>',
    );
    expect(entryOf(page, 'The controller opens a shared inbox').role).toBe('problem');
    expect(painsOf(page).length).toBeGreaterThan(0);
  });

  it('figures with their words in a findings section are pains ("6 minutes" + "is how long…", "1 in 3" + "…")', () => {
    const page = read(
      `${HERO}<section><h2>What we find when we audit a new client</h2>` +
        '<div class="stat"><b>38%</b><p>of the firms we audit pay at least one supplier invoice twice each quarter.</p></div>' +
        '<div class="stat"><b>9 days</b><p>is how long a typical invoice waits in an approver’s inbox.</p></div>' +
        '<div class="stat"><b>1 in 4</b><p>invoices arrives without a purchase order number.</p></div></section>',
    );
    const sentences = painsOf(page).map((pain) => pain.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        '9 days is how long a typical invoice waits in an approver’s inbox.',
        '1 in 4 invoices arrives without a purchase order number.',
      ]),
    );
    expect(sentences.some((sentence) => sentence.startsWith('38%'))).toBe(true);
  });

  it('a section about what clients live through before they call is a problem section, not a client list', () => {
    const page = read(
      `${HERO}<section><h2>What our clients go through before they call us</h2>` +
        '<p>Month end arrives and three hundred supplier invoices are still in a shared inbox, waiting for someone to key them in.</p></section>',
    );
    expect(entryOf(page, 'Month end arrives').role).toBe('problem');
  });

  it('an FAQ question in the client’s own words that complains is their pain, said back to the reader', () => {
    const faq = (lang: string, items: [string, string][]) =>
      read(
        `${HERO}<section><h2>FAQ</h2><div class="accordion">${items
          .map(
            ([question, answer]) =>
              `<div><button aria-expanded="false">${question}</button><div hidden><p>${answer}</p></div></div>`,
          )
          .join('')}</div></section>`,
        { lang },
      );
    const page = faq('en', [
      [
        'We pay our suppliers late every quarter because invoices sit in the inbox. Is that normal?',
        'It is common, and it should not be. We route every invoice to its approver the day it arrives.',
      ],
      ['Our last two audits never found the duplicate payments. Is it too late?', 'Often it is not.'],
      ['Do you tie clients into long contracts?', 'No: our contracts run month to month.'],
    ]);
    const sentences = painsOf(page).map((pain) => pain.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'You pay your suppliers late every quarter because invoices sit in the inbox.',
        'Your last two audits never found the duplicate payments.',
      ]),
    );
    // What the asker asks the seller is no pain, nor a question with no complaint in it, nor an answer.
    expect(sentences.join(' ')).not.toMatch(/too late|normal\?|contracts|It is common|route every invoice/);

    const german = faq('de', [
      ['Wir suchen jeden Monat die Belege von Hand zusammen. Ist das normal?', 'Das ist häufig, aber vermeidbar.'],
    ]);
    expect(painsOf(german).map((pain) => pain.sentence)).toContain(
      'Sie suchen jeden Monat die Belege von Hand zusammen.',
    );
  });

  it('an FAQ question in Spanish, whose verbs a word list cannot turn, keeps the client’s words', () => {
    const page = read(
      `${HERO}<section><h2>Preguntas frecuentes</h2>` +
        '<details><summary>En plena campaña, el camión que confirmé el lunes no aparece el jueves. ¿Con ustedes también pasa?</summary><p>Reservamos capacidad por temporada.</p></details>' +
        '<details><summary>¿Tienen pedido mínimo?</summary><p>Sin mínimo de palés.</p></details></section>',
      { lang: 'es' },
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toEqual([
      'En plena campaña, el camión que confirmé el lunes no aparece el jueves.',
    ]);
  });

  it('a common word that starts the seller’s name does not make a sentence the seller’s ("la cadena de frío" for Frío Almarjal)', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2><p>Your customer rejects pallets on arrival and nobody can prove the cold chain held.</p></section>`,
    );
    expect(painsOf(page, AP, 'Cold Chain Partners').map((pain) => pain.sentence)).toEqual([
      'Your customer rejects pallets on arrival and nobody can prove the cold chain held.',
    ]);
  });

  it('a short title line over a paragraph among the problems is read as the card’s heading', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2><div>Approvals in limbo</div>` +
        '<p>Invoices wait in a manager’s inbox for weeks while the supplier chases your team by phone.</p></section>',
    );
    const sentences = painsOf(page).map((pain) => pain.sentence);
    expect(sentences).toHaveLength(1);
    expect(sentences[0]).toMatch(/^Approvals in limbo: Invoices wait/);
  });

  it('sentences about the page itself or about what the company does are not pains', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2>` +
        '<p>If you run accounts payable, you will recognise this.</p>' +
        '<p>Each month we reconcile your supplier statements by hand for you.</p>' +
        '<p>Ledgerly still checks every invoice twice.</p>' +
        '<p>Your team still keys invoices by hand.</p></section>',
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toEqual(['Your team still keys invoices by hand.']);
  });

  it('a problem card: its heading names the problem, the first sentence under it explains it (a heading without a complaint word is said with it)', () => {
    const page = read(
      '<h1>Pick more, walk less</h1><p>Shelfwise directs every pick.</p><section><h2>Where the day goes</h2>' +
        '<div class="pain-card"><h3>Long walks between picks</h3><p>Pickers cross the building for every order. Paper lists make it worse.</p></div>' +
        '<div class="pain-card"><h3>Mispicks reach customers</h3><p>Wrong items go out and come back as returns.</p></div></section>',
    );
    const pains = statedPainsOf(page, WAREHOUSE, 'Shelfwise', isSentence);
    expect(pains.map((pain) => pain.sentence)).toEqual([
      'Long walks between picks: Pickers cross the building for every order.',
      'Mispicks reach customers: Wrong items go out and come back as returns.',
    ]);
    expect(pains.map((pain) => pain.pain?.id)).toEqual(['long-pick-walks', 'mispicks']);
  });

  it('a paragraph that names the seller goes on about it in "It scrubs…": no pain, whatever its words', () => {
    const page = read(
      '<h1>Get paid for the care you gave</h1><p>Claimsly is revenue cycle software for hospitals and clinics. It scrubs every claim before it goes out, works the denials that still come back and chases prior authorizations that stall.</p>' +
        '<section><h2>Sound familiar?</h2><ul><li>One claim in eight is denied the first time.</li></ul></section>',
    );
    const sentences = painsOf(page, fn('revenue-cycle'), 'Claimsly').map((pain) => pain.sentence);
    expect(sentences).toContain('One claim in eight is denied the first time.');
    expect(sentences.join(' ')).not.toMatch(/It scrubs/);
  });

  it('a bold lead the sentence goes on from is its subject, not a headline; a story’s opening about a person is no pain', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2>` +
        '<p><strong>Manual invoice entry</strong> eats two days of every week for your AP team.</p>' +
        '<p><strong>Tomasz</strong> runs accounts payable on his own. He keys every invoice by hand and still misses early-payment discounts.</p>' +
        '<p><strong>Yara</strong> is the controller.</p></section>',
    );
    const sentences = painsOf(page).map((pain) => pain.sentence);
    expect(sentences).toContain('Manual invoice entry eats two days of every week for your AP team.');
    // Said with the sentence that introduces him (a short paragraph: one thought).
    expect(sentences).toContain(
      'Tomasz runs accounts payable on his own. He keys every invoice by hand and still misses early-payment discounts.',
    );
    expect(sentences.join(' ')).not.toMatch(/Tomasz:|Yara/);
  });

  it('a complaint that leans on the sentence before it is said with it', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2>` +
        '<p>Your supplier master file was set up by a contractor in 2016. Nobody knows why half the vendors have two bank accounts.</p>' +
        '<p>Several suppliers invoice you in three currencies and the rates are keyed by hand. Nobody has checked them since the last audit.</p></section>',
    );
    expect(painsOf(page).map((pain) => pain.sentence)).toEqual([
      'Your supplier master file was set up by a contractor in 2016. Nobody knows why half the vendors have two bank accounts.',
      'Several suppliers invoice you in three currencies and the rates are keyed by hand. Nobody has checked them since the last audit.',
    ]);
  });

  it('"Le constat" tabs inside a section about something else state the page’s problems; "Avec …" tabs answer them', () => {
    const page = read(
      '<h1>Chaque facture au bon compte</h1><p>Factly relie vos achats et votre comptabilité.</p><section><h2>Un outil, deux métiers</h2>' +
        '<h3>Le constat</h3><p>Vos factures fournisseurs arrivent par courrier et sont saisies le vendredi soir.</p>' +
        '<h3>Avec Factly</h3><p>Chaque facture est lue à la réception et proposée au comptable.</p>' +
        '<h3>Le constat</h3><p>Vous découvrez les écarts de prix un mois après la clôture.</p>' +
        '<h3>Avec Factly</h3><p>Les écarts sont signalés dès la réception de la facture.</p></section>',
      { lang: 'fr' },
    );
    expect(
      statedPainsOf(page, AP, 'Factly', (text) => readsAsSentence(text, 'fr')).map((pain) => pain.sentence),
    ).toEqual([
      'Vos factures fournisseurs arrivent par courrier et sont saisies le vendredi soir.',
      'Vous découvrez les écarts de prix un mois après la clôture.',
    ]);
  });

  it('a customer’s quote about the pain it used to have is proof, not a stated pain', () => {
    const page = read(
      `${HERO}<section><h2>What our customers say</h2><blockquote>We used to key every invoice by hand and month-end was chaos.</blockquote>` +
        '<p>Tom Price, AP Manager, Arcadia Foods</p></section>',
    );
    expect(painsOf(page)).toEqual([]);
  });

  it('a card in a problem section that complains about nothing is the answer, not a pain', () => {
    const page = read(
      '<h1>Warehouse staff on demand</h1><p>We send pickers when you need them.</p><section><h2>The challenge</h2>' +
        '<div class="pain-card"><h3>Peaks nobody planned for</h3><p>Orders double overnight and agency staff never turn up.</p></div>' +
        '<div class="pain-card"><h3>Skills-matched and certified</h3><p>Forklift-certified pickers, trained on your site.</p></div></section>',
    );
    const sentences = statedPainsOf(page, WAREHOUSE, 'ShiftReady', isSentence).map((pain) => pain.sentence);
    expect(sentences.some((sentence) => sentence.startsWith('Skills-matched'))).toBe(false);
  });

  it('a mild complaint in narrative prose is stated only when the playbook knows it as the function’s pain', () => {
    const page = read(
      `${HERO}<section><h2>Our story</h2><p>Ledgerly started in a finance team in Leeds. Most AP teams still do their data entry, keying each invoice into the ERP.</p>` +
        '<p>Most teams still meet on Mondays to plan the week ahead.</p></section>',
    );
    expect(page.blocks.find((entry) => entry.block.text.startsWith('Ledgerly started'))?.role).toBe('text');
    const pains = painsOf(page);
    expect(pains.map((pain) => [pain.sentence, pain.pain?.id])).toEqual([
      ['Most AP teams still do their data entry, keying each invoice into the ERP.', 'manual-entry'],
    ]);
    expect(pains[0]?.confidence).toBeLessThan(0.6);
  });

  it('pains stated in German, French and Spanish', () => {
    const german = read(
      '<h1>Rechnungen ohne Papier</h1><p>Belegio liest jede Eingangsrechnung.</p><section><h2>Kennen Sie das?</h2><ul><li>Ihre Buchhaltung tippt jede Eingangsrechnung von Hand ab.</li></ul></section>',
      { lang: 'de' },
    );
    const french = read(
      '<h1>Factures sans papier</h1><p>Facturo lit chaque facture.</p><section><h2>Le constat</h2><ul><li>Votre équipe ressaisit chaque facture fournisseur à la main.</li></ul></section>',
      { lang: 'fr' },
    );
    const spanish = read(
      '<h1>Facturas sin papel</h1><p>Facturo lee cada factura.</p><section><h2>¿Le suena?</h2><ul><li>Su equipo todavía teclea cada factura de proveedor a mano.</li></ul></section>',
      { lang: 'es' },
    );
    const language = { de: german, fr: french, es: spanish } as const;
    for (const [code, page] of Object.entries(language)) {
      const pains = statedPainsOf(page, AP, 'Belegio', (text) => readsAsSentence(text, code as 'de' | 'fr' | 'es'));
      expect(
        pains.map((pain) => pain.pain?.id),
        code,
      ).toEqual(['manual-entry']);
    }
  });
});

describe('capabilities', () => {
  it('a whistleblowing system is compliance with whistleblowing pains, not audit preparation', () => {
    const analysis = analyse(
      `<h1>Whistleblowing system for companies with 50 employees or more</h1>
       <p>Meldeway gives your employees an anonymous reporting channel and your compliance team a case workflow that meets the EU Whistleblowing Directive.</p>
       <section><h2>Features</h2>
         <div class="card"><h3>Anonymous reporting</h3><p>Reports by web form or phone, with two-way messages that never reveal who wrote.</p></div>
         <div class="card"><h3>Case management</h3><p>Every report gets its acknowledgement and answer deadlines tracked until it is closed.</p></div>
       </section>`,
      { title: 'Meldeway | Whistleblowing system', lang: 'en' },
    );
    expect(analysis.classification?.function).toBe('compliance-grc');
    // The pains of what the page shows come first; a third, the function's own, only fills the three.
    const pairs = analysis.pairs ?? [];
    expect(pairs.slice(0, 2).map((pair) => pair.capabilityId)).toEqual(['whistleblowing', 'whistleblowing']);
    expect(analysis.customerPains.slice(0, 2).join(' ')).not.toMatch(/screenshots|questionnaire|certification/i);
  });

  it('feature cards, each with its heading as a name and a kind from the playbook', () => {
    const page = read(
      `${HERO}<section><h2>Features</h2>` +
        '<div class="card"><h3>Smart capture</h3><p>Every invoice is read the day it arrives.</p></div>' +
        '<div class="card"><h3>Approval workflows</h3><p>Each invoice goes to its budget owner.</p></div></section>',
    );
    const capabilities = capabilitiesOf(page, AP);
    expect(capabilities.map((capability) => [capability.name, capability.kind?.id, capability.text])).toEqual([
      ['Smart capture', 'capture', 'Every invoice is read the day it arrives.'],
      ['Approval workflows', 'approvals', 'Each invoice goes to its budget owner.'],
    ]);
    expect(capabilities[0]?.block).toBe(indexOf(page, 'Smart capture'));
  });

  // Title Case feature names are names, not people ("Dock Audit" is pairs.ts's own example).
  it('feature cards with Title Case headings are capabilities, not people', () => {
    const page = read(
      `${HERO}<section><h2>Features</h2>` +
        '<div class="card"><h3>Smart Capture</h3><p>Invoices are read and coded as they arrive.</p></div>' +
        '<div class="card"><h3>Approval Workflows</h3><p>Each invoice goes to its budget owner in Slack.</p></div></section>',
    );
    expect(capabilitiesOf(page, AP).map((capability) => capability.name)).toEqual([
      'Smart Capture',
      'Approval Workflows',
    ]);
  });

  it('the name is what stands before a colon; a heading that claims has no name', () => {
    const page = read(
      '<h1>Pick more, walk less</h1><p>Shelfwise directs every pick.</p><section><h2>Features</h2>' +
        '<div class="card"><h3>Dock Audit: scan-to-verify at pack-out</h3><p>Every carton is scanned against its order.</p></div>' +
        '<div class="card"><h3>Early warning on every late wave in your building</h3><p>Supervisors see which waves will miss the carrier cut-off.</p></div></section>',
    );
    const capabilities = capabilitiesOf(page, WAREHOUSE);
    expect(capabilities.map((capability) => capability.name)).toEqual(['Dock Audit', undefined]);
    expect(capabilities[0]?.headline).toBe('Dock Audit: scan-to-verify at pack-out');
  });

  it('list items labelled before a colon are capabilities named by their label', () => {
    const page = read(
      `${HERO}<section><h2>What you get</h2><ul>` +
        '<li>Invoice capture: reads PDF and paper invoices the day they arrive.</li>' +
        '<li>Supplier portal: suppliers check their payment status themselves.</li></ul></section>',
    );
    const capabilities = capabilitiesOf(page, AP);
    expect(capabilities.map((capability) => [capability.name, capability.text, capability.kind?.id])).toEqual([
      ['Invoice capture', 'reads PDF and paper invoices the day they arrive.', 'capture'],
      ['Supplier portal', 'suppliers check their payment status themselves.', 'supplier-portal'],
    ]);
  });

  it('paragraphs under "What we take off your plate" are capabilities', () => {
    const page = read(
      '<h1>Payroll, done for you</h1><p>Pennypay runs payroll for small firms.</p><section><h2>What we take off your plate</h2>' +
        '<p>We run your payroll every month and send payslips to every employee.</p>' +
        '<p>We file RTI submissions with HMRC before each deadline.</p></section>',
    );
    const capabilities = capabilitiesOf(page, fn('payroll'));
    expect(capabilities.map((capability) => capability.text)).toEqual([
      'We run your payroll every month and send payslips to every employee.',
      'We file RTI submissions with HMRC before each deadline.',
    ]);
  });

  it('a translator’s profile card is no capability', () => {
    const page = read(
      '<h1>Legal translation, on deadline</h1><p>Lexica translates contracts and court documents.</p><section><h2>Our linguists</h2>' +
        '<div class="card"><h3>Claire Dubois</h3><p>I translate contracts and court filings from English into French.</p></div>' +
        '<div class="card"><h3>Javier Ortega</h3><p>Sworn translator for Spanish, twelve years at a Madrid law firm.</p></div></section>',
    );
    const capabilities = capabilitiesOf(page, fn('translation-localization'));
    expect(capabilities).toEqual([]);
  });

  it('a card headed by a person’s name is no capability, even when its text reads like a service', () => {
    const page = read(
      '<h1>Payroll, done for you</h1><p>Pennypay runs payroll for small firms.</p><section><h2>How we help</h2>' +
        '<div class="card"><h3>Hannah Weber</h3><p>Runs payroll for hospitality clients and files every return on time.</p></div>' +
        '<div class="card"><h3>Smart Payslips</h3><p>Payslips reach every employee by email on payday.</p></div></section>',
    );
    expect(capabilitiesOf(page, fn('payroll')).map((capability) => capability.name)).toEqual(['Smart Payslips']);
  });

  it('a team bio in a services section is no capability', () => {
    const page = read(
      '<h1>Payroll, done for you</h1><p>Pennypay runs payroll for small firms.</p><section><h2>Our services</h2>' +
        '<div class="card"><h3>Monthly payroll</h3><p>We run payroll and send payslips every month.</p></div>' +
        '<div class="card"><h3>Hannah Cole</h3><p>Hannah has run payroll for small firms for twenty years.</p></div></section>',
    );
    expect(capabilitiesOf(page, fn('payroll')).map((capability) => capability.headline)).toEqual(['Monthly payroll']);
  });

  it('a capability’s kind needs its heading, or a phrase or two words of its text', () => {
    const page = read(
      `${HERO}<section><h2>Features</h2>` +
        '<div class="card"><h3>Built for speed</h3><p>Nothing waits long for an approval.</p></div>' +
        '<div class="card"><h3>Friday made easy</h3><p>Set your payment runs once and forget them.</p></div>' +
        '<div class="card"><h3>Smart capture</h3><p>Nothing else to set up.</p></div></section>',
    );
    const kinds = capabilitiesOf(page, AP).map((capability) => [capability.headline, capability.kind?.id]);
    expect(kinds).toEqual([
      ['Built for speed', undefined],
      ['Friday made easy', 'payments'],
      ['Smart capture', 'capture'],
    ]);
  });
});

describe('quotes: credited only where the markup ties the name to the quote', () => {
  const proofs = (body: string, customers: string[] = []) =>
    proofsOf(read(`${HERO}${body}`), 'company', customers, 'Ledgerly');
  const quotes = (body: string, customers: string[] = []) =>
    proofs(body, customers).filter((proof) => proof.kind === 'quote');

  it('a blockquote’s footer', () => {
    const [quote] = quotes(
      '<section><h2>Results</h2><blockquote><p>“We closed March in 4 days instead of 9.”</p><footer>Priya Raman, Group Controller, Harlow Foods</footer></blockquote></section>',
    );
    expect(quote).toMatchObject({
      text: 'We closed March in 4 days instead of 9.',
      person: 'Priya Raman, Group Controller',
      customer: 'Harlow Foods',
      credit: 'markup',
    });
    expect(quote?.figures).toEqual(['4 days']);
    expect(quote?.confidence).toBe(0.9);
  });

  it('a card holding two testimonials gives each its own byline; one signed with a role only credits nobody', () => {
    const found = quotes(
      // Page-builder sections are look-alike siblings, so a whole section is one card; the two
      // testimonials in it differ by a layout class, so they are not cards of their own.
      '<div class="content"><div class="sec"><h2>Sécurité</h2><p>Agents qualifiés, rondes contrôlées par badge.</p></div>' +
        '<div class="sec"><h2>Propreté</h2><p>Nettoyage des bureaux et des quais.</p></div>' +
        '<div class="sec"><h2>Un interlocuteur, une facture</h2><p>Un responsable de compte unique pour tous vos sites.</p>' +
        '<div class="testimonial layout-light"><div class="testimonial_content"><p>« Je n’ai plus reçu un seul appel de nuit depuis deux ans. »</p></div><span class="testimonial_author">Yacine Haddad, Directeur de site, Logistique Estuaire</span></div>' +
        '<div class="testimonial"><div class="testimonial_content"><p>« Des agents présents, ponctuels, et un chef d’équipe qui connaît le site. »</p></div><span class="testimonial_author">Responsable des services généraux</span></div>' +
        '</div></div>',
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ person: 'Yacine Haddad, Directeur de site', customer: 'Logistique Estuaire' });
    expect(found[1]?.person ?? '').not.toMatch(/Yacine/);
    expect(found[1]?.customer ?? '').not.toMatch(/Estuaire/);
  });

  it('a signature in lines classed in the page’s language after a blockquote: name and title, then company', () => {
    const [quote] = quotes(
      '<section><h2>Lo que dicen</h2><blockquote>«Este año no hemos perdido ni una carga por falta de camión en plena campaña.»</blockquote>' +
        '<p class="firma"><span class="nombre">Encarna Rubio</span> · <span class="cargo">Jefa de logística</span></p>' +
        '<p class="empresa">Hortalizas Carrascoy S.A.T.</p><p class="lugar">Lorca (Murcia)</p></section>',
    );
    expect(quote).toMatchObject({
      person: 'Encarna Rubio, Jefa de logística',
      customer: 'Hortalizas Carrascoy S.A.T.',
    });
    // The same class words anywhere else are no attribution.
    const page = extract(
      '<section><h2>Equipo</h2><p class="nombre">Encarna Rubio dirige el equipo de tráfico.</p></section>',
    );
    expect(page.blocks.find((block) => block.text.startsWith('Encarna'))?.attribution).toBeUndefined();
  });

  it('a card headed by what the company sells: the name under the quote is who said it, not the heading', () => {
    const [quote] = quotes(
      '<section><h2>Our courses</h2><div class="col"><h3>Toolbox Talk Coaching</h3><p>A half-day on your site coaching supervisors.</p>' +
        '<div class="elementor-testimonial-content">"Practical, no jargon, and the trainer had clearly worked a night shift."</div>' +
        '<div class="elementor-testimonial-meta"><div class="elementor-testimonial-details"><div class="elementor-testimonial-name">Marta Kowalczyk</div><div class="elementor-testimonial-job">Shift Supervisor, Dunsford Cold Stores</div></div></div></div></section>',
    );
    expect(quote?.person).toMatch(/^Marta Kowalczyk/);
    expect(quote?.customer).toBe('Dunsford Cold Stores');
  });

  it('page data whose quote has its name, role and company in fields of their own', () => {
    const data = {
      testimonials: [
        {
          quote: 'Month-end used to take us two weeks. Now it takes four days.',
          name: 'Priya Raman',
          jobTitle: 'CFO',
          company: 'Nordwerk',
        },
        {
          quote: 'Our approvals no longer wait in anyone’s inbox.',
          company: 'Harlow Foods',
          name: 'Tom Reyes',
          role: 'AP Lead',
        },
      ],
    };
    const found = quotes(`<div id="__next"></div><script type="application/json">${JSON.stringify(data)}</script>`);
    expect(found.map(({ person, customer }) => ({ person, customer }))).toEqual([
      { person: 'Priya Raman, CFO', customer: 'Nordwerk' },
      { person: 'Tom Reyes, AP Lead', customer: 'Harlow Foods' },
    ]);
  });

  // <figure><blockquote>…</blockquote><figcaption>…: the HTML standard's way to credit a quote.
  it('a figure’s caption', () => {
    const [quote] = quotes(
      '<section><h2>Ce que disent nos clients</h2><figure><blockquote>Nos factures sont validées en deux jours au lieu de deux semaines.</blockquote><figcaption>Claire Martin, Directrice financière, Maison Lenoir</figcaption></figure></section>',
    );
    expect(quote).toMatchObject({
      person: 'Claire Martin, Directrice financière',
      customer: 'Maison Lenoir',
      credit: 'markup',
    });
  });

  it('a testimonial card', () => {
    const [quote] = quotes(
      '<section><h2>Customers</h2><div class="testimonial"><p class="quote-text">Our suppliers stopped calling about payments within a month.</p><p class="testimonial-name">Tom Price, AP Manager, Arcadia Foods</p></div>' +
        '<div class="testimonial"><p class="quote-text">Month-end is quiet for the first time in years.</p><p class="testimonial-name">Ana Ruiz, CFO, Nube Logística</p></div></section>',
    );
    expect(quote).toMatchObject({ person: 'Tom Price, AP Manager', customer: 'Arcadia Foods' });
    expect(quote?.credit === 'card' || quote?.credit === 'markup').toBe(true);
  });

  it('an inline byline after a dash', () => {
    const [quote] = quotes(
      '<section><h2>Results</h2><p>“Our pickers walk half as far since the switch to Ledgerly.” — Luis Moreno, Head of Logistics, Brightmart</p></section>',
    );
    expect(quote).toMatchObject({
      text: 'Our pickers walk half as far since the switch to Ledgerly.',
      person: 'Luis Moreno, Head of Logistics',
      customer: 'Brightmart',
      credit: 'markup',
    });
  });

  const siblingLists = (names: string[]) =>
    '<section><h2>What our customers say</h2><div class="quotes">' +
    '<blockquote class="q">Approvals that took a week now take a day.</blockquote>' +
    '<blockquote class="q">We have not paid a duplicate invoice since we started.</blockquote>' +
    '</div><div class="people">' +
    names.map((name) => `<p class="person">${name}</p>`).join('') +
    '</div></section>';

  it('the n-th name of a sibling list of equal length', () => {
    const found = quotes(siblingLists(['Anna Weber, CFO, Hansa Logistik', 'Tom Price, AP Manager, Arcadia Foods']));
    expect(found.map((quote) => [quote.text, quote.customer, quote.credit])).toEqual([
      ['Approvals that took a week now take a day.', 'Hansa Logistik', 'list'],
      ['We have not paid a duplicate invoice since we started.', 'Arcadia Foods', 'list'],
    ]);
    expect(found.every((quote) => quote.confidence < 0.9)).toBe(true);
  });

  it('NOT when the sibling lists differ in length: every quote stays unattributed', () => {
    const found = quotes(
      siblingLists([
        'Anna Weber, CFO, Hansa Logistik',
        'Tom Price, AP Manager, Arcadia Foods',
        'Jan Kowalski, Controller, Polmet',
      ]),
    );
    expect(found).toHaveLength(2);
    for (const quote of found) {
      expect(quote).toMatchObject({ customer: undefined, person: undefined, credit: undefined });
      expect(quote.confidence).toBeLessThan(0.7);
    }
  });

  it('a quote with no name near it is unattributed, not credited to the next name on the page', () => {
    const found = quotes(
      '<section><h2>Results</h2><blockquote>Approvals that took a week now take a day.</blockquote></section>' +
        '<section><h2>Our team</h2><p>Anna Weber, Head of Customer Success</p></section>',
    );
    expect(found[0]).toMatchObject({ customer: undefined, person: undefined, credit: undefined });
  });

  it('in a case story, only the blockquote is the customer’s words; the story told about them and the call to action are not', () => {
    const found = proofs(
      '<section><h2>Ashcombe Architects: certified in six weeks</h2><div class="widget">' +
        '<p>A public-sector framework required Ashcombe Architects to hold Cyber Essentials Plus within two months. Ledgerly rolled out MFA to all 38 staff and passed the assessment in six weeks.</p>' +
        '<blockquote><p>“We won the framework. I don’t think we would have without them.”</p><p>— Tom Adeyemi, Finance Director, Ashcombe Architects</p></blockquote>' +
        '<p>Want results like these? Book a free review.</p></div></section>',
      ['Ashcombe Architects'],
    );
    const spoken = found.filter((proof) => proof.kind === 'quote');
    expect(spoken.map((proof) => [proof.text, proof.person])).toEqual([
      ['We won the framework. I don’t think we would have without them.', 'Tom Adeyemi, Finance Director'],
    ]);
    expect(found.some((proof) => /Want results/.test(proof.text))).toBe(false);
  });

  it('a social post is quoted without its tags and emoji; one addressed to a handle is not quoted', () => {
    const found = quotes(
      '<section><h2>What people say</h2><blockquote><p>Our month-end close went from nine days to four. 🙌 #fintech #accounting</p><footer>Anna Weber, Hansa Logistik</footer></blockquote>' +
        '<blockquote><p>Huge thanks to @ledgerly for sorting our approvals this quarter</p><footer>Tom Price, Brightmart</footer></blockquote></section>',
      ['Hansa Logistik', 'Brightmart'],
    );
    expect(found.map((proof) => proof.text)).toEqual(['Our month-end close went from nine days to four.']);
  });

  it('"Name, Customer" credits the customer when the page knows it as one', () => {
    const [quote] = quotes(
      '<section><h2>Results</h2><blockquote><p>Approvals that took a week now take a day.</p><footer>Anna Weber, Hansa Logistik</footer></blockquote></section>',
      ['Hansa Logistik'],
    );
    expect(quote).toMatchObject({ customer: 'Hansa Logistik', person: 'Anna Weber' });
  });
});

describe('results', () => {
  const results = (body: string, customers: string[] = []) =>
    proofsOf(read(`${HERO}${body}`), 'company', customers, 'Ledgerly').filter((proof) => proof.kind === 'result');

  it('a result is credited to the customer its sentence names', () => {
    const found = results(
      '<section><h2>Customer stories</h2><p>Harlow Foods cut invoice processing time by 60% in one quarter.</p><p>Brightmart reduced late payments by 41% within three months.</p></section>',
      ['Harlow Foods'],
    );
    expect(found.map((proof) => [proof.customer, proof.credit, proof.figures])).toEqual([
      ['Harlow Foods', 'sentence', ['60%']],
      ['Brightmart', 'sentence', ['41%']],
    ]);
  });

  it('a sentence that names a known customer anywhere is credited to it; one naming two is credited to neither', () => {
    const found = results(
      '<section><h2>Customer stories</h2><p>At Harlow Foods, invoice approvals went from 12 days to 2 days.</p>' +
        '<p>Harlow Foods and Brightmart both reduced late fees by 30%.</p></section>',
      ['Harlow Foods', 'Brightmart'],
    );
    expect(found.map((proof) => [proof.customer, proof.credit])).toEqual([
      ['Harlow Foods', 'sentence'],
      [undefined, undefined],
    ]);
  });

  it('a possessive subject is the customer ("Brightmart’s AP team cut…"), never the seller', () => {
    const found = results(
      '<section><h2>Customer stories</h2><p>Brightmart’s AP team cut invoice processing time by 60% in one quarter.</p>' +
        "<p>Harlow Foods's finance team reduced late fees by 40%.</p><p>Ledgerly's customers cut close time by 30%.</p></section>",
    );
    expect(found.map((proof) => proof.customer)).toEqual(['Brightmart', 'Harlow Foods', undefined]);
  });

  it('the customer after an opening clause, never the seller', () => {
    const found = results(
      '<section><h2>Customer stories</h2><p>After switching to Ledgerly, Brightmart cut approval times by 70%.</p><p>Ledgerly reduced processing costs by 50% for its customers.</p></section>',
    );
    expect(found.map((proof) => proof.customer)).toEqual(['Brightmart', undefined]);
  });

  it('a marketing claim with a figure and no customer is no proof; a stat is kept uncredited', () => {
    const found = results(
      '<section><h2>Features</h2><p>Teams cut invoice processing time by 60% with smart capture.</p></section>' +
        '<section class="stats"><h2>By the numbers</h2><p>Approvals 3x faster on average across all customers.</p></section>',
    );
    expect(found.map((proof) => [proof.text, proof.customer])).toEqual([
      ['Approvals 3x faster on average across all customers.', undefined],
    ]);
  });

  it('a result on a story card is credited to the customer the card is named after', () => {
    const page = read(
      `${HERO}<section><h2>Customer stories</h2><div class="story"><h3>Harlow Foods</h3><p>Invoice processing time fell by 60% in one quarter.</p></div>` +
        '<div class="story"><h3>Brightmart</h3><p>Late payments dropped by 41% within three months.</p></div></section>',
    );
    const customers = customersOf([extract('')], [page], [], 'Ledgerly');
    expect(customers).toEqual(['Harlow Foods', 'Brightmart']);
    const found = proofsOf(page, 'company', customers, 'Ledgerly').filter((proof) => proof.kind === 'result');
    expect(found.map((proof) => [proof.customer, proof.credit])).toEqual([
      ['Harlow Foods', 'story'],
      ['Brightmart', 'story'],
    ]);
  });
});

describe('customers and bylines', () => {
  it('customers come from logos, bylines and story headings, never the seller, each once', () => {
    const body = `${HERO}<img src="a.svg" alt="Harlow Foods logo"><img src="b.svg" alt="Ledgerly logo"><section><h2>Customer stories</h2><div class="story"><h3>Brightmart</h3><p>Read how they closed faster.</p></div><div class="story"><h3>Harlow Foods</h3><p>Read how they paid on time.</p></div></section>`;
    const customers = customersOf(
      [extract(body)],
      [read(body)],
      [parseByline('Ana Ruiz, CFO, Nube Logística')],
      'Ledgerly',
    );
    expect(customers).toEqual(['Harlow Foods', 'Nube Logística', 'Brightmart']);
  });

  it.each([
    [
      '— Maria López, VP Finance, Arcadia Foods',
      { name: 'Maria López', title: 'VP Finance', company: 'Arcadia Foods' },
    ],
    ['Jan Weber | Leiter Logistik | Hansa AG', { name: 'Jan Weber', title: 'Leiter Logistik', company: 'Hansa AG' }],
    ['Ana Ruiz (COO at Nube)', { name: 'Ana Ruiz', title: 'COO', company: 'Nube' }],
    [
      'Claire Martin, Directrice financière chez Maison Lenoir',
      { name: 'Claire Martin', title: 'Directrice financière', company: 'Maison Lenoir' },
    ],
    ['Tom Price, AP Manager', { name: 'Tom Price', title: 'AP Manager', company: undefined }],
    // A place or a size after the company is where it is and how big, never its name.
    [
      'Greta Holm, Finance Director, Ashby Mills Ltd, Kendal',
      { name: 'Greta Holm', title: 'Finance Director', company: 'Ashby Mills Ltd' },
    ],
    [
      'Omar Patel, Director, Fenwick Dental Group, Bristol · 40 staff',
      { name: 'Omar Patel', title: 'Director', company: 'Fenwick Dental Group' },
    ],
    [
      'Head of Operations, cold-store operator, East Anglia',
      { name: undefined, person: undefined, company: undefined },
    ],
    ['Lucie Marchand, Gérante, Ille-et-Vilaine', { name: 'Lucie Marchand', company: undefined }],
    ['Priya Shah, Ops Manager, West Midlands', { name: 'Priya Shah', title: 'Ops Manager', company: undefined }],
    // Initials keep the customer anonymous: nobody is named, whatever the parts after say.
    [
      'R. T., Managing Director, haulage firm, Cumbria',
      { person: undefined, name: undefined, title: 'Managing Director', company: undefined },
    ],
    ['K.L., Geschäftsführerin', { person: undefined, company: undefined }],
    // A legal form a comma sets apart is the end of the company's name, never the company.
    [
      'Luis Pérez – Gerente – Almacenes Pérez e Hijos, S.L.',
      { name: 'Luis Pérez', title: 'Gerente', company: 'Almacenes Pérez e Hijos, S.L.' },
    ],
    ['Anna Roth, CFO, Harlow Foods, Ltd', { name: 'Anna Roth', title: 'CFO', company: 'Harlow Foods, Ltd' }],
    // A title "de" a company with a legal form; a department, or a company, signing is nobody's name;
    // after a description in lower case, a single word is a place.
    ['Ana Gil, CEO de AgroSur S.A.T.', { name: 'Ana Gil', title: 'CEO', company: 'AgroSur S.A.T.' }],
    ['Dpto. de Logística, Frutas Segura', { person: undefined, name: undefined, company: 'Frutas Segura' }],
    ['Frutas Segura S.A.', { person: undefined, name: undefined, company: 'Frutas Segura S.A.' }],
    ['Jefa de Compras, cadena de supermercados, Valencia', { person: undefined, company: undefined }],
  ])('parseByline("%s")', (raw, expected) => {
    expect(parseByline(raw)).toMatchObject(expected);
  });
});

describe('buyer titles', () => {
  it('from "built for controllers and AP managers"', () => {
    const page = read(
      `${HERO}<section><h2>Who it’s for</h2><p>Built for controllers and AP managers at growing companies.</p></section>`,
    );
    const people = peopleOf([page], AP, 'en');
    expect(people.titles).toEqual(expect.arrayContaining(['Controller', 'AP Manager']));
    expect(people.titlesInferred).toBe(false);
    expect(people.audience).toBe('Built for controllers and AP managers at growing companies.');
  });

  it('from the titles in customers’ bylines', () => {
    const page = read(
      `${HERO}<section><h2>What our customers say</h2><blockquote><p>We close in four days now.</p><footer>Maria López, Finance Director, Arcadia Foods</footer></blockquote>` +
        '<blockquote><p>Suppliers stopped calling us.</p><footer>Tom Price, Head of Accounts Payable, Brightmart</footer></blockquote></section>',
    );
    const people = peopleOf([page], AP, 'en');
    expect(people.titles).toEqual(expect.arrayContaining(['Finance Director', 'Head of Accounts Payable']));
    expect(people.titlesInferred).toBe(false);
  });

  it('a byline title written "VP Finance" is read', () => {
    const page = read(
      `${HERO}<section><h2>What our customers say</h2><blockquote><p>We close in four days now.</p><footer>Maria López, VP Finance, Arcadia Foods</footer></blockquote></section>`,
    );
    const people = peopleOf([page], AP, 'en');
    expect(people.titles).toContain('VP Finance');
    expect(people.titlesInferred).toBe(false);
  });

  it('German, French and Spanish titles written out in the page’s copy', () => {
    const titlesOf = (body: string, lang: 'de' | 'fr' | 'es') => peopleOf([read(body, { lang })], AP, lang).titles;
    expect(
      titlesOf(
        '<h1>Für Leiter Rechnungswesen</h1><p>Entwickelt für Leiter Rechnungswesen und Kreditorenbuchhalter.</p>',
        'de',
      ),
    ).toContain('Leiter Rechnungswesen');
    expect(
      titlesOf('<h1>Pour les DAF</h1><p>Conçu pour les directeurs financiers et les responsables comptables.</p>', 'fr')
        .length,
    ).toBeGreaterThan(0);
    expect(
      titlesOf('<h1>Para finanzas</h1><p>Pensado para directores financieros y jefes de contabilidad.</p>', 'es')
        .length,
    ).toBeGreaterThan(0);
  });

  it('when the page names no one, the playbook’s buyers, marked inferred', () => {
    const page = read(`${HERO}<section><h2>Features</h2><p>Reads every invoice.</p></section>`);
    const people = peopleOf([page], AP, 'en');
    expect(people.titlesInferred).toBe(true);
    expect(people.titles).toEqual([...AP.buyers.above.en.slice(0, 2), ...AP.buyers.below.en.slice(0, 2)]);
  });

  it('words before a title are not part of it ("used by", "our")', () => {
    const page = read(
      `${HERO}<section><h2>Who it’s for</h2><p>Used by finance managers and trusted by our controllers.</p></section>`,
    );
    const titles = peopleOf([page], AP, 'en').titles;
    expect(titles.some((title) => /^(Used|By|Our|Trusted)\b/.test(title))).toBe(false);
  });
});

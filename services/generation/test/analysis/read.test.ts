/**
 * The reading step (src/analysis/read/): a page's blocks in sections (their kind from the heading's
 * words in four languages, else the markup), cards, and the role each block plays, with how sure
 * the role is and, for a problem, how strongly it complains.
 */
import { describe, expect, it } from 'vitest';
import { problemScore, readPage } from '../../src/analysis/read/roles.ts';
import { roleOfHeading, sectionsOf } from '../../src/analysis/read/structure.ts';
import { entryOf, extract, read, roleOf, sectionKindOf } from './support/pages.ts';

const HERO = '<h1>Everything your back office needs</h1><p>One partner for the work nobody wants to do.</p>';

describe('problem sections, whatever their heading says', () => {
  // Each item alone complains too little to be a problem anywhere (a weak cue, or none): only the
  // section's heading makes them the page's stated problems.
  const cases: [string, string, string, string[]][] = [
    ['en', 'Sound familiar?', '', ['Month-end still takes two weeks.', 'Invoices arrive as PDFs in a shared mailbox.']],
    ['en', 'Why teams switch', '', ['Approvals still sit in inboxes.', 'Supplier statements never match the ledger.']],
    [
      'en',
      'Invoices deserve better',
      'The problem',
      ['Month-end still takes two weeks.', 'Invoices arrive as PDFs in a shared mailbox.'],
    ],
    [
      'de',
      'Kennen Sie das?',
      '',
      ['Die Stundenzettel kommen freitags per Fax.', 'Jede Änderung bei den Kassen landet bei Ihnen.'],
    ],
    [
      'de',
      'Typische Ausgangslagen unserer Kunden',
      '',
      ['Die Stundenzettel kommen freitags per Fax.', 'Jede Änderung bei den Kassen landet bei Ihnen.'],
    ],
    ['fr', 'Le constat', '', ['Vos plannings vivent encore dans un tableur.', 'Chaque absence se règle au téléphone.']],
    [
      'fr',
      'Ça vous parle ?',
      '',
      ['Vos plannings vivent encore dans un tableur.', 'Chaque absence se règle au téléphone.'],
    ],
    [
      'es',
      '¿Le suena?',
      '',
      ['Los partes de trabajo todavía llegan en papel.', 'Cada ausencia se resuelve por teléfono.'],
    ],
    [
      'es',
      'El reto',
      '',
      ['Los partes de trabajo todavía llegan en papel.', 'Cada ausencia se resuelve por teléfono.'],
    ],
  ];

  it.each(cases)('%s "%s" (eyebrow "%s") makes its items problems', (lang, heading, eyebrow, items) => {
    const page = read(
      `${HERO}<section>${eyebrow ? `<p>${eyebrow}</p>` : ''}<h2>${heading}</h2><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul></section>`,
      { lang },
    );
    expect(sectionKindOf(page, items[0] as string)).toBe('problems');
    for (const item of items) {
      expect(entryOf(page, item)).toMatchObject({ role: 'problem', confidence: 0.85 });
    }
    expect(roleOf(page, heading)).toBe('heading');
  });

  // Headings the lexicon holds in plural and in the reader's voice ("Das kennen Sie", "Les problèmes").
  it.each([
    [
      'de',
      'Das kennen Sie',
      ['Die Stundenzettel kommen freitags per Fax.', 'Jede Änderung bei den Kassen landet bei Ihnen.'],
    ],
    [
      'de',
      'Typische Probleme',
      ['Die Stundenzettel kommen freitags per Fax.', 'Jede Änderung bei den Kassen landet bei Ihnen.'],
    ],
    ['fr', 'Les problèmes', ['Vos plannings vivent encore dans un tableur.', 'Chaque absence se règle au téléphone.']],
    [
      'fr',
      'Vous vous reconnaissez ?',
      ['Vos plannings vivent encore dans un tableur.', 'Chaque absence se règle au téléphone.'],
    ],
    [
      'es',
      'Los problemas',
      ['Los partes de trabajo todavía llegan en papel.', 'Cada ausencia se resuelve por teléfono.'],
    ],
    ['en', 'Problems we solve', ['Month-end still takes two weeks.', 'Invoices arrive as PDFs in a shared mailbox.']],
    // A day in the reader's life, or the trouble customers arrive with.
    ['en', 'An ordinary Monday', ['Month-end still takes two weeks.', 'Invoices arrive as PDFs in a shared mailbox.']],
    [
      'en',
      'How our clients usually find us',
      ['Month-end still takes two weeks.', 'Invoices arrive as PDFs in a shared mailbox.'],
    ],
    [
      'de',
      'Ein ganz normaler Dienstag',
      ['Die Stundenzettel kommen freitags per Fax.', 'Jede Änderung bei den Kassen landet bei Ihnen.'],
    ],
    [
      'fr',
      'Quand nos clients nous appellent',
      ['Vos plannings vivent encore dans un tableur.', 'Chaque absence se règle au téléphone.'],
    ],
    // The reasons clients call are the problems they have.
    [
      'en',
      'Why clients come to us',
      ['Month-end still takes two weeks.', 'Invoices arrive as PDFs in a shared mailbox.'],
    ],
    [
      'es',
      '¿Por qué nos llaman?',
      ['Los partes de trabajo todavía llegan en papel.', 'Cada ausencia se resuelve por teléfono.'],
    ],
  ])('%s "%s" makes its items problems', (lang, heading, items) => {
    const page = read(
      `${HERO}<section><h2>${heading}</h2><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul></section>`,
      { lang },
    );
    expect(sectionKindOf(page, items[0] as string)).toBe('problems');
    for (const item of items) expect(roleOf(page, item)).toBe('problem');
  });

  it('the same items under a heading that names no problem are not problems', () => {
    const page = read(
      `${HERO}<section><h2>A closer look</h2><ul><li>Month-end still takes two weeks.</li><li>Invoices arrive as PDFs in a shared mailbox.</li></ul></section>`,
    );
    expect(roleOf(page, 'Month-end still takes two weeks.')).not.toBe('problem');
    expect(roleOf(page, 'Invoices arrive as PDFs')).not.toBe('problem');
  });

  it('an eyebrow is read with the heading it labels, not left in the section before', () => {
    const page = read(
      `${HERO}<section><p>THE PROBLEM</p><h2>Invoices deserve better</h2><p>Your AP team still keys every line.</p></section>`,
    );
    const section = page.sections[entryOf(page, 'THE PROBLEM').section];
    expect(section?.kind).toBe('problems');
    expect(section?.eyebrow).toBe(page.blocks.indexOf(entryOf(page, 'THE PROBLEM')));
    expect(page.sections[0]?.blocks).not.toContain(section?.eyebrow);
  });

  it('a problem section drawn only with classes (class="pain-points") is one too', () => {
    const page = read(
      `${HERO}<section class="pain-points"><h2>Where the week goes</h2><div class="pain-point"><p>Drivers phone in every delivery.</p></div><div class="pain-point"><p>Dispatch rebuilds the plan each morning.</p></div></section>`,
    );
    expect(roleOf(page, 'Drivers phone in every delivery.')).toBe('problem');
  });

  it('a promise in a problem section is the answer laid out beside it, not a problem', () => {
    const page = read(
      `${HERO}<section><h2>The challenge</h2><p>Approvals sit in inboxes for weeks.</p><p>With Ledgerly, approvals are routed automatically.</p></section>`,
    );
    expect(roleOf(page, 'Approvals sit in inboxes')).toBe('problem');
    expect(roleOf(page, 'With Ledgerly, approvals are routed automatically.')).toBe('feature');
  });

  it('feature cards that follow the complaints under the same problem heading are the answer', () => {
    const page = read(
      `${HERO}<section><h2>Why teams come to us</h2><p>Their old vendor took a week to answer an email.</p><p>Nobody knew which van had which spare parts.</p>` +
        '<h3>Same-day dispatch</h3><p>Our planners book the nearest engineer within the hour.</p>' +
        '<h3>Parts tracking</h3><p>We scan every part into and out of each van.</p>' +
        '<h3>Monthly review</h3><p>A service manager walks your sites through the month.</p></section>',
    );
    expect(roleOf(page, 'Their old vendor took a week')).toBe('problem');
    expect(roleOf(page, 'Nobody knew which van')).toBe('problem');
    for (const heading of ['Same-day dispatch', 'Parts tracking', 'Monthly review'])
      expect(roleOf(page, heading)).toBe('heading');
    for (const text of ['Our planners book', 'We scan every part', 'A service manager walks']) {
      expect(roleOf(page, text)).toBe('feature');
    }
  });

  it('headed cards that complain of nothing, after the problems stated as plain items, are the answer', () => {
    const page = read(
      `${HERO}<section><h2>¿Le suena?</h2><ul><li>El técnico llega sin la pieza y hay que volver otro día.</li><li>Nadie sabe qué furgoneta lleva qué repuesto.</li></ul>` +
        '<h3>Ruta cerrada la víspera</h3><p>Cada técnico recibe su ruta con las piezas ya reservadas.</p>' +
        '<h3>Inventario por furgoneta</h3><p>Cada repuesto queda registrado en la furgoneta que lo lleva.</p></section>',
      { lang: 'es' },
    );
    // "sin" names the lack here, not a promise.
    expect(roleOf(page, 'El técnico llega sin la pieza')).toBe('problem');
    expect(roleOf(page, 'Ruta cerrada la víspera')).toBe('heading');
    expect(roleOf(page, 'Cada técnico recibe su ruta')).toBe('feature');
    expect(roleOf(page, 'Cada repuesto queda registrado')).toBe('feature');
  });

  it('a stat among the problems is the problem in numbers; a stat that promises, or its source, is not', () => {
    const page = read(
      `${HERO}<section><h2>What's broken</h2><p>Approvals sit in inboxes for weeks.</p>` +
        '<div class="stat"><p>9 days is the median time an invoice waits for its approver.</p></div>' +
        '<div class="stat"><p>40% faster approvals for teams that route by amount.</p></div>' +
        '<div class="stat"><p>Source: 2025 payables survey, 800 respondents.</p></div></section>',
    );
    expect(entryOf(page, '9 days is the median time')).toMatchObject({ role: 'problem' });
    expect(roleOf(page, '40% faster approvals')).toBe('stat');
    expect(roleOf(page, 'Source: 2025 payables survey')).toBe('stat');
  });

  it('the turn that absolves the reader ("None of this is a failing.") is not a problem', () => {
    const page = read(
      `${HERO}<section><h2>Sound familiar?</h2><p>Your forecast is rebuilt by hand every Friday.</p><p>The budget stops describing the business by spring.</p><p>None of this is a failing. Bookkeeping looks backward by design.</p></section>`,
    );
    expect(roleOf(page, 'Your forecast is rebuilt')).toBe('problem');
    expect(roleOf(page, 'None of this is a failing.')).not.toBe('problem');
  });

  it('a strong complaint outside any problem section is a problem, with less confidence', () => {
    const page = read(
      `${HERO}<section><h2>Built on experience</h2><p>Your team still re-keys every timesheet by hand and payroll errors keep coming back.</p></section>`,
    );
    const entry = entryOf(page, 'Your team still re-keys');
    expect(entry.role).toBe('problem');
    expect(entry.confidence).toBeLessThan(0.85);
    expect(entry.problem).toBeGreaterThanOrEqual(3);
  });
});

describe('problemScore', () => {
  it('counts strong cues double and weak ones single', () => {
    expect(problemScore('Invoices are keyed by hand.')).toBe(2);
    expect(problemScore('Month-end still takes two weeks.')).toBe(1);
    expect(problemScore('Invoices arrive as PDFs.')).toBe(0);
  });

  it('a promise cancels the complaint it names ("no more spreadsheets")', () => {
    expect(problemScore('No more spreadsheets.')).toBe(0);
    expect(problemScore('Nie wieder Zettelwirtschaft.')).toBe(0);
  });

  it('"Tired of…?" and "Stop…" keep their problem, and a question adds to it', () => {
    expect(problemScore('Tired of chasing approvals?')).toBeGreaterThanOrEqual(4);
    expect(problemScore('Stop chasing approvals by email')).toBeGreaterThan(0);
    expect(problemScore('Schluss mit Zettelwirtschaft')).toBeGreaterThan(0);
  });

  it('reads all four languages', () => {
    expect(problemScore('Die Lohnzettel werden immer noch von Hand abgetippt.')).toBeGreaterThanOrEqual(4);
    expect(problemScore('Les relances se font encore à la main.')).toBeGreaterThanOrEqual(3);
    expect(problemScore('Los pedidos todavía se apuntan a mano en papel.')).toBeGreaterThanOrEqual(3);
  });

  it('work done line by line, or learnt of weeks after, complains', () => {
    expect(
      problemScore('Someone matches card takings to the bank deposits, line by line, for every site.'),
    ).toBeGreaterThanOrEqual(2);
    expect(problemScore('Your director learns the food cost six weeks after the month closes.')).toBeGreaterThanOrEqual(
      1,
    );
    expect(problemScore('Les écarts sont rapprochés ligne par ligne.')).toBeGreaterThanOrEqual(2);
  });

  it('something never done that should have been complains; "never miss" still promises', () => {
    for (const text of [
      'Most down-migrations are written once and never executed until the night they are needed.',
      'You pay corporation tax every year but never know how much until the accounts are done.',
      'Die Notfallpläne wurden nie geprüft.',
      'Les sauvegardes n’ont jamais été vérifiées.',
      'Los contratos nunca se revisaron.',
    ]) {
      expect(problemScore(text), text).toBeGreaterThanOrEqual(1);
    }
    expect(problemScore('Never miss a delivery window again.')).toBe(0);
  });

  it('something that does not happen complains in French and Spanish; English "no <noun>" does not', () => {
    expect(problemScore("L'agent de nuit ne se présente pas.")).toBeGreaterThanOrEqual(1);
    expect(problemScore('El camión que confirmé el lunes no aparece el jueves.')).toBeGreaterThanOrEqual(1);
    expect(problemScore("Vous n'avez plus à saisir vos factures.")).toBe(0);
    expect(problemScore('No setup fee and no idea required.')).toBe(0);
  });

  it('a figure said to be too low, and German verbs that bring the work to a stop, complain', () => {
    expect(problemScore('Delivery accuracy sits at only 80 % in most depots.')).toBe(1);
    expect(problemScore('Delivery accuracy sits at 80 % in most depots.')).toBe(0);
    expect(problemScore('Die Liefertreue liegt bei nur 80 %.')).toBe(1);
    expect(
      problemScore('Die Jahresinventur legt das Lager mit 8.000 Artikeln drei Tage still.'),
    ).toBeGreaterThanOrEqual(2);
    expect(problemScore('Ein Maschinenausfall legt die ganze Linie lahm.')).toBeGreaterThanOrEqual(2);
    expect(problemScore('Die Anlage steht bei jedem Formatwechsel still.')).toBeGreaterThanOrEqual(2);
    expect(problemScore('Bei manueller Erfassung fehlen Buchungen.')).toBeGreaterThanOrEqual(1);
  });
});

describe('sections by heading words', () => {
  it.each([
    ['How it works', 'steps'],
    ['So funktioniert’s', 'steps'],
    ['Comment ça marche', 'steps'],
    ['Cómo funciona', 'steps'],
    ['Plans & pricing', 'pricing'],
    ['Preise', 'pricing'],
    ['Nos tarifs', 'pricing'],
    ['Frequently asked questions', 'faq'],
    ['Preguntas frecuentes', 'faq'],
    ['What our customers say', 'testimonials'],
    ['Kundenstimmen', 'testimonials'],
    ['Customer stories', 'stories'],
    ['Casos de éxito', 'stories'],
    ['Technical data', 'specs'],
    ['Fiche technique', 'specs'],
    ['Integrations', 'integrations'],
    ['Trusted by', 'logos'],
    ['Impressum', 'legal'],
    ['Built for finance teams that have outgrown spreadsheets and email approvals', 'audience'],
    ['What we take off your plate', 'features'],
    ['Unsere Leistungen', 'features'],
    ['Ready to get started?', 'cta'],
  ])('"%s" opens a %s section', (heading, kind) => {
    expect(roleOfHeading(heading)).toBe(kind);
  });

  it('"Why <it still goes wrong>" opens a problem section; "Why <us>" does not', () => {
    const items = [
      'Migrations are approved by engineers who have never seen the production table sizes.',
      'Most down-migrations are written once and never executed until the night they are needed.',
    ];
    const body = (heading: string) =>
      `${HERO}<section><h2>${heading}</h2>${items.map((item) => `<p>${item}</p>`).join('')}</section>`;
    for (const heading of [
      'Why schema changes still take sites down',
      'Warum Audits immer noch scheitern',
      'Pourquoi les projets prennent encore du retard',
    ]) {
      const page = read(body(heading));
      expect(sectionKindOf(page, items[0] as string), heading).toBe('problems');
      expect(entryOf(page, items[1] as string).role).toBe('problem');
    }
    for (const heading of ['Why Ternwell', 'Why teams choose us', 'Why we built a schema linter']) {
      expect(sectionKindOf(read(body(heading)), items[0] as string), heading).not.toBe('problems');
    }
  });

  it('paragraphs under "Before and after <X>" alternate: the situation before is a problem, the next its answer', () => {
    const before = [
      'The rota is built in Excel on Sunday night and changes arrive by WhatsApp all week.',
      'Overtime nobody approved appears on the payroll at the end of the month.',
    ];
    const after = [
      'Rotas live in the app, with shift swaps requested and approved in two taps.',
      'Every overtime hour needs the manager’s approval before it closes.',
    ];
    for (const heading of ['Before and after Horalba', 'Antes y después de Horalba', 'Vorher / nachher']) {
      const page = read(
        `${HERO}<section><h2>${heading}</h2>${before.map((line, at) => `<p>${line}</p><p>${after[at]}</p>`).join('')}<h3>Rotas</h3><p>Templates per site.</p></section>`,
      );
      for (const line of before) expect(entryOf(page, line).role, `${heading}: ${line}`).toBe('problem');
      for (const line of after) expect(entryOf(page, line).role, `${heading}: ${line}`).toBe('feature');
    }
  });

  it('a long claim is not labelled by a lexicon word deep inside it', () => {
    expect(
      roleOfHeading('Plan routes, dispatch drivers and collect proof of delivery with our pricing engine'),
    ).toBeUndefined();
  });

  it('"Customer stories" is stories before it is testimonials', () => {
    expect(roleOfHeading('Customer stories')).toBe('stories');
  });

  it('deeper headings head cards; the shallowest level below the hero opens sections', () => {
    const { blocks } = extract(
      `${HERO}<h2>Features</h2><h3>Smart capture</h3><p>Reads every invoice.</p><h3>Approvals</h3><p>Routes every invoice.</p><h2>Pricing</h2><p>€49 per month.</p>`,
    );
    const sections = sectionsOf(blocks);
    expect(sections.map((section) => section.kind)).toEqual(['hero', 'features', 'pricing']);
    const features = sections[1];
    expect(features?.cards.map((card) => card.blocks.map((index) => blocks[index]?.text))).toEqual([
      ['Smart capture', 'Reads every invoice.'],
      ['Approvals', 'Routes every invoice.'],
    ]);
  });

  it('a section without a known heading takes its kind from most of its blocks’ markup', () => {
    const page = read(
      `${HERO}<section class="testimonials"><h2>Don’t take our word for it</h2><div class="testimonial"><p>They answer the phone on the first ring.</p></div><div class="testimonial"><p>Our laptops are patched before we notice.</p></div></section>`,
    );
    expect(sectionKindOf(page, 'They answer the phone')).toBe('testimonials');
  });
});

describe('feature and offering cards', () => {
  it('cards under "Features" are features', () => {
    const page = read(
      `${HERO}<section><h2>Features</h2><div class="card"><h3>Smart capture</h3><p>Invoices are read and coded as they arrive.</p></div><div class="card"><h3>Approval workflows</h3><p>Each invoice goes to the budget owner in Slack.</p></div></section>`,
    );
    expect(roleOf(page, 'Smart capture')).toBe('feature');
    expect(roleOf(page, 'Invoices are read and coded')).toBe('feature');
    expect(roleOf(page, 'Each invoice goes to the budget owner')).toBe('feature');
  });

  it('two or more headed cards with prose under a heading the lexicon does not know are the offering', () => {
    const page = read(
      `${HERO}<section><h2>Mehr als Lieferung</h2>` +
        '<div class="col"><h3>Kühlkette</h3><p>Wir liefern gekühlte Ware bei zwei bis acht Grad in die ganze Region.</p></div>' +
        '<div class="col"><h3>Lagerung</h3><p>Ihre Paletten stehen in unserem Kühllager bereit, bis Ihre Kunden bestellen.</p></div></section>',
      { lang: 'de' },
    );
    expect(sectionKindOf(page, 'Wir liefern gekühlte Ware')).toBe('other');
    expect(entryOf(page, 'Wir liefern gekühlte Ware')).toMatchObject({ role: 'feature', confidence: 0.45 });
    expect(roleOf(page, 'Ihre Paletten stehen')).toBe('feature');
  });

  it('headed cards with prose under the hero’s heading, on a page without section headings, are the offering', () => {
    const page = read(
      '<h1>Good at the job. Now in charge of the people doing it.</h1><p>Training for new team leaders in logistics.</p>' +
        '<div class="col"><h3>First-Line Manager Programme</h3><p>Four days over eight weeks for new team leaders and supervisors.</p></div>' +
        '<div class="col"><h3>Toolbox Talk Coaching</h3><p>A half-day on your site coaching supervisors to run a briefing.</p></div>' +
        '<section><h2>Open courses or in-house</h2><p>Open courses in Leeds and Sheffield every month.</p></section>',
    );
    expect(entryOf(page, 'Four days over eight weeks').role).toBe('feature');
    expect(entryOf(page, 'A half-day on your site').role).toBe('feature');
    expect(entryOf(page, 'Training for new team leaders').role).toBe('hero');
  });

  it('one headed card under an unknown heading is no offering', () => {
    const page = read(
      `${HERO}<section><h2>Mehr als Lieferung</h2><h3>Kühlkette</h3><p>Wir liefern gekühlte Ware bei zwei bis acht Grad in die ganze Region.</p></section>`,
      { lang: 'de' },
    );
    expect(roleOf(page, 'Wir liefern gekühlte Ware')).toBe('text');
  });

  it('people’s cards under an unknown heading are no offering', () => {
    const page = read(
      `${HERO}<section><h2>The people behind it</h2>` +
        '<div class="person"><h3>Anna Schmidt</h3><p>Anna has run payroll for small firms for twenty years.</p></div>' +
        '<div class="person"><h3>Tom Becker</h3><p>Tom looks after pensions and year-end filings for our clients.</p></div></section>',
    );
    expect(roleOf(page, 'Anna has run payroll')).not.toBe('feature');
    expect(roleOf(page, 'Tom looks after pensions')).not.toBe('feature');
  });

  it('paragraphs under "What we take off your plate" are features', () => {
    const page = read(
      `${HERO}<section><h2>What we take off your plate</h2><p>We run payroll every month and send payslips to each employee.</p><p>We file every return with HMRC before the deadline.</p></section>`,
    );
    expect(sectionKindOf(page, 'We run payroll every month')).toBe('features');
    expect(roleOf(page, 'We run payroll every month')).toBe('feature');
    expect(roleOf(page, 'We file every return')).toBe('feature');
  });

  it('a list item with a bold lead outside any known section is a feature', () => {
    const page = read(
      `${HERO}<section><h2>Inside the box</h2><ul><li><strong>Remote wipe.</strong> Lost laptops are locked and wiped from one screen.</li></ul></section>`,
    );
    expect(roleOf(page, 'Remote wipe.')).toBe('feature');
  });
});

describe('specs, prices, quotes, steps, legal and the rest', () => {
  it('datasheet rows and "Name: value unit" lines are specs', () => {
    const page = read(
      `${HERO}<section><h2>Technical data</h2><table><tr><th>Operating range</th><td>-40 to +85 °C</td></tr><tr><th>Battery</th><td>3.6 V lithium, 5 years</td></tr></table>` +
        '<dl><dt>Enclosure</dt><dd>IP67 polycarbonate</dd></dl></section>' +
        '<section><h2>The sensor</h2><p>Weight: 120 g with battery</p></section>',
    );
    expect(entryOf(page, 'Operating range')).toMatchObject({ role: 'spec', confidence: 0.9 });
    expect(roleOf(page, '3.6 V lithium, 5 years')).toBe('spec');
    expect(roleOf(page, 'IP67 polycarbonate')).toBe('spec');
    expect(entryOf(page, 'Weight: 120 g with battery')).toMatchObject({ role: 'spec', confidence: 0.6 });
  });

  it('prose that mentions a unit is not a spec line', () => {
    const page = read(
      `${HERO}<section><h2>Why it matters</h2><p>When a reefer door is left open for ten minutes, the load above 8 °C is lost, and nobody finds out until the receiver refuses the pallet at the dock the next morning.</p></section>`,
    );
    expect(roleOf(page, 'When a reefer door')).not.toBe('spec');
  });

  it('prices are prices, in a pricing section or on a short line', () => {
    const page = read(
      `${HERO}<section><h2>Pricing</h2><div class="plan"><h3>Starter</h3><p>€49 per month, up to 25 employees, payslips and filings included.</p></div></section>` +
        '<section><h2>Get going</h2><p>From $29 per user per month.</p></section>',
    );
    expect(roleOf(page, '€49 per month')).toBe('price');
    expect(roleOf(page, 'From $29 per user per month.')).toBe('price');
  });

  it('a long sentence with a figure in euros outside pricing is not a price', () => {
    const page = read(
      `${HERO}<section><h2>Our story</h2><p>Since 2009 we have recovered more than €4 million in overpaid freight for shippers across Europe, one audited invoice at a time, and we still read every one.</p></section>`,
    );
    expect(roleOf(page, 'Since 2009')).not.toBe('price');
  });

  it('quotes and their bylines in a testimonials section', () => {
    const page = read(
      `${HERO}<section><h2>What our customers say</h2><blockquote>We close the month in four days now, not nine.</blockquote><p>Maria Lopez, VP Finance, Arcadia Foods</p></section>`,
    );
    expect(entryOf(page, 'We close the month')).toMatchObject({ role: 'quote', confidence: 0.9 });
    expect(roleOf(page, 'Maria Lopez, VP Finance, Arcadia Foods')).toBe('attribution');
  });

  it('a paragraph that is a quotation with its byline after a dash is a quote anywhere', () => {
    const page = read(
      `${HERO}<section><h2>Results</h2><p>“Our pickers walk half as far since the switch.” — Luis Moreno, Head of Logistics</p></section>`,
    );
    expect(roleOf(page, '“Our pickers walk')).toBe('quote');
  });

  it('steps under "How it works" / "Ablauf"', () => {
    const page = read(
      `${HERO}<section><h2>How it works</h2><ol><li>Connect your ERP.</li><li>Forward your invoices.</li></ol></section>` +
        '<section><h2>Ablauf</h2><ol><li>Wir übernehmen Ihre Stammdaten.</li></ol></section>',
    );
    expect(roleOf(page, 'Connect your ERP.')).toBe('step');
    expect(roleOf(page, 'Wir übernehmen Ihre Stammdaten.')).toBe('step');
  });

  it('legal text: an imprint section, a footer-classed block, a cookie notice', () => {
    const page = read(
      `${HERO}<section><h2>Impressum</h2><p>Lohnbüro Krause GmbH, Amtsgericht Köln HRB 12345.</p></section>` +
        '<div class="site-footer"><p>Registered in England and Wales.</p></div>' +
        '<div class="CookieBanner"><p>We use cookies to measure how the site is used.</p></div>',
    );
    expect(roleOf(page, 'Lohnbüro Krause GmbH')).toBe('legal');
    expect(roleOf(page, 'Registered in England and Wales.')).toBe('legal');
    expect(roleOf(page, 'We use cookies')).toBe('legal');
  });

  it('navigation drawn as a div is nav', () => {
    const page = read(`${HERO}<div class="main-navigation"><ul><li>Platform overview</li></ul></div>`);
    expect(roleOf(page, 'Platform overview')).toBe('nav');
  });

  it('a button-like line is a call to action, and so is an invitation in a sentence', () => {
    const page = read(
      `${HERO}<section><h2>Next steps</h2><p>Book a demo</p><p>If this sounds like your team, we should talk.</p></section>`,
    );
    expect(roleOf(page, 'Book a demo')).toBe('cta');
    expect(roleOf(page, 'If this sounds like your team')).toBe('cta');
  });

  it('the hero: the h1 section’s text is hero, unless it complains', () => {
    const page = read(
      '<h1>Stop keying invoices by hand</h1><p>Ledgerly reads every supplier invoice and routes it for approval.</p><p>Your AP team still re-keys every invoice by hand and month-end is a scramble.</p>',
    );
    expect(roleOf(page, 'Ledgerly reads every supplier invoice')).toBe('hero');
    expect(roleOf(page, 'Your AP team still re-keys')).toBe('problem');
  });

  it('every block gets a role and a section, and readPage keeps the blocks it was given', () => {
    const { blocks } = extract(`${HERO}<section><h2>Features</h2><p>Reads every invoice.</p></section>`);
    const page = readPage(blocks);
    expect(page.blocks.map((entry) => entry.block)).toEqual(blocks);
    for (const entry of page.blocks) {
      expect(page.sections[entry.section]?.blocks).toContain(page.blocks.indexOf(entry));
      expect(entry.confidence).toBeGreaterThan(0);
      expect(entry.confidence).toBeLessThanOrEqual(1);
    }
  });
});

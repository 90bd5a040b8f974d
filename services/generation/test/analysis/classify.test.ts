/**
 * Classification (src/analysis/classify/classify.ts): which of the playbook's business functions a
 * company serves, whether it sells software, services or products, and the industries it names,
 * from the words of its page read by role.
 */
import { describe, expect, it } from 'vitest';
import { classify, weightedTexts } from '../../src/analysis/classify/classify.ts';
import { readPage } from '../../src/analysis/read/roles.ts';
import { GENERAL_FUNCTION, playbook } from '../../src/playbook/index.ts';
import { analyse, extract } from './support/pages.ts';

interface Company {
  name: string;
  lang: 'en' | 'de' | 'fr' | 'es';
  title: string;
  body: string;
  function: string;
  kind: 'software' | 'services' | 'products';
}

const COMPANIES: Company[] = [
  {
    name: 'AP automation software',
    lang: 'en',
    title: 'Ledgerly | Accounts payable automation for mid-market finance teams',
    function: 'accounts-payable',
    kind: 'software',
    body: `<h1>Accounts payable on autopilot</h1>
      <p>Ledgerly captures every supplier invoice, matches it to the purchase order and routes it for approval, so your AP team pays on time without the paper.</p>
      <section><h2>Features</h2>
        <div class="card"><h3>Invoice capture</h3><p>Reads PDF and paper invoices and codes each line to the right GL account.</p></div>
        <div class="card"><h3>Three-way matching</h3><p>Checks every invoice against the PO and the goods receipt before anyone approves it.</p></div>
        <div class="card"><h3>Approval workflows</h3><p>Sends each invoice to its budget owner and chases them until it is signed off.</p></div>
        <div class="card"><h3>Supplier payments</h3><p>Pay suppliers by bank transfer in one batch, with remittance advice sent automatically.</p></div>
      </section>
      <section><h2>Integrations</h2><p>Works with NetSuite, Sage Intacct, Xero and Microsoft Dynamics.</p></section>
      <p>Start your free trial. Plans from $400 per month.</p>`,
  },
  {
    name: 'payroll bureau',
    lang: 'en',
    title: 'Pennypay | Payroll bureau for small businesses',
    function: 'payroll',
    kind: 'services',
    body: `<h1>Your payroll, done for you every month</h1>
      <p>Our team runs payroll for 400 small businesses across the UK: payslips, RTI submissions to HMRC and pension auto-enrolment, all handled by a named payroll specialist.</p>
      <section><h2>Our services</h2><ul>
        <li>Monthly and weekly payroll processing, with payslips sent to every employee.</li>
        <li>RTI filings, P60s and P11Ds submitted to HMRC on time.</li>
        <li>Pension auto-enrolment assessments and contributions.</li>
        <li>Starters, leavers, sick pay and maternity pay calculated for you.</li>
      </ul></section>
      <section><h2>Why choose us</h2><p>A named payroll specialist who knows your business, and an outsourced payroll service you never have to chase.</p></section>`,
  },
  {
    name: 'warehouse management system',
    lang: 'en',
    title: 'Shelfwise WMS | Warehouse management software',
    function: 'warehouse-operations',
    kind: 'software',
    body: `<h1>The warehouse management system for fast-moving fulfilment</h1>
      <p>Shelfwise directs picking, putaway and shipping on the warehouse floor, from receiving to the dock door.</p>
      <section><h2>Capabilities</h2>
        <div class="card"><h3>Wave and batch picking</h3><p>Pick paths follow the aisles, so pickers walk less and pick more orders per hour.</p></div>
        <div class="card"><h3>Directed putaway</h3><p>Every pallet goes to the right bin location as soon as it is received.</p></div>
        <div class="card"><h3>Dock scheduling</h3><p>Carriers book their own dock appointments, so trucks stop queuing at the gate.</p></div>
        <div class="card"><h3>Scan to verify</h3><p>Every carton is scanned at pack-out, so mispicks never leave the building.</p></div>
      </section>
      <section><h2>Built for retailers and 3PLs</h2><p>Warehouse managers at retailers and third-party logistics providers run their distribution centres on Shelfwise.</p></section>`,
  },
  // Service and product businesses with a playbook function of their own (not the nearest software).
  {
    name: 'law firm',
    lang: 'en',
    title: 'Ashby Rowe Solicitors | Commercial law firm in Bristol',
    function: 'legal-services',
    kind: 'services',
    body: `<h1>Straightforward legal advice for growing businesses</h1>
      <p>Ashby Rowe is a commercial law firm. Our solicitors advise owner-managed companies on contracts, disputes and property.</p>
      <section><h2>How we help</h2>
        <div class="card"><h3>Commercial contracts</h3><p>Terms of business, supply agreements and contract reviews before you sign.</p></div>
        <div class="card"><h3>Dispute resolution</h3><p>We resolve disputes with customers and suppliers, in negotiation or in court.</p></div>
        <div class="card"><h3>Commercial property</h3><p>Leases, lease renewals and property purchases for your premises.</p></div>
      </section>`,
  },
  {
    name: 'German freight forwarder',
    lang: 'de',
    title: 'Spedition Krämer | Internationale Spedition für Landverkehr, See- und Luftfracht',
    function: 'freight-forwarding',
    kind: 'services',
    body: `<h1>Ihre Spedition für Europa und die Welt</h1>
      <p>Komplettladungen, Teilladungen und Stückgut, dazu Seefracht und Luftfracht aus einer Hand.</p>
      <section><h2>Leistungen</h2>
        <div class="card"><h3>Sammelgut und Stückgut mit täglichen Abfahrten</h3><p>Ihre Paletten fahren jeden Abend in unserem Netz.</p></div>
        <div class="card"><h3>Zollabfertigung und Verzollung durch unsere Zollagentur</h3><p>Wir erledigen Import- und Exportanmeldungen für Sie.</p></div>
        <div class="card"><h3>Kühltransporte und temperaturgeführte Transporte</h3><p>Lebensmittel und Pharma mit lückenloser Temperaturaufzeichnung.</p></div>
      </section>`,
  },
  {
    name: 'contract manufacturer',
    lang: 'en',
    title: 'Northbeck Precision | CNC machining and sheet metal fabrication for OEMs',
    function: 'contract-manufacturing',
    kind: 'services',
    body: `<h1>Parts made to your drawings, on time</h1>
      <p>Northbeck is a contract manufacturer for machine builders and medical device OEMs: CNC milling, CNC turning and sheet metal fabrication from prototype to production.</p>
      <section><h2>Capabilities</h2><ul>
        <li>5-axis CNC machining of aluminium, steel and plastics.</li>
        <li>Sheet metal fabrication: laser cutting, bending and welding.</li>
        <li>Assembly services and kitting for ready-to-fit units.</li>
      </ul></section>`,
  },
  {
    name: 'French invoice finance provider',
    lang: 'fr',
    title: 'Flexia | Affacturage et financement de trésorerie pour les PME',
    function: 'business-finance',
    kind: 'services',
    body: `<h1>Financez vos factures sans attendre vos clients</h1>
      <p>Flexia avance jusqu'à 90 % de vos factures clients et finance vos équipements.</p>
      <section><h2>Nos solutions</h2>
        <div class="card"><h3>Affacturage ponctuel</h3><p>Choisissez les factures à financer, facture par facture.</p></div>
        <div class="card"><h3>Crédit-bail et location financière</h3><p>Vos machines et véhicules financés sans toucher à votre trésorerie.</p></div>
        <div class="card"><h3>Financement des stocks</h3><p>Une ligne de financement pour constituer vos stocks avant la saison.</p></div>
      </section>`,
  },
  {
    name: 'connected sensor maker',
    lang: 'en',
    title: 'Nodewell | LoRaWAN IoT sensors and gateways for buildings and industry',
    function: 'connected-devices',
    kind: 'products',
    body: `<h1>Wireless IoT sensors that run for years on one battery</h1>
      <p>Nodewell makes wireless sensors for air quality, water leaks and tank levels, with gateways and alerts. See our products and datasheets.</p>
      <section><h2>Our products</h2>
        <div class="card"><h3>Indoor air quality sensors</h3><p>CO2, temperature and humidity every ten minutes, ten years of battery life.</p></div>
        <div class="card"><h3>LoRaWAN gateway</h3><p>One gateway covers a whole site, indoors and out.</p></div>
        <div class="card"><h3>SMS and email alerts</h3><p>The right person hears about a leak at night, not the next morning.</p></div>
      </section>`,
  },
  // …and their software neighbours stay software.
  {
    name: 'applicant tracking software',
    lang: 'en',
    title: 'Hirewell | Applicant tracking system and recruiting software for growing teams',
    function: 'recruiting',
    kind: 'software',
    body: `<h1>Hire faster with one recruiting platform</h1>
      <p>Hirewell is the applicant tracking system that posts your jobs, scores applicants and books interviews. Start a free trial.</p>
      <section><h2>Features</h2><ul>
        <li>Job posting to every job board in one click.</li>
        <li>Interview scheduling that finds a slot for the whole panel.</li>
        <li>Recruiting analytics: time to hire and source of hire on a dashboard.</li>
      </ul></section>`,
  },
  {
    name: 'manufacturing execution system',
    lang: 'en',
    title: 'Lineview MES | Manufacturing execution system for discrete manufacturers',
    function: 'manufacturing-operations',
    kind: 'software',
    body: `<h1>Lineview connects your machines and operators</h1>
      <p>Production scheduling, OEE tracking and digital work instructions in one MES platform. Book a demo.</p>
      <section><h2>Features</h2><ul>
        <li>Finite capacity scheduling that updates when a machine stops.</li>
        <li>OEE and downtime tracking on every line, live.</li>
        <li>Batch traceability from raw material to shipment.</li>
      </ul></section>`,
  },
  {
    name: 'staffing agency',
    lang: 'en',
    title: 'ShiftReady | Temporary staffing agency for warehouses and factories',
    function: 'staffing-agency',
    kind: 'services',
    body: `<h1>Reliable temporary staff, at short notice</h1>
      <p>ShiftReady is a staffing agency that supplies vetted temporary workers to warehouses, factories and distribution centres.</p>
      <section><h2>Our services</h2><ul>
        <li>Temporary staffing for peak season and last-minute gaps.</li>
        <li>Temp-to-perm recruitment for roles you want to fill for good.</li>
        <li>Permanent recruitment of shift supervisors and team leaders.</li>
      </ul></section>
      <section><h2>How we work</h2><p>Our recruiters screen every candidate, check right to work and references, and send you a shortlist within 24 hours.</p></section>`,
  },
  {
    name: 'managed service provider',
    lang: 'en',
    title: 'Northgate IT | Managed IT services for small businesses',
    function: 'managed-it-services',
    kind: 'services',
    body: `<h1>Managed IT support for growing businesses</h1>
      <p>Northgate IT is your outsourced IT department: an IT helpdesk that answers on the first ring, proactive monitoring and patching, all for a fixed monthly fee per user.</p>
      <section><h2>What we take off your plate</h2><ul>
        <li>Unlimited IT helpdesk support by phone, email and remote session.</li>
        <li>Proactive monitoring, patch management and backups for every device.</li>
        <li>Cyber security, Microsoft 365 administration and onboarding of new starters.</li>
        <li>On-site engineers when a problem cannot be fixed remotely.</li>
      </ul></section>
      <section><h2>Who we work with</h2><p>Offices of 10 to 150 people with no IT team of their own.</p></section>`,
  },
  {
    name: 'cold chain sensors',
    lang: 'en',
    title: 'Frostline | Wireless temperature sensors for cold chain monitoring',
    function: 'cold-chain',
    kind: 'products',
    body: `<h1>Temperature monitoring for every fridge, freezer and reefer</h1>
      <p>Frostline wireless temperature sensors log your cold rooms and refrigerated trucks around the clock and alert you before a temperature excursion spoils stock.</p>
      <section><h2>Our products</h2>
        <div class="product"><h3>FL-200 cold room sensor</h3><p>Logs temperature every minute and sends alarms to your phone. In stock, ships in two days.</p></div>
        <div class="product"><h3>FL-300 reefer logger</h3><p>Tracks temperature in transit and keeps HACCP records for every delivery. Download the datasheet.</p></div>
      </section>
      <section><h2>Technical data</h2><table><tr><th>Range</th><td>-40 to +85 °C</td></tr><tr><th>Accuracy</th><td>±0.3 °C</td></tr><tr><th>Battery</th><td>3.6 V lithium, 5 years</td></tr></table></section>
      <p>Order online or request a quote for 50 sensors or more.</p>`,
  },
  {
    name: 'German Lohnbüro',
    lang: 'de',
    title: 'Lohnbüro Krause | Lohnabrechnung für kleine und mittlere Unternehmen',
    function: 'payroll',
    kind: 'services',
    body: `<h1>Ihre Lohnabrechnung in guten Händen</h1>
      <p>Das Lohnbüro Krause übernimmt die Lohn- und Gehaltsabrechnung für Handwerksbetriebe und Mittelständler in ganz NRW.</p>
      <section><h2>Unsere Leistungen</h2><ul>
        <li>Monatliche Lohn- und Gehaltsabrechnung mit Lohnabrechnungen für jeden Mitarbeiter.</li>
        <li>Meldungen an Krankenkassen, Finanzamt und Berufsgenossenschaft.</li>
        <li>Baulohn, Kurzarbeitergeld und Saison-Kurzarbeitergeld.</li>
        <li>Lohnsteueranmeldung und Jahresmeldungen pünktlich zum Termin.</li>
      </ul></section>
      <section><h2>Warum wir</h2><p>Unser Team aus Lohnbuchhaltern kennt die Tarifverträge im Handwerk und ist persönlich für Sie erreichbar.</p></section>`,
  },
  {
    name: 'French cabinet comptable',
    lang: 'fr',
    title: 'Cabinet Durand | Expert-comptable pour TPE et indépendants',
    function: 'bookkeeping-services',
    kind: 'services',
    body: `<h1>Votre expert-comptable en ligne et près de chez vous</h1>
      <p>Le cabinet Durand tient la comptabilité de plus de 300 TPE, artisans et professions libérales en Île-de-France.</p>
      <section><h2>Nos services</h2><ul>
        <li>Tenue de comptabilité et saisie de vos pièces chaque mois.</li>
        <li>Bilan annuel, liasse fiscale et déclarations de TVA.</li>
        <li>Conseil en création d’entreprise et choix du statut juridique.</li>
        <li>Un tableau de bord mensuel pour piloter votre trésorerie.</li>
      </ul></section>
      <section><h2>Notre équipe</h2><p>Notre équipe d’experts-comptables et de collaborateurs vous accompagne toute l’année, sans surprise d’honoraires.</p></section>`,
  },
  {
    name: 'Spanish empresa de limpieza',
    lang: 'es',
    title: 'Limpiezas Brillo | Empresa de limpieza de oficinas en Madrid',
    function: 'facilities-management',
    kind: 'services',
    body: `<h1>Limpieza profesional de oficinas y locales comerciales</h1>
      <p>Limpiezas Brillo es una empresa de limpieza con más de veinte años limpiando oficinas, comunidades de vecinos y naves industriales en Madrid.</p>
      <section><h2>Nuestros servicios</h2><ul>
        <li>Limpieza diaria de oficinas, fuera del horario de trabajo.</li>
        <li>Limpieza de cristales, moquetas y suelos.</li>
        <li>Limpieza de fin de obra y limpiezas a fondo.</li>
        <li>Mantenimiento de jardines y pequeñas reparaciones.</li>
      </ul></section>
      <section><h2>Nuestro equipo</h2><p>Nuestro equipo de limpiadoras y supervisores trabaja con productos ecológicos y un plan de limpieza a medida.</p></section>`,
  },
  {
    name: 'supervisor training provider',
    lang: 'en',
    title: 'Harlow Lane Training – Supervisor and safety training for manufacturers',
    function: 'learning-training',
    kind: 'services',
    body: `<h1>Confident supervisors on every shift.</h1>
      <p>Harlow Lane runs team leader, supervisor and health and safety training for food and engineering manufacturers, on your site and around your shift patterns.</p>
      <section><h2>Programmes</h2>
        <div class="card"><h3>New supervisor programme</h3><p>Five half-day modules on handovers, absence conversations and setting standards.</p></div>
        <div class="card"><h3>Coaching</h3><p>One-to-one coaching on the shop floor for the first six months in the role.</p></div>
      </section>
      <p>IOSH approved training provider.</p>`,
  },
  {
    // What follows "for" is whom it serves: an accountancy for agencies is not an agency.
    name: 'accountants for design agencies',
    lang: 'en',
    title: 'Carrow & Finch | Chartered accountants for design agencies and creative studios',
    function: 'bookkeeping-services',
    kind: 'services',
    body: `<h1>Accounts that keep up with your agency.</h1>
      <p>Our team handles bookkeeping, VAT returns and year-end accounts for studios of 5 to 80 people.</p>`,
  },
  {
    // "for" followed by the function: the words before it name none, so the function is what follows.
    name: 'software for accounts payable teams',
    lang: 'en',
    title: 'Paydeck | Software for accounts payable teams',
    function: 'accounts-payable',
    kind: 'software',
    body: `<h1>Software for accounts payable teams</h1>
      <p>Paydeck reads every supplier invoice and routes it for approval.</p>`,
  },
  {
    name: 'technician supplier',
    lang: 'en',
    title: 'Ridgeway Technical | Substation engineers and cable jointers, contract and permanent',
    function: 'staffing-agency',
    kind: 'services',
    body: `<h1>Engineers on site, not on the phone.</h1>
      <p>Ridgeway Technical supplies technicians and HV engineers to network operators, on day rates or permanent.</p>`,
  },
];

function classified(company: Pick<Company, 'body' | 'title' | 'lang'>) {
  const page = extract(company.body, { title: company.title, lang: company.lang });
  return classify(weightedTexts(readPage(page.blocks), [page.title]));
}

describe('companies that are clearly different go to their own function and kind', () => {
  it.each(COMPANIES)('$name → $function ($kind)', (company) => {
    const result = classified(company);
    expect(
      { function: result.function, kind: result.kind },
      `alternatives: ${JSON.stringify(result.alternatives)}`,
    ).toEqual({
      function: company.function,
      kind: company.kind,
    });
    expect(result.confidence).toBeGreaterThanOrEqual(0.4);
    expect(result.alternatives.every((alternative) => alternative.confidence < result.confidence)).toBe(true);
    expect(result.alternatives.map((alternative) => alternative.function)).not.toContain(company.function);
  });

  it.each(COMPANIES)('the analysis of the $name page keeps that function', (company) => {
    const analysis = analyse(company.body, { title: company.title, lang: company.lang });
    expect(analysis.classification?.function).toBe(company.function);
    expect(analysis.classification?.kind).toBe(company.kind);
    expect(analysis.language).toBe(company.lang);
    expect(analysis.classification?.label).toBe(playbook().functions.get(company.function)?.label[company.lang]);
  });

  it('every expected function is one the playbook has', () => {
    for (const company of COMPANIES) expect(playbook().functions.has(company.function)).toBe(true);
  });
});

describe('vague pages', () => {
  const VAGUE = `<h1>Grow with confidence</h1>
    <p>We help ambitious businesses reach their full potential with innovative solutions and a passionate team.</p>
    <section><h2>Why us</h2><p>Excellence, integrity and partnership are at the heart of everything we do.</p>
    <p>Get in touch to find out how we can help you succeed.</p></section>`;

  it('copy that names no function is general B2B, with low confidence', () => {
    const result = classified({ body: VAGUE, title: 'Apex Partners | Home', lang: 'en' });
    expect(result.function).toBe(GENERAL_FUNCTION);
    expect(result.confidence).toBeLessThan(0.3);
  });

  it('the analysis of a vague page says so in its notice', () => {
    const analysis = analyse(VAGUE, { title: 'Apex Partners | Home' });
    expect(analysis.classification?.function).toBe(GENERAL_FUNCTION);
    expect(analysis.notice).toMatch(/couldn't tell clearly what this company does/);
  });

  it('an empty page is general B2B with no confidence at all', () => {
    const result = classify([]);
    expect(result).toMatchObject({ function: GENERAL_FUNCTION, confidence: 0, alternatives: [], industries: [] });
  });

  it('one passing word of a function is not enough to name it', () => {
    const result = classified({
      body: '<h1>Hello</h1><p>We are a friendly team and we send every invoice on time.</p>',
      title: 'Hello',
      lang: 'en',
    });
    expect(result.function).toBe(GENERAL_FUNCTION);
  });
});

describe('greetings are not a business function', () => {
  it('a page whose title and headline only say "Welcome" is general B2B', () => {
    const result = classified({
      body: '<h1>Welcome</h1><p>We are glad you are here. Have a look around and get in touch.</p>',
      title: 'Welcome',
      lang: 'en',
    });
    expect(result.function).toBe(GENERAL_FUNCTION);
  });
});

describe('where a word stands counts', () => {
  it('words in navigation and legal text count for nothing', () => {
    const nav =
      '<div class="main-navigation"><ul><li>Payroll</li><li>Payslips</li><li>Pension auto-enrolment</li><li>Payroll bureau</li></ul></div>';
    const legal =
      '<section><h2>Impressum</h2><p>Payroll, payslips, RTI filings and pension auto-enrolment services for small businesses.</p></section>';
    const result = classified({
      body: `<h1>Hello there</h1><p>We are glad you are here.</p>${nav}${legal}`,
      title: 'Hello there',
      lang: 'en',
    });
    expect(result.function).toBe(GENERAL_FUNCTION);
  });

  it('the same words in the hero name the function', () => {
    const result = classified({
      body: '<h1>Payroll bureau for small businesses</h1><p>Payslips, RTI filings and pension auto-enrolment, every month.</p>',
      title: 'Hello there',
      lang: 'en',
    });
    expect(result.function).toBe('payroll');
  });
});

describe('what the company is, not whom it serves', () => {
  // A firm whose title and hero say what it does, and whose hero and cards name its clients'
  // sectors: care providers are its clients, not its function.
  const lawFirm = {
    title: 'Harwick Vane | Employment lawyers for employers',
    lang: 'en' as const,
    body: `<h1>Employment law advice for employers</h1>
      <p>Harwick Vane is a team of nine employment solicitors. We act for care providers, retailers and manufacturers with 50 to 2,000 staff.</p>
      <section><h2>Who we work with</h2>
        <div class="card"><h3>Care providers</h3><p>Rotas, sickness absence and disciplinary hearings for home care and residential care providers.</p></div>
        <div class="card"><h3>Retailers</h3><p>Zero-hours contracts and seasonal staff for store chains.</p></div>
      </section>
      <section><h2>What we do</h2><ul>
        <li>A fixed-fee adviceline for your managers and HR team.</li>
        <li>Contracts, handbooks and policies kept up to date.</li>
        <li>Tribunal defence when a claim comes in.</li>
      </ul></section>`,
  };

  it('a firm is classified by what its title and hero say it does, not by its clients sectors', () => {
    const result = classified(lawFirm);
    expect(result.function, JSON.stringify(result.alternatives)).not.toBe('care-operations');
    expect(result.function).toBe('legal-services');
    expect(result.kind).toBe('services');
    // The clients' sector is an industry the firm serves.
    expect(result.industries.map((industry) => industry.industry)).toContain('healthcare');
    expect(result.alternatives.every((alternative) => alternative.confidence <= result.confidence)).toBe(true);
  });

  it('only functions the title and hero name are candidates, however often the page names its clients work', () => {
    const clientsWork = [
      'Rotas and sickness absence at home care providers',
      'Disciplinary hearings in residential care and nursing homes',
      'Care workers, carers and visit scheduling disputes',
      'Safeguarding and care plans after an inspection',
    ].map((text) => ({ text, weight: 1.5 }));
    const page = [
      { text: 'Employment law for employers', weight: 3, identity: true },
      { text: 'Employment solicitors: an HR adviceline, contracts and tribunal defence', weight: 3, identity: true },
      ...clientsWork,
    ];
    const result = classify(page);
    expect(result.function, JSON.stringify(result.alternatives)).toBe('legal-services');
    // Still an alternative, below the choice, for the user to pick on the analysis card.
    expect(result.alternatives.map((alternative) => alternative.function)).toContain('care-operations');
    expect(result.alternatives.every((alternative) => alternative.confidence <= result.confidence)).toBe(true);
    // The same words with nothing saying what the company is: the page's words decide.
    expect(classify(page.map(({ text, weight }) => ({ text, weight }))).function).toBe('care-operations');
  });

  it('a title that is only a brand leaves the choice to the whole page', () => {
    const result = classified({
      ...lawFirm,
      title: 'Harwick Vane',
      body: lawFirm.body.replace(/<h1>.*<\/h1>/, '<h1>Welcome</h1>'),
    });
    // Nothing says what the firm is where it says who it is: the page's words decide, as before.
    expect(result.function).not.toBe(GENERAL_FUNCTION);
  });
});

describe('industries the page says it serves', () => {
  it('an audience heading "Built for retailers and 3PLs" names retail', () => {
    const result = classified({
      body: '<h1>Pick faster</h1><p>Shelfwise plans every pick wave.</p><section><h2>Built for retailers and 3PLs</h2><p>Teams of every size.</p></section>',
      title: 'Shelfwise',
      lang: 'en',
    });
    expect(result.industries.map((industry) => industry.industry)).toContain('retail');
  });

  it('a WMS page "Built for retailers and 3PLs" names both retail and logistics', () => {
    const result = classified(COMPANIES[2] as Company);
    expect(result.industries.map((industry) => industry.industry)).toEqual(
      expect.arrayContaining(['retail', 'logistics']),
    );
  });

  it('"Built for retail" names retail as "Built for retailers" does', () => {
    const industriesOf = (line: string) =>
      classified({
        body: `<h1>Pick faster</h1><section><h2>Who we serve</h2><p>${line}</p></section>`,
        title: 'Shelfwise',
        lang: 'en',
      }).industries.map((industry) => industry.industry);
    expect(industriesOf('Built for retailers.')).toContain('retail');
    expect(industriesOf('Built for retail.')).toContain('retail');
  });

  it.each([
    ['Scheduling software for hospitals and clinics', 'healthcare'],
    ['Trusted by hotels and restaurants across Europe', 'hospitality'],
    ['Für Bauunternehmen und Generalunternehmer auf der Baustelle', 'construction'],
    ['Pour les écoles et les universités', 'education'],
    ['Para fabricantes y plantas de producción', 'manufacturing'],
  ])('"%s" names %s', (line, industry) => {
    const result = classified({
      body: `<h1>Rota planning without the spreadsheet</h1><section><h2>Who we serve</h2><p>${line}.</p></section>`,
      title: 'Rota',
      lang: 'en',
    });
    expect(result.industries.map((each) => each.industry)).toContain(industry);
  });

  it('a page that names no industry names none', () => {
    const result = classified({
      body: '<h1>Payroll, done</h1><p>We run payroll every month and file every return on time.</p>',
      title: 'Pennypay | Payroll bureau',
      lang: 'en',
    });
    expect(result.industries).toEqual([]);
  });

  it('paying suppliers "by bank transfer" does not make banks an industry the page serves', () => {
    const result = classified(COMPANIES[0] as Company);
    expect(result.industries.map((industry) => industry.industry)).not.toContain('financial-services');
  });

  it('industries are ranked best first, three at most, each with a confidence up to 1', () => {
    const result = classified({
      body: '<h1>Software</h1><section><h2>Industries</h2><p>Retailers, 3PLs, manufacturers, hospitals, hotels, schools and law firms.</p><p>Retail and retail and retailers again.</p></section>',
      title: 'Industries',
      lang: 'en',
    });
    expect(result.industries.length).toBeLessThanOrEqual(3);
    expect(result.industries[0]?.industry).toBe('retail');
    const confidences = result.industries.map((industry) => industry.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    expect(confidences.every((value) => value > 0 && value <= 1)).toBe(true);
  });
});

/**
 * What the built-in analyser knows about the language of a page: how audiences are named, how
 * marketing copy states a benefit (so the pain it answers can be said back), which words signal
 * a business function or an industry, and how to phrase the result. English and German are
 * covered; other languages are read with the English lexicon.
 */

export type LanguageCode = 'en' | 'de';

export interface PainRule {
  /** Verb or marker; the object is read after it (or before it, for German word order). */
  pattern: RegExp;
  objectSide: 'after' | 'before';
  make: (object: string, head: string) => string;
  /** Lower runs first. Explicit problem words beat inferred ones. */
  priority: number;
}

export interface FunctionProfile {
  id: string;
  /** Words and phrases (lower case, up to three words) that point at this function. */
  keywords: string[];
  titles: Record<LanguageCode, string[]>;
  label: Record<LanguageCode, string>;
}

export interface SectorProfile {
  id: string;
  keywords: string[];
  label: Record<LanguageCode, string>;
}

export interface Lexicon {
  code: LanguageCode;
  and: string;
  /** Nouns that name a group of buyers: teams, companies, manufacturers… */
  groupNouns: string[];
  audiencePatterns: RegExp[];
  /** Words that end an object phrase ("reduce errors by 40%" → "errors"). */
  objectStops: Set<string>;
  determiners: Set<string>;
  vagueObjects: Set<string>;
  painRules: PainRule[];
  /** Headings of sections that list problems in the site's own words. */
  problemHeading: RegExp;
  /** Headings that are navigation or boilerplate rather than a capability. */
  genericHeading: RegExp;
  industriesHeading: RegExp;
  sizes: { pattern: RegExp; label: string }[];
  customersSentence: (names: string) => string;
  proofLabel: string;
  sectorClause: (sectors: string) => string;
  fallbackAudience: (functions: string, sectors: string) => string;
  /** "We help…" → "Acme helps…" where the language allows it; undefined otherwise. */
  rewriteWe?: (sentence: string, name: string) => string | undefined;
}

/** A word list written as comma-separated text (so it stays readable after formatting). */
const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Shared vocabulary (keywords in both languages; labels per language)

export const FUNCTIONS: FunctionProfile[] = [
  {
    id: 'finance',
    keywords: list(`
      finance, financial, accounting, accountants, cfo, cfos, controller, controllers, fp&a, ledger,
      reconciliation, month-end, close, invoice, invoices, invoicing, payables, receivables, audit, audits,
      budget, budgets, expense, expenses, treasury, cash flow, revenue recognition, bookkeeping, finanzen,
      buchhaltung, controlling, rechnungen, liquidität
    `),
    titles: {
      en: ['CFO', 'VP of Finance', 'Controller', 'Head of FP&A', 'Accounting Manager'],
      de: ['CFO / Finanzvorstand', 'Leiter Finanzen', 'Leiter Controlling', 'Leiter Buchhaltung'],
    },
    label: { en: 'finance', de: 'Finanzen' },
  },
  {
    id: 'sales',
    keywords: list(`
      sales, pipeline, quota, deals, crm, prospecting, outbound, account executives, sdrs, win rate, win rates,
      revops, revenue operations, sales teams, reps, bookings, vertrieb, vertriebsteams, außendienst
    `),
    titles: {
      en: ['VP of Sales', 'Chief Revenue Officer', 'Head of Revenue Operations', 'Sales Director'],
      de: ['Vertriebsleiter', 'Head of Sales', 'Leiter Vertriebsinnendienst'],
    },
    label: { en: 'sales', de: 'Vertrieb' },
  },
  {
    id: 'marketing',
    keywords: list(`
      marketing, campaigns, leads, demand generation, brand, seo, content marketing, funnel, attribution,
      marketers, audiences, werbung, kampagnen
    `),
    titles: {
      en: ['CMO', 'VP of Marketing', 'Head of Demand Generation', 'Marketing Operations Manager'],
      de: ['Marketingleiter', 'Head of Marketing', 'Leiter Online-Marketing'],
    },
    label: { en: 'marketing', de: 'Marketing' },
  },
  {
    id: 'operations',
    keywords: list(`
      production, manufacturing, plant, plants, factory, factories, shop floor, downtime, oee, maintenance,
      machines, machine, equipment, quality, defects, scrap, throughput, production lines, assembly, cnc,
      machining, tolerances, produktion, fertigung, maschinen, instandhaltung, stillstand, stillstände,
      stillstandzeiten, ausschuss, werk, werke, qualität, anlagen, rüstzeiten, fertigungsbetriebe
    `),
    titles: {
      en: ['VP of Operations', 'Plant Manager', 'Head of Maintenance', 'Production Manager', 'Quality Manager'],
      de: ['Produktionsleiter', 'Werksleiter', 'Leiter Instandhaltung', 'Qualitätsmanager', 'Geschäftsführer'],
    },
    label: { en: 'operations', de: 'Produktion' },
  },
  {
    id: 'procurement',
    keywords: list(`
      supply chain, procurement, supplier, suppliers, purchasing, sourcing, inventory, lead times,
      on-time delivery, lieferkette, einkauf, lieferanten, beschaffung
    `),
    titles: {
      en: ['VP of Supply Chain', 'Head of Procurement', 'Supplier Quality Manager', 'Purchasing Manager'],
      de: ['Einkaufsleiter', 'Leiter Supply Chain', 'Leiter Lieferantenmanagement'],
    },
    label: { en: 'supply chain', de: 'Einkauf' },
  },
  {
    id: 'logistics',
    keywords: list(`
      logistics, shipping, freight, warehouse, warehouses, fleet, fleets, delivery, deliveries, routes,
      routing, dispatch, dispatchers, drivers, vehicles, last-mile, logistik, lager, fuhrpark, touren
    `),
    titles: {
      en: ['Head of Logistics', 'Director of Transportation', 'Fleet Manager', 'Dispatch Manager'],
      de: ['Logistikleiter', 'Fuhrparkleiter', 'Leiter Disposition'],
    },
    label: { en: 'logistics', de: 'Logistik' },
  },
  {
    id: 'clinical',
    keywords: list(`
      patients, patient, clinic, clinics, clinical, physicians, doctors, nurses, hospital, hospitals, practice,
      practices, appointments, no-shows, intake, ehr, emr, care teams, referrals, telehealth, patienten,
      praxis, praxen, klinik, kliniken, ärzte, termine
    `),
    titles: {
      en: ['Practice Manager', 'Chief Medical Officer', 'Director of Patient Access', 'Clinic Operations Director'],
      de: ['Praxismanager', 'Ärztlicher Direktor', 'Klinikgeschäftsführer'],
    },
    label: { en: 'clinical operations', de: 'Praxis- und Klinikleitung' },
  },
  {
    id: 'revenue-cycle',
    keywords: list(`
      claims, claim denials, denials, revenue cycle, prior authorization, billing, reimbursement,
      reimbursements, payers, coding, abrechnung
    `),
    titles: {
      en: ['Revenue Cycle Director', 'Billing Manager', 'VP of Revenue Cycle Management'],
      de: ['Leiter Abrechnung', 'Leiter Erlösmanagement'],
    },
    label: { en: 'revenue cycle', de: 'Abrechnung' },
  },
  {
    id: 'it-security',
    keywords: list(`
      it teams, security, compliance, soc 2, iso 27001, identity, devices, endpoints, infrastructure, sso,
      access management, cyber, cybersecurity, phishing, ransomware, breach, breaches, threat, threats, mfa,
      backups, it-sicherheit, datenschutz
    `),
    titles: {
      en: ['CIO', 'CISO', 'IT Director', 'Head of Security'],
      de: ['IT-Leiter', 'CIO', 'Informationssicherheitsbeauftragter'],
    },
    label: { en: 'IT and security', de: 'IT und Sicherheit' },
  },
  {
    id: 'engineering',
    keywords: list(`
      developers, engineering, engineering teams, api, apis, code, deployments, devops, ci/cd, observability,
      incidents, uptime, microservices, kubernetes, sdk, entwickler
    `),
    titles: {
      en: ['CTO', 'VP of Engineering', 'Head of Platform Engineering', 'Engineering Manager'],
      de: ['CTO', 'Leiter Softwareentwicklung', 'Head of Engineering'],
    },
    label: { en: 'engineering', de: 'Entwicklung' },
  },
  {
    id: 'people',
    keywords: list(`
      hr, hiring, recruiting, recruiters, candidates, employees, onboarding, payroll, benefits, talent,
      people teams, workforce, personal, mitarbeiter, bewerber
    `),
    titles: {
      en: ['CHRO', 'VP of People', 'Head of Talent Acquisition', 'HR Manager'],
      de: ['Personalleiter', 'HR-Leiter', 'Leiter Recruiting'],
    },
    label: { en: 'HR', de: 'Personal' },
  },
  {
    id: 'support',
    keywords: list(`
      support, tickets, customer service, customer success, helpdesk, csat, churn, agents, kundenservice
    `),
    titles: {
      en: ['VP of Customer Success', 'Head of Support', 'Customer Service Director'],
      de: ['Leiter Kundenservice', 'Head of Customer Success'],
    },
    label: { en: 'customer support', de: 'Kundenservice' },
  },
  {
    id: 'risk',
    keywords: list(`
      kyc, aml, fraud, risk, underwriting, lending, loans, credit, borrowers, payments, chargebacks,
      regulators, regulatory, risiko, kredit, zahlungsverkehr
    `),
    titles: {
      en: ['Chief Risk Officer', 'Head of Payments', 'Head of Fraud Prevention', 'Chief Compliance Officer'],
      de: ['Leiter Risikomanagement', 'Leiter Zahlungsverkehr', 'Compliance-Beauftragter'],
    },
    label: { en: 'risk and payments', de: 'Risiko und Zahlungsverkehr' },
  },
  {
    id: 'ecommerce',
    keywords: list(`
      store, online store, shop, merchants, checkout, cart, orders, e-commerce, ecommerce, skus, onlineshop,
      händler
    `),
    titles: {
      en: ['Head of E-commerce', 'E-commerce Manager', 'Director of Digital'],
      de: ['Leiter E-Commerce', 'E-Commerce-Manager'],
    },
    label: { en: 'e-commerce', de: 'E-Commerce' },
  },
  {
    id: 'executive',
    keywords: list(`
      founders, owners, business owners, ceo, ceos, leadership, executives, small businesses, small business,
      managing partner, partners, geschäftsführung, inhaber
    `),
    titles: {
      en: ['CEO', 'Managing Partner', 'Founder', 'Office Manager'],
      de: ['Geschäftsführer', 'Inhaber'],
    },
    label: { en: 'executive', de: 'Geschäftsführung' },
  },
];

export const SECTORS: SectorProfile[] = [
  {
    id: 'software',
    keywords: list(`
      saas, software companies, software company, tech companies, b2b saas, startups, softwareunternehmen
    `),
    label: { en: 'B2B software', de: 'Software' },
  },
  {
    id: 'manufacturing',
    keywords: list(`
      manufacturers, manufacturing, factories, plants, industrial, oems, oem, machine builders, hersteller,
      fertigung, maschinenbau, maschinenbauer, industrie, fertigungsbetriebe, produktionsbetriebe, zulieferer
    `),
    label: { en: 'manufacturing', de: 'Fertigung und Maschinenbau' },
  },
  {
    id: 'automotive',
    keywords: ['automotive', 'car makers', 'tier 1', 'automobilindustrie', 'automobil', 'fahrzeugbau'],
    label: { en: 'automotive', de: 'Automobilindustrie' },
  },
  {
    id: 'aerospace',
    keywords: ['aerospace', 'aviation', 'defense', 'luftfahrt'],
    label: { en: 'aerospace', de: 'Luftfahrt' },
  },
  {
    id: 'medtech',
    keywords: ['medical device', 'medical devices', 'medtech', 'medizintechnik'],
    label: { en: 'medical devices', de: 'Medizintechnik' },
  },
  {
    id: 'healthcare',
    keywords: list(`
      healthcare, health systems, hospitals, clinics, practices, physicians, patients, dental, dentists,
      specialty practices, gesundheitswesen, kliniken, praxen, krankenhäuser
    `),
    label: { en: 'healthcare', de: 'Gesundheitswesen' },
  },
  {
    id: 'financial',
    keywords: list(`
      banks, banking, lenders, lending, credit unions, fintechs, fintech, insurers, insurance,
      wealth management, payment providers, neobanks, banken, sparkassen, versicherer, versicherungen
    `),
    label: { en: 'financial services', de: 'Finanzdienstleistungen' },
  },
  {
    id: 'retail',
    keywords: list(`
      retailers, retail, e-commerce brands, ecommerce brands, online stores, dtc, d2c, merchants,
      consumer brands, einzelhandel, händler, onlinehändler
    `),
    label: { en: 'retail and e-commerce', de: 'Handel und E-Commerce' },
  },
  {
    id: 'logistics',
    keywords: list(`
      logistics, carriers, freight, shippers, 3pls, fleets, distributors, logistik, speditionen
    `),
    label: { en: 'logistics', de: 'Logistik' },
  },
  {
    id: 'professional-services',
    keywords: list(`
      agencies, law firms, consultancies, consulting firms, accounting firms, professional services, kanzleien,
      beratungen, agenturen
    `),
    label: { en: 'professional services', de: 'Beratung und Dienstleistung' },
  },
  {
    id: 'construction',
    keywords: list(`
      construction, contractors, builders, real estate, property managers, bauunternehmen, immobilien
    `),
    label: { en: 'construction and real estate', de: 'Bau und Immobilien' },
  },
  {
    id: 'food',
    keywords: ['food and beverage', 'food & beverage', 'food manufacturers', 'restaurants', 'grocery', 'lebensmittel'],
    label: { en: 'food and beverage', de: 'Lebensmittel' },
  },
  {
    id: 'energy',
    keywords: list(`
      energy, utilities, oil and gas, renewables, solar, energie, energieversorger, stadtwerke
    `),
    label: { en: 'energy and utilities', de: 'Energie' },
  },
  {
    id: 'education',
    keywords: ['schools', 'universities', 'education', 'edtech', 'schulen', 'hochschulen'],
    label: { en: 'education', de: 'Bildung' },
  },
  {
    id: 'public-sector',
    keywords: list(`
      government, public sector, municipalities, agencies, behörden, kommunen, öffentliche verwaltung
    `),
    label: { en: 'the public sector', de: 'öffentliche Verwaltung' },
  },
];

// ---------------------------------------------------------------------------------------------
// Word classes that decide how a benefit is turned back into a pain

const set = (items: string[]) => new Set(items);

export const NEGATIVE_COUNTABLE = set(
  list(`
  errors, mistakes, defects, delays, outages, incidents, breakdowns, failures, no-shows, stockouts, stock-outs,
  denials, chargebacks, disputes, bottlenecks, escalations, returns, complaints, write-offs, bugs, crashes,
  breaches, violations, penalties, fines, rejections, cancellations, surprises, handoffs, interruptions,
  shutdowns, recalls, callbacks, stoppages, escapes, false positives, attacks, losses
`),
);
export const NEGATIVE_MASS = set(
  list(`
  downtime, waste, scrap, rework, fraud, risk, churn, turnover, paperwork, overhead, friction, guesswork,
  admin, busywork, debt, latency, backlog, noise, chaos, complexity, spam, burnout, attrition, shrinkage,
  leakage, exposure, liability, data entry, double entry, toil
`),
);
export const COST_LIKE = set(
  list(`
  cost, costs, fees, spend, spending, prices, expenses, premiums, dso, bills, bill, rates
`),
);
export const TIME_LIKE = set(
  list(`
  time, times, cycle, cycles, turnaround, days, hours, weeks, waits, wait, lead-times, close, closes
`),
);
export const GROWTH_LIKE = set(
  list(`
  revenue, margin, margins, conversion, conversions, yield, yields, throughput, uptime, oee, retention,
  utilization, utilisation, engagement, adherence, collections, productivity, sales, pipeline, rate, rates,
  output, capacity, reimbursement, reimbursements, roi, nps, csat, efficiency, accuracy, profitability, growth,
  bookings, win-rates, attendance
`),
);
export const NEGATIVE_ADJECTIVES = set(
  list(`
  manual, unplanned, missed, late, lost, duplicate, costly, error-prone, tedious, repetitive, redundant,
  unnecessary, surprise, hidden, unexpected, failed, broken, slow, inaccurate, abandoned, fragmented, siloed,
  disconnected, outdated, legacy, wasted, delayed, overdue, unpaid
`),
);
/** "escapes", "no-shows", "deliveries": plural heads take "too many". */
export const isPlural = (head: string): boolean => /[^su']s$/.test(head) || /ies$/.test(head);

export const INSIGHT_WORDS = set(
  list(`
  visibility, insight, insights, view, overview, data, reporting, reports, dashboards, dashboard, tracking,
  alerts, updates, status, analytics, monitoring
`),
);
export const LEGACY_TOOLS = set(
  list(`
  spreadsheets, spreadsheet, excel, paper, paper forms, email, emails, phone calls, sticky notes, whiteboards,
  clipboards, fax, faxes, legacy systems, point solutions, manual processes
`),
);

// ---------------------------------------------------------------------------------------------
// English

const EN_GROUPS = list(`
  teams, team, leaders, companies, businesses, organizations, organisations, manufacturers, brands, retailers,
  clinics, hospitals, practices, providers, banks, lenders, credit unions, insurers, startups, enterprises,
  agencies, firms, professionals, departments, operators, developers, engineers, marketers, founders, owners,
  cfos, ctos, cios, controllers, recruiters, sellers, merchants, distributors, suppliers, schools,
  universities, nonprofits, contractors, fleets, carriers, shippers, restaurants, hotels, physicians, dentists,
  pharmacies, labs, plants, factories, oems, fintechs, health systems, groups, reps, buyers, executives,
  managers, clients
`);

const groupAlternation = (groups: string[]) =>
  groups
    .slice()
    .sort((a, b) => b.length - a.length)
    .map((g) => g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');

const EN_GROUP_RE = groupAlternation(EN_GROUPS);
const PHRASE_WORD = "[\\p{L}\\p{N}&/'’-]+";
/**
 * "banks, credit unions and fintech lenders", "finance teams at mid-market SaaS companies": more
 * groups in a list, then where they sit.
 */
const EN_TAIL = `(?:,\\s*(?:${PHRASE_WORD}\\s+){0,3}?(?:${EN_GROUP_RE}))*(?:,?\\s+(?:and|&|or)\\s+(?:${PHRASE_WORD}\\s+){0,4}?(?:${EN_GROUP_RE}))?(?:\\s+(?:at|in|of|across|within)\\s+(?:${PHRASE_WORD}\\s+){0,4}?(?:${EN_GROUP_RE}))?`;

const enPain = (make: (o: string, head: string) => string, pattern: RegExp, priority: number): PainRule => ({
  pattern,
  objectSide: 'after',
  make,
  priority,
});

const isNegative = (object: string, head: string) =>
  NEGATIVE_COUNTABLE.has(head) ||
  NEGATIVE_MASS.has(head) ||
  NEGATIVE_MASS.has(object) ||
  NEGATIVE_ADJECTIVES.has(object.split(' ')[0] ?? '');

const legacyOr = (object: string, head: string, otherwise: string) =>
  LEGACY_TOOLS.has(object) || LEGACY_TOOLS.has(head) ? `Reliance on ${object}` : otherwise;

export const ENGLISH: Lexicon = {
  code: 'en',
  and: 'and',
  groupNouns: EN_GROUPS,
  audiencePatterns: [
    new RegExp(
      `\\b(?:built|designed|made|tailored|purpose-built|created|engineered|perfect|ideal)\\s+(?:specifically\\s+|especially\\s+|exclusively\\s+)?for\\s+((?:${PHRASE_WORD}\\s+){0,6}?(?:${EN_GROUP_RE})${EN_TAIL})\\b`,
      'giu',
    ),
    new RegExp(
      `\\b(?:for|helps?|helping|enables?|empowers?|lets|serving|serves|supports?|equips?)\\s+((?:${PHRASE_WORD}\\s+){0,4}?(?:${EN_GROUP_RE})${EN_TAIL})\\b`,
      'giu',
    ),
    new RegExp(
      `\\b(?:trusted by|used by|loved by|chosen by)\\s+(?:more than\\s+|over\\s+)?(?:[\\d.,]+\\s*\\+?\\s*k?\\+?\\s+)?((?:${PHRASE_WORD}\\s+){0,3}?(?:${EN_GROUP_RE}))\\b`,
      'giu',
    ),
  ],
  objectStops: set(
    list(`
    by, with, so, in, across, for, from, while, without, using, through, via, before, after, into, on, at,
    than, that, which, who, when, because, to, up, down, like, automatically, instantly, faster, today, now,
    again, forever, overnight, every, each, is, are, was, were, will, can, your, you, we, our, and, or, but,
    not, as
  `),
  ),
  determiners: set(
    list(`
    the, your, their, our, its, a, an, all, any, every, those, these, his, her
  `),
  ),
  vagueObjects: set(
    list(`
    it, them, this, that, everything, more, time, money, things, work, stuff, business, everyone, less,
    results, success, growth, what matters, the way, anything, teams, team, customers, people, you
  `),
  ),
  painRules: [
    enPain(
      (o) => o,
      /\b(?:no more|say goodbye to|goodbye to|forget about|tired of|sick of|fed up with|frustrated (?:by|with)|struggling with|drowning in|bogged down by)\s+/giu,
      1,
    ),
    enPain((o) => o, /\bstop\s+(?=\p{L}+ing\b)/giu, 1),
    enPain(
      (o, h) => legacyOr(o, h, o),
      /\b(?:replace|replaces|replacing|ditch|ditches|retire|retires|move beyond|switch from|eliminate|eliminates|eliminating|end|ends|get rid of|kill|kills|banish|banishes)\s+/giu,
      2,
    ),
    enPain((o, h) => legacyOr(o, h, o), /\b(?:without|instead of|rather than|free (?:of|from))\s+/giu, 3),
    enPain(
      (o, h) => (isNegative(o, h) ? o : `Risk of ${o}`),
      /\b(?:avoid|avoids|avoiding|prevent|prevents|preventing|stop|stops)\s+/giu,
      3,
    ),
    enPain(
      (o, h) => {
        if (COST_LIKE.has(h)) return `High ${o}`;
        if (TIME_LIKE.has(h)) return `Long ${o}`;
        if (NEGATIVE_COUNTABLE.has(h) || isPlural(h)) return `Too many ${o}`;
        return `Too much ${o}`;
      },
      /\b(?:reduce|reduces|reducing|cut|cuts|cutting|lower|lowers|lowering|minimi[sz]e|minimi[sz]es|slash|slashes|decrease|decreases|shrink|shrinks|halve|halves|trim|trims)\s+/giu,
      4,
    ),
    enPain(
      (o) => (/^manual\b/.test(o) ? `${o} done by hand` : `Manual, time-consuming ${o}`),
      /\b(?:automate|automates|automating|automatically handle|auto-generate|auto-generates)\s+/giu,
      5,
    ),
    enPain(
      (o, h) => (TIME_LIKE.has(h) ? `Long ${o}` : `Slow ${o}`),
      /\b(?:speed up|speeds up|accelerate|accelerates|accelerating|shorten|shortens|fast-track|expedite|expedites)\s+/giu,
      5,
    ),
    enPain(
      (o, h) => (isNegative(o, h) ? `Revenue lost to ${o}` : `Lost ${o}`),
      /\b(?:recover|recovers|recovering|win back|wins back)\s+/giu,
      5,
    ),
    enPain(
      (o, h) => (GROWTH_LIKE.has(h) ? `Low ${o}` : `Poor ${o}`),
      /\b(?:improve|improves|improving|boost|boosts|increase|increases|grow|grows|raise|raises|maximi[sz]e|maximi[sz]es|lift|lifts|double|doubles)\s+/giu,
      6,
    ),
    enPain((o) => `Inefficient ${o}`, /\b(?:optimi[sz]e|optimi[sz]es|optimi[sz]ing)\s+/giu, 6),
    enPain((o) => `Cumbersome ${o}`, /\b(?:simplify|simplifies|streamline|streamlines|streamlining)\s+/giu, 6),
    enPain(
      (o) => `${o} scattered across disconnected tools`,
      /\b(?:unify|unifies|centrali[sz]e|centrali[sz]es|consolidate|consolidates|bring together|brings together|one place for|single source of truth for)\s+/giu,
      6,
    ),
    enPain(
      (o) => `No real-time visibility into ${o}`,
      /\b(?:track|tracks|monitor|monitors|visibility into|insight into|insights into|real-time view of|full view of|overview of|keep an eye on)\s+/giu,
      7,
    ),
    enPain(
      (o, h) => (isNegative(o, h) || isPlural(h) ? `Unexpected ${o}` : `Unpredictable ${o}`),
      /\b(?:predict|predicts|forecast|forecasts|anticipate|anticipates)\s+/giu,
      7,
    ),
    enPain(
      (o) => `${o} caught too late`,
      /\b(?:spot|spots|catch|catches|detect|detects|flag|flags|block|blocks|stop|stops)\s+/giu,
      7,
    ),
    enPain(
      (o) => `Security and compliance risks around ${o}`,
      /\b(?:secure|secures|protect|protects|safeguard|safeguards)\s+/giu,
      8,
    ),
    enPain((o) => `Keeping up with ${o}`, /\b(?:comply with|stay compliant with|stay on top of|keep up with)\s+/giu, 8),
    enPain((o) => `Difficulty scaling ${o}`, /\b(?:scale|scales|scaling)\s+/giu, 9),
    // Adjectives that carry the benefit in a feature heading ("Automated matching").
    enPain((o) => `Manual ${o}`, /^(?:automated|automatic|auto-)\s*/giu, 10),
    enPain(
      (o, h) => (INSIGHT_WORDS.has(h) ? `No real-time ${o}` : `Delayed, outdated ${o}`),
      /^(?:real-time|live|instant)\s+/giu,
      10,
    ),
    enPain((o) => `Reactive ${o}`, /^(?:predictive|proactive)\s+/giu, 10),
    enPain(
      (o) => `${o} scattered across disconnected tools`,
      /^(?:unified|centrali[sz]ed|all-in-one|integrated|connected|one)\s+/giu,
      10,
    ),
    enPain((o) => `Inaccurate ${o}`, /^(?:accurate|precise|reliable)\s+/giu, 10),
    enPain((o) => `Gaps in ${o}`, /^(?:full|complete|end-to-end)\s+/giu, 10),
    enPain((o) => `No online ${o}`, /^online\s+/giu, 10),
    enPain((o) => `No self-service ${o}`, /^self-serv(?:e|ice)\s+/giu, 10),
    enPain((o) => `Time-consuming ${o}`, /^(?:smart|intelligent|ai-powered|ai-driven|guided)\s+/giu, 11),
    enPain((o) => `Slow ${o}`, /^(?:faster|fast|quick|rapid|same-day|one-click)\s+/giu, 11),
  ],
  problemHeading:
    /\b(problems?|challenges?|sound familiar|the old way|pain points?|struggl|tired of|why teams switch|what'?s broken)\b/i,
  genericHeading:
    /^(features?|products?|solutions?|platform|pricing|plans|faq|frequently asked|contact|about( us)?|blog|news|resources|careers|jobs|testimonials?|customers|case studies|customer stories|our customers|what (our )?customers say|trusted by|loved by|get started|ready to|start (your )?free|sign up|subscribe|newsletter|legal|privacy|cookies?|follow us|partners|integrations|industries|who we serve|our team|leadership|press|events|webinars?|support|help|log ?in|book a demo|request a demo|talk to (sales|us)|how it works|why\b|meet\b|our story|latest|see (it|how)|learn more|watch|join)/i,
  industriesHeading: /\b(industries|sectors|who we serve|markets we serve|built for every)\b/i,
  sizes: [
    {
      pattern: /\b(enterprises?|enterprise (companies|teams|organi[sz]ations)|fortune 500|global brands)\b/i,
      label: 'enterprise',
    },
    {
      pattern: /\b(mid-?market|mid-?sized?|midsize|scale-?ups?|growing companies|high-growth)\b/i,
      label: 'mid-market',
    },
    {
      pattern: /\b(small business(es)?|smbs?|smes?|small (and|&) (mid|medium)|independent practices|small teams)\b/i,
      label: 'small business',
    },
  ],
  customersSentence: (names) => `Customers include ${names}.`,
  proofLabel: 'Proof point:',
  sectorClause: (sectors) => `, especially in ${sectors}`,
  fallbackAudience: (functions, sectors) =>
    functions
      ? `${functions} leaders${sectors ? ` in ${sectors}` : ''}`
      : sectors
        ? `Businesses in ${sectors}`
        : 'Business decision-makers',
  rewriteWe: (sentence, name) => {
    const match = /^we(?:'re| are)\s+(.*)$/i.exec(sentence);
    if (match?.[1]) return `${name} is ${match[1]}`;
    const verb = /^we\s+(\p{L}+)\b(.*)$/iu.exec(sentence);
    if (!verb?.[1]) return undefined;
    return `${name} ${thirdPerson(verb[1])}${verb[2] ?? ''}`;
  },
};

function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === 'have') return 'has';
  if (lower === 'do') return 'does';
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

// ---------------------------------------------------------------------------------------------
// German: verbs close infinitive phrases ("Stillstände vermeiden"), so objects are read before
// the verb as well as after imperatives ("Senken Sie Ihre Kosten"). Results use a colon form
// ("Rüstzeiten: zu lang") that needs no gender or case agreement.

const DE_GROUPS = list(`
  unternehmen, hersteller, herstellern, mittelständler, mittelstand, betriebe, betrieben, fertigungsbetriebe,
  fertigungsbetrieben, produktionsbetriebe, produktionsbetrieben, maschinenbauer, zulieferer, zulieferern,
  fertiger, kliniken, krankenhäuser, praxen, teams, händler, händlern, banken, sparkassen, versicherer,
  kanzleien, agenturen, startups, konzerne, werke, produktionsleiter, instandhalter, einkäufer, entscheider,
  industriekunden, industrieunternehmen, anwender, kunden
`);
const DE_GROUP_RE = groupAlternation(DE_GROUPS);

const dePain = (
  make: (o: string) => string,
  pattern: RegExp,
  priority: number,
  objectSide: 'after' | 'before' = 'after',
): PainRule => ({ pattern, objectSide, make: (o) => make(o), priority });

export const GERMAN: Lexicon = {
  code: 'de',
  and: 'und',
  groupNouns: DE_GROUPS,
  audiencePatterns: [
    new RegExp(
      `\\b(?:speziell |eigens |gemacht |entwickelt |gebaut )?für\\s+((?:${PHRASE_WORD}\\s+){0,3}?(?:${DE_GROUP_RE}))\\b`,
      'giu',
    ),
    new RegExp(
      `\\b(?:unterstützt|hilft|begleitet|beliefert)\\s+((?:${PHRASE_WORD}\\s+){0,3}?(?:${DE_GROUP_RE}))\\b`,
      'giu',
    ),
  ],
  objectStops: set(
    list(`
    um, mit, durch, bei, in, im, für, von, vom, zu, zum, zur, und, oder, dank, sie, wir, ihr, ist, sind, wird,
    werden, schnell, schneller, sofort, automatisch, mehr, endlich, einfach, auf, an, aus, nach, über, pro, je,
    bis, als, nicht, lückenlos, jederzeit, direkt, zuverlässig, sicher, digital
  `),
  ),
  determiners: set(
    list(`
    die, der, das, den, dem, des, ihre, ihren, ihrer, ihrem, eure, unsere, alle, jede, jeden
  `),
  ),
  vagueObjects: set(
    list(`
    zeit, geld, alles, es, sie, mehr, kosten sparen
  `),
  ),
  painRules: [
    dePain((o) => o, /\b(?:schluss mit|nie wieder|keine|kein|keinen)\s+/giu, 1),
    dePain((o) => o, /\b(?:ohne|statt|anstatt|anstelle von)\s+/giu, 2),
    dePain(
      (o) => o,
      /\s+(?:vermeiden|verhindern|vermeidet|verhindert|eliminieren|beseitigen|beheben)\b/giu,
      3,
      'before',
    ),
    dePain((o) => o, /\b(?:vermeiden|verhindern|eliminieren|beseitigen)\s+sie\s+/giu, 3),
    dePain(
      (o) => `${o}: zu hoch`,
      /\s+(?:um\s+[\d.,]+\s*(?:%|prozent)\s+)?(?:senken|reduzieren|verringern|minimieren|halbieren|senkt|reduziert|verringert)\b/giu,
      4,
      'before',
    ),
    dePain((o) => `${o}: zu hoch`, /\b(?:senken|reduzieren|verringern|minimieren|halbieren)\s+sie\s+/giu, 4),
    dePain((o) => `${o}: zu hoch`, /\bweniger\s+/giu, 4),
    dePain((o) => `${o}: manuell und zeitraubend`, /\s+automatisieren\b/giu, 5, 'before'),
    dePain((o) => `${o}: manuell und zeitraubend`, /\b(?:automatisierte[nrs]?|automatische[nrs]?)\s+/giu, 5),
    dePain((o) => `${o}: zu langsam`, /\s+(?:beschleunigen|verkürzen|verkürzt|beschleunigt)\b/giu, 5, 'before'),
    dePain((o) => `${o}: zu langsam`, /\b(?:schnellere[nrs]?|kürzere[nrs]?)\s+/giu, 5),
    dePain(
      (o) => `${o}: ungenutztes Potenzial`,
      /\s+(?:steigern|erhöhen|verbessern|optimieren|steigert|erhöht|verbessert)\b/giu,
      6,
      'before',
    ),
    dePain(
      (o) => `${o}: fehlende Transparenz in Echtzeit`,
      /\s+(?:überwachen|im blick behalten|transparent machen)\b/giu,
      7,
      'before',
    ),
    dePain((o) => `${o}: fehlende Transparenz in Echtzeit`, /\b(?:echtzeit-|live-)\s*/giu, 7),
    dePain((o) => `${o}: unvorhersehbar`, /\s+(?:vorhersagen|prognostizieren|erkennen)\b/giu, 7, 'before'),
    dePain((o) => `${o}: unvorhersehbar`, /\b(?:vorausschauende[nrs]?|prädiktive[nrs]?)\s+/giu, 7),
    dePain((o) => `${o}: zu komplex`, /\s+(?:vereinfachen|vereinfacht)\b/giu, 8, 'before'),
    dePain(
      (o) => `${o}: verteilt auf Insellösungen`,
      /\s+(?:vernetzen|bündeln|zentralisieren|integrieren)\b/giu,
      8,
      'before',
    ),
    dePain((o) => `${o}: lückenhaft dokumentiert`, /\s+(?:dokumentieren|nachweisen|rückverfolgen)\b/giu, 8, 'before'),
    dePain((o) => `${o} auf Papier`, /\bpapierlose[nrs]?\s+/giu, 9),
  ],
  problemHeading: /\b(problem|probleme|herausforderung|herausforderungen|kennen sie das|typische hürden)\b/i,
  genericHeading:
    /^(funktionen|produkte?|lösungen?|preise|faq|häufige fragen|kontakt|über uns|blog|news|aktuelles|karriere|jobs|referenzen|kunden|unsere kunden|fallstudien|erfolgsgeschichten|partner|branchen|impressum|datenschutz|newsletter|demo|jetzt|so funktioniert|warum\b|team\b)/i,
  industriesHeading: /\b(branchen|märkte|industrien|für wen)\b/i,
  sizes: [
    { pattern: /\b(mittelstand|mittelständische[nrs]?|kmu)\b/i, label: 'Mittelstand' },
    { pattern: /\b(konzerne?|großunternehmen)\b/i, label: 'Konzerne' },
  ],
  customersSentence: (names) => `Zu den Kunden zählen ${names}.`,
  proofLabel: 'Referenz:',
  sectorClause: (sectors) => `, vor allem in den Branchen ${sectors}`,
  fallbackAudience: (functions, sectors) =>
    functions
      ? `Entscheider aus ${functions}${sectors ? ` in ${sectors}` : ''}`
      : sectors
        ? `Unternehmen aus ${sectors}`
        : 'Entscheider in Unternehmen',
};

export function lexiconFor(language: string | undefined): Lexicon {
  return language === 'de' ? GERMAN : ENGLISH;
}

import type { LanguageCode } from './types.ts';

/**
 * Business functions by the words that point at them. Used only when a page names
 * no buyer titles of its own: the titles are then inferred from the function its vocabulary
 * points at most strongly (see ../builtin/titles.ts).
 */

export interface FunctionProfile {
  id: string;
  /** Words and phrases (lower case, up to three words) that point at this function. */
  keywords: string[];
  titles: Record<LanguageCode, string[]>;
  label: Record<LanguageCode, string>;
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

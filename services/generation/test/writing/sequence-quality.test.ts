import { checkSequence, countWords } from '@seqgen/checks';
import { Customization, type Email, type SequenceChecks, SubmittedAnalysis } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import type { PageContent } from '../../src/analysis/index.ts';
import { analyseSite, extractPage, profileCompany } from '../../src/analysis/index.ts';
import { buildBrief } from '../../src/writing/brief/brief.ts';
import { composeSequence } from '../../src/writing/composer/composer.ts';
import { expectationsOf, pagesOf, SITES, type SiteName } from '../support/fixture-sites.ts';

/**
 * The built-in writer across the corpus: every company site × every kind of request the wizard
 * can make. Every check of the product's own quality package must pass on every sequence (not
 * merely "no failures": warnings count too), and what the checks cannot see is asserted here:
 * the prospect's news opens the sequence, the user's context is woven in with the reader's
 * pronouns and its instructions obeyed (never pasted), each result is told once, sign-offs are
 * the sender's, tone changes the words and not just the greeting.
 */

const load = (site: SiteName): { company: PageContent; caseStudies: PageContent | undefined } => {
  const pages = pagesOf(site);
  const path = SITES[site].caseStudies;
  return {
    company: extractPage(pages.index, `https://${site}.test/`),
    caseStudies: pages.caseStudies && path ? extractPage(pages.caseStudies, `https://${site}.test${path}`) : undefined,
  };
};

/** Company sites whose analysis finds at least two pains (a thinner one gets a notice and an edit: see below). */
const COMPANIES = (Object.keys(SITES) as SiteName[]).filter(
  (site) => expectationsOf(site).kind !== 'prospect' && analyseSite(load(site)).customerPains.length >= 2,
);
const PROSPECT = {
  en: profileCompany(load('pacific-produce').company),
  de: profileCompany(load('hansa-logistik').company),
};

const BASE = {
  persona: 'generic',
  industry: 'agnostic',
  targetSpecificCompany: 'no',
} as const;

const REQUESTS = {
  'tone 0': { tone: 0 },
  'tone 50': { tone: 50 },
  'tone 100': { tone: 100 },
  'persona below the line': {
    tone: 30,
    persona: 'specific',
    specificPersona: 'Operations Manager',
    seniority: 'below',
  },
  'persona above the line, industry': {
    tone: 70,
    persona: 'specific',
    specificPersona: 'VP of Operations',
    seniority: 'above',
    industry: 'specific',
    specificIndustry: 'food distribution',
  },
  prospect: { tone: 50, targetSpecificCompany: 'yes', prospectCompanyUrl: 'https://prospect.test/' },
  'a fact and a mention': {
    tone: 60,
    additionalContext:
      'I met their team at the Manifest conference last month. Please mention that we integrate with SAP.',
  },
  'an instruction and an offer, industry': {
    tone: 40,
    industry: 'specific',
    specificIndustry: 'healthcare',
    additionalContext: 'Keep it short. We are offering a free two-week pilot.',
  },
} as const satisfies Record<string, Partial<Record<keyof Customization, unknown>>>;

type RequestName = keyof typeof REQUESTS;

/**
 * A sentence that opens on a word pointing back ("That means…", "This one is…", "It doesn't…",
 * "Das klingt…", "Dies ist…"): "this quarter" and "das Thema" (a noun after it: capitalised in
 * German) point nowhere and pass.
 */
const POINTING = {
  en: /^(?:it|it's|this|that|that's|these|those)\b(?!\s+(?:time|week|month|quarter|year)\b)/i,
  de: /^(?:das|dies|diese|dieses|es)\b(?!\s+\p{Lu})/iu,
};

function write(site: SiteName, request: RequestName, analysis = SubmittedAnalysis.parse(analyseSite(load(site)))) {
  const customization = Customization.parse({ ...BASE, ...REQUESTS[request] });
  const language = analysis.language === 'de' ? 'de' : 'en';
  const brief = buildBrief({
    analysis,
    customization,
    language,
    prospect: customization.targetSpecificCompany === 'yes' ? PROSPECT[language] : undefined,
    sender: { firstName: 'Maria' },
  });
  const sequence = composeSequence(brief);
  return { brief, sequence, checks: checkSequence(sequence, brief.checkContext) };
}

const problems = (checks: SequenceChecks) => [
  ...checks.emails.flatMap((results, index) =>
    results
      .filter((result) => result.status !== 'pass')
      .map((result) => `email ${index + 1} ${result.id}: ${result.reason}`),
  ),
  ...checks.sequence.filter((result) => result.status !== 'pass').map((result) => `${result.id}: ${result.reason}`),
];

const text = (sequence: Email[]) => sequence.map((email) => `${email.subject}\n${email.body}`).join('\n\n');

describe('the built-in writer on every corpus site and every kind of request', () => {
  it('covers at least 12 company sites, in English and German', () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(12);
    expect(COMPANIES.some((site) => expectationsOf(site).language === 'de')).toBe(true);
  });

  const cases = COMPANIES.flatMap((site) =>
    (Object.keys(REQUESTS) as RequestName[]).map((request) => [site, request] as const),
  );
  it.each(cases)('%s, %s: every check passes', (site, request) => {
    const { sequence, checks } = write(site, request);
    expect(problems(checks), text(sequence)).toEqual([]);
    expect(checks.status).toBe('pass');
    for (const email of sequence) {
      expect(email.body.split('\n')[0]).toMatch(/\{\{first_name\|[^}]*\}\}/);
      expect(email.body.split('\n').at(-1)).toBe('Maria');
      expect(email.body).not.toMatch(/\bteam$/);
    }
  });

  it.each(COMPANIES)('%s: with a prospect, its own news opens the sequence and its name is used outright', (site) => {
    const { sequence, brief } = write(site, 'prospect');
    const prospect = brief.prospect?.name ?? '';
    expect(prospect).not.toBe('');
    const trigger = brief.language === 'de' ? /Logistikzentrum|Leipzig/ : /Reno|distribution center/;
    expect(sequence[0]?.body).toMatch(trigger);
    expect(
      sequence.filter((email) => `${email.subject}\n${email.body}`.includes(prospect)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(text(sequence)).not.toContain('{{company|');
  });

  it.each(COMPANIES.filter((site) => expectationsOf(site).language === 'en'))(
    '%s: context is woven in as a person would, and its instructions are obeyed, never pasted',
    (site) => {
      const fact = text(write(site, 'a fact and a mention').sequence);
      expect(fact).toContain('I met your team at the Manifest conference last month.');
      expect(fact).not.toMatch(/their team|Please mention/);
      expect(fact).toContain('We integrate with SAP.');

      const short = write(site, 'an instruction and an offer, industry').sequence;
      expect(text(short)).not.toMatch(/keep it short/i);
      expect(text(short)).toContain('We are offering a free two-week pilot.');
      const normal = write(site, 'tone 50').sequence;
      const words = (sequence: Email[]) => sequence.reduce((sum, email) => sum + countWords(email.body), 0);
      expect(words(short)).toBeLessThan(words(normal));
    },
  );

  it.each(COMPANIES)('%s: each case-study result is told once, with its own customer', (site) => {
    const { sequence, brief } = write(site, 'tone 50');
    const all = text(sequence);
    for (const proof of brief.proofs.filter((candidate) => !candidate.quote)) {
      const times = all.split(proof.text).length - 1;
      expect(times, proof.text).toBeLessThanOrEqual(1);
      if (times === 1 && !proof.named) expect(all).toContain(proof.customer);
    }
  });

  it.each(COMPANIES)('%s: tone changes the words, not only the greeting and sign-off', (site) => {
    const bodies = (tone: RequestName) =>
      write(site, tone).sequence.map((email) => email.body.split('\n').slice(1, -2).join('\n'));
    const [veryCasual, balanced, veryFormal] = [bodies('tone 0'), bodies('tone 50'), bodies('tone 100')];
    const differing = (a: string[], b: string[]) => a.filter((body, index) => body !== b[index]).length;
    expect(differing(veryCasual, balanced)).toBeGreaterThanOrEqual(5);
    expect(differing(balanced, veryFormal)).toBeGreaterThanOrEqual(5);
  });

  it.each(cases)(
    '%s, %s: no email opens on "that", "this" or "it" with nothing before it to point to',
    (site, request) => {
      const { sequence, brief } = write(site, request);
      for (const [index, email] of sequence.entries()) {
        // The greeting is the first paragraph; the email's first sentence starts the second.
        const opening = email.body.split('\n\n')[1]?.split(/(?<=[.!?:])\s+/)[0] ?? '';
        expect(opening, `email ${index + 1}: ${email.body}`).not.toMatch(
          POINTING[brief.language === 'de' ? 'de' : 'en'],
        );
      }
    },
  );

  it('is reproducible: the same request writes the same sequence', () => {
    expect(write('stockline', 'prospect').sequence).toEqual(write('stockline', 'prospect').sequence);
  });

  it('a thin analysis (one pain found, with a notice) passes once the user adds pains, as the card asks', () => {
    const analysis = analyseSite(load('quantly'));
    expect(analysis.customerPains).toHaveLength(1);
    expect(analysis.notice).toMatch(/only one customer pain point/);
    const edited = SubmittedAnalysis.parse({
      ...analysis,
      customerPains: [
        ...analysis.customerPains,
        'Shoppers ignore generic reminder emails.',
        'Discount codes leak to coupon sites.',
      ],
      solutions: [
        ...analysis.solutions,
        'Smart timing: AI picks the moment each shopper is most likely to come back to the checkout.',
        'Single-use codes: Every reminder carries a code that works once, for one shopper.',
      ],
    });
    for (const request of Object.keys(REQUESTS) as RequestName[]) {
      const { sequence, checks } = write('quantly', request, edited);
      expect(problems(checks), text(sequence)).toEqual([]);
    }
  });

  it('a thin analysis as found (one pain) still fails no check and tells no sentence twice', () => {
    const analysis = SubmittedAnalysis.parse(analyseSite(load('quantly')));
    expect(analysis.customerPains).toHaveLength(1);
    for (const request of Object.keys(REQUESTS) as RequestName[]) {
      const { sequence, checks } = write('quantly', request, analysis);
      // One pain leaves little to vary: a distinctness warning is honest, a failure is not.
      const failing = [...checks.emails.flat(), ...checks.sequence].filter((check) => check.status === 'fail');
      expect(failing, `${request}\n${text(sequence)}`).toEqual([]);
      const told = new Map<string, number>();
      sequence.forEach((email, index) => {
        for (const sentence of email.body.split(/(?<=[.!?])\s+/)) {
          if (countWords(sentence) < 8) continue;
          expect(
            told.get(sentence),
            `${request}: "${sentence}" in emails ${told.get(sentence)} and ${index + 1}`,
          ).toBeUndefined();
          told.set(sentence, index + 1);
        }
      });
    }
  });

  it('uses every Manual Entry field where it fits, in English and German', () => {
    const manual = SubmittedAnalysis.parse({
      companyName: 'Ledgerline',
      companyDescription: 'Ledgerline automates accounts payable for mid-market finance teams.',
      industry: 'Financial software',
      companySize: '50-200',
      targetAudience: 'Finance teams at mid-market companies',
      targetJobTitles: ['Controller', 'CFO'],
      customerPains: ['Invoices are keyed in by hand.', 'Approvals stall in inboxes.'],
      solutions: [
        'Invoice capture: Ledgerline reads every invoice and fills in the line items for you.',
        'Approval routing: Each invoice goes to the right approver, with reminders until it is signed off.',
      ],
      keyDifferentiators: ['We are the only AP tool with a two-way NetSuite sync built in.'],
      recentNews: 'We just opened an office in Austin.',
      competitors: ['Bill.com', 'Tipalti'],
      pricingModel: 'per-invoice pricing with no seat fees',
      implementationTime: 'two weeks',
      roi: 'most teams recover the cost within a quarter',
      caseStudies: 'Harlow Foods cut invoice processing time by 60% in three months.',
    });
    const { sequence, checks } = write('stockline', 'tone 50', manual);
    expect(problems(checks), text(sequence)).toEqual([]);
    const all = text(sequence);
    expect(all).toContain('Harlow Foods cut invoice processing time by 60% in three months.');
    expect(all).toContain('two-way NetSuite sync');
    expect(all).toMatch(/Bill\.com or Tipalti/);
    expect(all).toMatch(/two weeks/);
    expect(all).toMatch(/per-invoice pricing with no seat fees/);
    expect(all).toMatch(/recover the cost within a quarter/);
    expect(all).toMatch(/office in Austin/);
  });
});

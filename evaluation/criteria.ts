/**
 * The criteria of evaluation/README.md, computed for one site from what the API answered and what
 * the site's expectations say. Pure functions: no I/O.
 *
 * The engine is read through its public answer only. Optional v3 fields are used when present:
 * `analysis.classification.function`, `analysis.pairs[]` (`origin: 'inferred'` marks a pain as
 * inferred; any other pain is presented as stated) and a proof point without `customer`
 * (unattributed).
 */
import type { ApiAnswer } from './app.ts';
import type { Expectations, ExpectedProof, Language } from './expectations.ts';
import { emptyGreeting, foreignSentences } from './language.ts';
import { fold, hasAll, hasAny, names, sameName, stringsOf, whichAlternative } from './matching.ts';

export const SUB_CRITERIA = [
  ['name', 'company name right'],
  ['language', 'language right'],
  ['classification', 'classification present and acceptable'],
  ['pairs', 'at least 3 pain/solution pairs'],
  ['statedOnly', 'every pain presented as stated is stated (and no notPain)'],
  ['foundStated', 'enough stated pains found'],
  ['solutions', 'no solution is a notSolutions line'],
  ['proofs', 'no proof point misattributed'],
  ['notCustomers', 'no notCustomer named as a customer'],
  ['forbidden', 'nothing forbidden in the analysis'],
] as const;
export type SubCriterion = (typeof SUB_CRITERIA)[number][0];

export interface Finding {
  criterion: string;
  where: string;
  text: string;
  why: string;
}

export type CustomizationLabel = 'a' | 'b' | 'c';

export interface GenerationRun {
  label: CustomizationLabel;
  request: unknown;
  /** The wizard's prospect check, when the customization targets a prospect. */
  prospectCheck?: ApiAnswer;
  answer: ApiAnswer;
}

export interface SiteRun {
  analyze: ApiAnswer;
  generations: GenerationRun[];
}

export interface SequenceScore {
  label: CustomizationLabel;
  status: number;
  gives: boolean;
  /** `checks.status`, when checks came back. */
  checksStatus?: string;
  checksPass: boolean;
  failingChecks: string[];
  writtenIn?: string;
  siteLanguage: Language;
  expectedLanguage: Language;
  mixedLanguageEmails: number;
  emptyGreetings: number;
  forbiddenEmails: number;
  notCustomerEmails: number;
  misattributions: number;
}

export interface SiteScore {
  id: string;
  language: Language;
  layout: string;
  givesSequence: boolean;
  analyzeStatus: number;
  analysisHolds: boolean;
  sub: Record<SubCriterion, boolean>;
  presentedAsStated: number;
  inferred: number;
  inventedStatedPains: number;
  notPainsPresented: number;
  statedFound: number;
  statedOnPage: number;
  pairsAnswering: number;
  pairsTotal: number;
  solutionsTotal: number;
  solutionsWithoutCapability: number;
  prospectChecks: number;
  prospectChecksOk: number;
  misattributionsAnalysis: number;
  misattributionsEmails: number;
  unmatchedProofPoints: number;
  uncreditedProofs: number;
  sequences: SequenceScore[];
  findings: Finding[];
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

interface ProofPointLike {
  customer?: string;
  person?: string;
  text: string;
}

function proofPointsOf(analysis: Json): ProofPointLike[] {
  if (!Array.isArray(analysis.proofPoints)) return [];
  return analysis.proofPoints.flatMap((raw) => {
    const point = asObject(raw);
    if (!point) return [];
    const quote = typeof point.quote === 'string' ? point.quote : '';
    return [
      {
        customer: asString(point.customer),
        person: asString(point.person),
        text: `${asString(point.result) ?? ''} ${quote}`.trim(),
      },
    ];
  });
}

/** Pains the analysis marks as inferred (v3 `pairs` with `origin: 'inferred'`). */
function inferredPains(analysis: Json): Set<string> {
  const inferred = new Set<string>();
  if (!Array.isArray(analysis.pairs)) return inferred;
  for (const raw of analysis.pairs) {
    const pair = asObject(raw);
    const pain = pair && asString(pair.pain);
    if (pair && pain && pair.origin === 'inferred') inferred.add(fold(pain));
  }
  return inferred;
}

/** Every name that may credit a proof on this site: customers, the people and customers of proofs, non-customers. */
function creditNames(site: Expectations): string[] {
  const all = [
    ...site.customers,
    ...site.notCustomers,
    ...site.proofs.flatMap((proof) => [proof.customer, proof.person]).filter((name): name is string => !!name),
  ];
  return [...new Set(all)].filter((name) => !sameName(name, site.companyName));
}

/** Whether a proof point's credit is wrong for this expected proof. */
function creditProblem(point: ProofPointLike, proof: ExpectedProof, site: Expectations): string | undefined {
  if (!proof.attributable) {
    if (point.customer || point.person) {
      return `credited to ${[point.customer, point.person].filter(Boolean).join(' / ')}, but the page ties no name to it`;
    }
    return undefined;
  }
  if (point.customer && proof.customer && !sameName(point.customer, proof.customer)) {
    return `credited to ${point.customer}, the page says ${proof.customer}`;
  }
  if (point.person) {
    if (proof.person && !names(point.person, proof.person))
      return `said by ${point.person}, the page says ${proof.person}`;
    if (!proof.person) {
      const other = creditNames(site).find(
        (name) => names(point.person ?? '', name) && !(proof.customer && sameName(name, proof.customer)),
      );
      if (other) return `said by ${point.person}, but the page gives no person for it`;
    }
  }
  return undefined;
}

function analysisOf(run: SiteRun): Json | undefined {
  if (run.analyze.status !== 200) return undefined;
  return asObject(asObject(run.analyze.body)?.analysis);
}

const CUSTOMER_CUE =
  /\b(customers?|clients?|kunden?|kundin|clientes?|companies like|teams like|firms like|brands like|used by|trusted by|helped|worked with|results?|cut|reduced|saved|saw|case stud|referenz|vertrauen|conf[ií]an|font confiance)\b/i;
const PARTNER_CUE =
  /(integrat|connect|sync|partner|backed|investor|works with|plugs? into|schnittstelle|anbindung|int[eé]gr|socio|distribut|vertrieb|issued by|credit|powered by|member)/i;

export function scoreSite(site: Expectations, run: SiteRun): SiteScore {
  const findings: Finding[] = [];
  const fail = (criterion: string, where: string, text: string, why: string) =>
    findings.push({ criterion, where, text, why });
  const analysis = analysisOf(run);
  const sub = Object.fromEntries(SUB_CRITERIA.map(([id]) => [id, false])) as Record<SubCriterion, boolean>;
  const score: SiteScore = {
    id: site.id,
    language: site.language,
    layout: site.layout,
    givesSequence: false,
    analyzeStatus: run.analyze.status,
    analysisHolds: false,
    sub,
    presentedAsStated: 0,
    inferred: 0,
    inventedStatedPains: 0,
    notPainsPresented: 0,
    statedFound: 0,
    statedOnPage: site.statedPains.length,
    pairsAnswering: 0,
    pairsTotal: 0,
    solutionsTotal: 0,
    solutionsWithoutCapability: 0,
    prospectChecks: 0,
    prospectChecksOk: 0,
    misattributionsAnalysis: 0,
    misattributionsEmails: 0,
    unmatchedProofPoints: 0,
    uncreditedProofs: 0,
    sequences: [],
    findings,
  };

  if (!analysis) {
    fail(
      '1 gives a sequence',
      'analyze',
      JSON.stringify(run.analyze.body).slice(0, 400),
      `analyze answered ${run.analyze.status}`,
    );
  } else {
    // 2a name
    const name = asString(analysis.companyName) ?? '';
    sub.name = [site.companyName, ...site.aliases].some((expected) => nameKeyEqual(name, expected));
    if (!sub.name) fail('2 name', 'analysis.companyName', name, `expected ${site.companyName}`);
    // 2b language
    sub.language = analysis.language === site.language;
    if (!sub.language) fail('2 language', 'analysis.language', String(analysis.language), `expected ${site.language}`);
    // 2c classification
    const classification = asString(asObject(analysis.classification)?.function);
    sub.classification = !!classification && (site.functions as string[]).includes(classification);
    if (!sub.classification) {
      fail(
        '2 classification',
        'analysis.classification.function',
        classification ?? '(none)',
        `expected one of ${site.functions.join(', ')}`,
      );
    }
    // 2d pairs
    const pains = asStrings(analysis.customerPains);
    const solutions = asStrings(analysis.solutions);
    score.pairsTotal = Math.min(pains.length, solutions.length);
    sub.pairs = score.pairsTotal >= 3;
    if (!sub.pairs)
      fail(
        '2 pairs',
        'analysis.customerPains',
        `${pains.length} pains, ${solutions.length} solutions`,
        'fewer than 3 pairs',
      );
    // 2e/2f stated pains
    const inferred = inferredPains(analysis);
    const found = new Set<string>();
    let statedOnly = true;
    pains.forEach((pain, index) => {
      if (inferred.has(fold(pain))) {
        score.inferred += 1;
        return;
      }
      score.presentedAsStated += 1;
      const matched = site.statedPains.filter((stated) => hasAny(pain, stated.match));
      for (const stated of matched) found.add(stated.id);
      const notPain = whichAlternative(pain, site.notPains);
      if (!matched.length) {
        statedOnly = false;
        score.inventedStatedPains += 1;
        fail(
          '3 invented stated pain',
          `customerPains[${index}]`,
          pain,
          'presented as stated, matches no pain the page states',
        );
      }
      if (notPain) {
        statedOnly = false;
        score.notPainsPresented += 1;
        fail('2 notPain presented as stated', `customerPains[${index}]`, pain, `matches notPains "${notPain}"`);
      }
      const solution = solutions[index];
      if (matched.length && solution) {
        const answering = matched.flatMap((stated) => stated.answeredBy);
        const capabilities = site.capabilities.filter((capability) => answering.includes(capability.id));
        if (capabilities.some((capability) => hasAny(solution, capability.match))) score.pairsAnswering += 1;
      }
    });
    sub.statedOnly = statedOnly;
    score.statedFound = found.size;
    sub.foundStated = !site.statesPains || found.size >= Math.min(2, site.statedPains.length);
    if (!sub.foundStated) {
      fail(
        '2 stated pains found',
        'analysis.customerPains',
        `${found.size} found: ${[...found].join(', ')}`,
        `need ${Math.min(2, site.statedPains.length)}`,
      );
    }
    // 2g solutions
    sub.solutions = true;
    score.solutionsTotal = solutions.length;
    solutions.forEach((solution, index) => {
      const capability = site.capabilities.some((candidate) => hasAny(solution, candidate.match));
      if (!capability) score.solutionsWithoutCapability += 1;
      const line = whichAlternative(solution, site.notSolutions);
      if (!capability && line) {
        sub.solutions = false;
        fail('2 solution', `solutions[${index}]`, solution, `matches notSolutions "${line}" and no capability`);
      }
    });
    // 2h proofs
    sub.proofs = true;
    proofPointsOf(analysis).forEach((point, index) => {
      const matching = site.proofs.filter((proof) => hasAll(point.text, proof.match));
      const where = `proofPoints[${index}]`;
      const shown = `${point.text} — ${[point.customer, point.person].filter(Boolean).join(', ') || '(no credit)'}`;
      if (!matching.length) {
        if (point.customer) score.unmatchedProofPoints += 1;
        const notCustomer = site.notCustomers.find((name) => point.customer && sameName(point.customer, name));
        if (notCustomer) {
          sub.proofs = false;
          score.misattributionsAnalysis += 1;
          fail('4 misattribution (analysis)', where, shown, `credited to ${notCustomer}, who is not a customer`);
        }
        return;
      }
      const problems = matching.map((proof) => creditProblem(point, proof, site));
      if (problems.every(Boolean)) {
        sub.proofs = false;
        score.misattributionsAnalysis += 1;
        fail('4 misattribution (analysis)', where, shown, problems[0] ?? '');
      } else if (!point.customer && matching.some((proof) => proof.attributable)) {
        score.uncreditedProofs += 1;
      }
    });
    // 2i not customers
    const credited = [
      ...asStrings(analysis.customers),
      ...proofPointsOf(analysis).flatMap((point) => (point.customer ? [point.customer] : [])),
    ];
    sub.notCustomers = true;
    for (const customer of credited) {
      const notCustomer = site.notCustomers.find((name) => sameName(customer, name));
      if (notCustomer) {
        sub.notCustomers = false;
        fail('2 notCustomer as customer', 'analysis.customers', customer, `${notCustomer} is not a customer`);
      }
    }
    // 2j forbidden
    sub.forbidden = true;
    const everything = stringsOf(analysis);
    for (const forbidden of site.forbidden) {
      const hit = everything.find((text) => fold(text).includes(fold(forbidden)));
      if (hit) {
        sub.forbidden = false;
        fail('2 forbidden in analysis', 'analysis', hit, `contains "${forbidden}"`);
      }
    }
    score.analysisHolds = SUB_CRITERIA.every(([id]) => sub[id]);
  }

  // Sequences
  const people = creditNames(site);
  const ignoreNames = [site.companyName, ...site.aliases, ...people];
  for (const generation of run.generations) {
    const body = asObject(generation.answer.body);
    const sequence = Array.isArray(body?.sequence) ? body.sequence.map(asObject).filter((email) => !!email) : [];
    const emails = sequence.map((email) => ({
      subject: asString(email.subject) ?? '',
      body: String(email.body ?? ''),
    }));
    const gives = generation.answer.status === 200 && emails.length === 7;
    if (generation.prospectCheck) {
      score.prospectChecks += 1;
      if (generation.prospectCheck.status === 200) score.prospectChecksOk += 1;
      else {
        fail(
          '1 prospect check',
          `sequence ${generation.label}`,
          JSON.stringify(generation.prospectCheck.body).slice(0, 400),
          `analyze-company/prospect answered ${generation.prospectCheck.status}`,
        );
      }
    }
    const checks = asObject(body?.checks);
    const checksStatus = asString(checks?.status);
    const failingChecks = failingCheckIds(checks);
    const writtenIn = asString(body?.language);
    const expectedLanguage = (
      writtenIn && ['en', 'de', 'fr', 'es'].includes(writtenIn) ? writtenIn : site.language
    ) as Language;
    const where = (index: number) => `sequence ${generation.label}, email ${index + 1}`;
    const sequenceScore: SequenceScore = {
      label: generation.label,
      status: generation.answer.status,
      gives,
      checksStatus,
      checksPass: gives && !!checksStatus && checksStatus !== 'fail',
      failingChecks,
      writtenIn,
      siteLanguage: site.language,
      expectedLanguage,
      mixedLanguageEmails: 0,
      emptyGreetings: 0,
      forbiddenEmails: 0,
      notCustomerEmails: 0,
      misattributions: 0,
    };
    if (!gives) {
      fail(
        '1 gives a sequence',
        `sequence ${generation.label}`,
        JSON.stringify(generation.answer.body).slice(0, 400),
        `generate-emails answered ${generation.answer.status} with ${emails.length} emails`,
      );
    } else if (!sequenceScore.checksPass) {
      fail(
        '5 checks',
        `sequence ${generation.label}`,
        failingChecks.join(', '),
        `checks.status ${checksStatus ?? '(none)'}`,
      );
    }
    emails.forEach((email, index) => {
      const text = `${email.subject}\n\n${email.body}`;
      // 6 mixed language and empty greetings
      const foreign = foreignSentences(text, expectedLanguage, ignoreNames);
      if (foreign.length) {
        sequenceScore.mixedLanguageEmails += 1;
        for (const sentence of foreign) {
          fail(
            '6 mixed language',
            where(index),
            sentence.sentence,
            `reads as ${sentence.language}, expected ${expectedLanguage}`,
          );
        }
      }
      if (emptyGreeting(email.body)) {
        sequenceScore.emptyGreetings += 1;
        fail(
          '6 empty greeting',
          where(index),
          email.body.split('\n')[0] ?? '',
          'greeting without a name or an empty fallback',
        );
      }
      // 7 forbidden and not-customers
      const forbiddenHits = site.forbidden.filter((forbidden) => fold(text).includes(fold(forbidden)));
      for (const forbidden of forbiddenHits)
        fail('7 forbidden in email', where(index), excerpt(text, forbidden), `contains "${forbidden}"`);
      const notCustomerHits = site.notCustomers.flatMap((name) =>
        sentencesNaming(text, name)
          .filter((sentence) => CUSTOMER_CUE.test(sentence) && !PARTNER_CUE.test(sentence))
          .map((sentence) => ({ name, sentence })),
      );
      for (const hit of notCustomerHits)
        fail('7 notCustomer in email', where(index), hit.sentence, `${hit.name} presented as a customer`);
      if (forbiddenHits.length) sequenceScore.forbiddenEmails += 1;
      if (notCustomerHits.length) sequenceScore.notCustomerEmails += 1;
      // 4 misattributions in emails
      for (const paragraph of `${email.subject}\n\n${email.body}`.split(/\n\s*\n/)) {
        for (const proof of site.proofs) {
          if (!hasAll(paragraph, proof.match)) continue;
          const named = people.filter((name) => names(paragraph, name));
          const own = [proof.customer, proof.person].filter((name): name is string => !!name);
          const ownNamed = own.some((name) => names(paragraph, name));
          const others = named.filter((name) => !own.some((mine) => sameName(mine, name)));
          if ((proof.attributable && !ownNamed && others.length) || (!proof.attributable && named.length)) {
            sequenceScore.misattributions += 1;
            fail(
              '4 misattribution (email)',
              where(index),
              paragraph.trim(),
              proof.attributable
                ? `"${proof.match.join(' ')}" is ${proof.customer}'s, paragraph names ${others.join(', ')}`
                : `"${proof.match.join(' ')}" is credited to nobody on the page, paragraph names ${named.join(', ')}`,
            );
          }
        }
      }
    });
    score.misattributionsEmails += sequenceScore.misattributions;
    score.sequences.push(sequenceScore);
  }
  score.givesSequence =
    run.analyze.status === 200 && run.generations.length === 3 && score.sequences.every((sequence) => sequence.gives);
  return score;
}

function nameKeyEqual(a: string, b: string): boolean {
  return names(a, b) && names(b, a);
}

function failingCheckIds(checks: Json | undefined): string[] {
  if (!checks) return [];
  const ids: string[] = [];
  const visit = (list: unknown, prefix: string) => {
    if (!Array.isArray(list)) return;
    for (const raw of list) {
      const check = asObject(raw);
      if (check?.status === 'fail') ids.push(`${prefix}${String(check.id)}`);
    }
  };
  visit(checks.sequence, 'sequence:');
  if (Array.isArray(checks.emails)) {
    for (const [index, list] of checks.emails.entries()) visit(list, `email${index + 1}:`);
  }
  return ids;
}

function sentencesNaming(text: string, name: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).filter((sentence) => names(sentence, name));
}

function excerpt(text: string, needle: string): string {
  const at = fold(text).indexOf(fold(needle));
  if (at < 0) return text.slice(0, 200);
  return text.slice(Math.max(0, at - 80), at + needle.length + 80);
}

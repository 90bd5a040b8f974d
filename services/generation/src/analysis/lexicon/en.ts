import type { BenefitRule, Lexicon } from './types.ts';

/** A word list written as comma-separated text, so it stays readable after formatting. */
export const list = (text: string): Set<string> =>
  new Set(
    text
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const capital = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
const be = (plural: boolean) => (plural ? 'are' : 'is');
const verb = (plural: boolean, singular: string, pluralForm: string) => (plural ? pluralForm : singular);

/** Benefits that do not already name a bad thing get a qualifier in the short form: "manual invoice matching". */
const rule = (
  pattern: RegExp,
  priority: number,
  phrase: BenefitRule['phrase'],
  sentence: BenefitRule['sentence'],
  extra: Partial<BenefitRule> = {},
): BenefitRule => ({ pattern, objectSide: 'after', priority, phrase, sentence, ...extra });

const BENEFIT_RULES: BenefitRule[] = [
  rule(
    /(?:^|(?<=\s))(?:no more|say goodbye to|goodbye to|forget about|tired of|sick of|fed up with|frustrated (?:by|with)|struggling with|drowning in|bogged down by|stop wasting time on)\s+/giu,
    1,
    (o) => o,
    (o) => `Teams still lose hours to ${o}.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:replace|replaces|replacing|ditch|ditches|retire|retires|move beyond|switch from|get rid of|kill|kills|banish|banishes)\s+/giu,
    2,
    (o) => o,
    (o) => `Teams still rely on ${o}.`,
    { needsNegativeObject: true },
  ),
  rule(
    /(?:^|(?<=\s))(?:eliminate|eliminates|eliminating|end|ends|stop|stops|prevent|prevents|preventing|avoid|avoids|avoiding)\s+/giu,
    3,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'keeps', 'keep')} happening.`,
    { needsNegativeObject: true },
  ),
  rule(
    /(?:^|(?<=\s))(?:reduce|reduces|reducing|cut|cuts|cutting|lower|lowers|lowering|minimi[sz]e|minimi[sz]es|slash|slashes|decrease|decreases|shrink|shrinks|halve|halves|trim|trims|fewer)\s+/giu,
    4,
    (o) => o,
    (o, plural) => `${capital(o)} ${be(plural)} higher than ${plural ? 'they' : 'it'} should be.`,
    { needsNegativeObject: true, acceptsReducible: true },
  ),
  rule(
    /(?:^|(?<=\s))(?:automate|automates|automating|auto-generate|auto-generates)\s+/giu,
    5,
    (o) => (/^manual\b/i.test(o) ? o : `manual ${o}`),
    (o, plural) => `${capital(o)} ${be(plural)} still done by hand.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:speed up|speeds up|accelerate|accelerates|accelerating|shorten|shortens|fast-track|expedite|expedites)\s+/giu,
    5,
    (o) => `slow ${o}`,
    (o, plural) => `${capital(o)} ${verb(plural, 'takes', 'take')} too long.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:recover|recovers|recovering|win back|wins back|recapture|recaptures)\s+/giu,
    5,
    (o) => `lost ${o}`,
    (o, plural) => `${capital(o)} ${verb(plural, 'slips', 'slip')} through the cracks.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:predict|predicts|forecast|forecasts|anticipate|anticipates)\s+/giu,
    6,
    (o) => (/^(unexpected|unplanned|sudden)\b/i.test(o) ? o : `unexpected ${o}`),
    (o, plural) => `${capital(o)} ${verb(plural, 'comes', 'come')} without warning.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:catch|catches|detect|detects|flag|flags|spot|spots|block|blocks)\s+/giu,
    6,
    (o) => o,
    (o, plural) => `${capital(o)} ${be(plural)} caught too late.`,
    { needsNegativeObject: true },
  ),
  rule(
    /(?:^|(?<=\s))(?:improve|improves|improving|boost|boosts|increase|increases|grow|grows|raise|raises|maximi[sz]e|maximi[sz]es|lift|lifts|double|doubles)\s+/giu,
    7,
    (o) => o,
    (o, plural) => `${capital(o)} ${be(plural)} lower than ${plural ? 'they' : 'it'} should be.`,
    { needsMeasure: true },
  ),
  rule(
    /(?:^|(?<=\s))(?:simplify|simplifies|streamline|streamlines|streamlining|optimi[sz]e|optimi[sz]es|optimi[sz]ing)\s+/giu,
    7,
    (o) => o,
    (o, plural) => `${capital(o)} ${be(plural)} harder than ${plural ? 'they need' : 'it needs'} to be.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:unify|unifies|centrali[sz]e|centrali[sz]es|consolidate|consolidates|bring together|brings together|single source of truth for)\s+/giu,
    7,
    (o) => `scattered ${o}`,
    (o, plural) => `${capital(o)} ${be(plural)} scattered across disconnected tools.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:track|tracks|monitor|monitors|visibility into|insight into|insights into|real-time view of|full view of|live view of|keep an eye on)\s+/giu,
    8,
    (o) => `visibility into ${o}`,
    (o) => `Nobody has a live view of ${o}.`,
  ),
  rule(
    /(?:^|(?<=\s))(?:secure|secures|protect|protects|safeguard|safeguards)\s+/giu,
    8,
    (o) => `exposed ${o}`,
    (o, plural) => `${capital(o)} ${be(plural)} exposed to avoidable risk.`,
    { headlineOnly: true },
  ),
  rule(
    /(?:^|(?<=\s))(?:comply with|stay compliant with|stay on top of|keep up with)\s+/giu,
    8,
    (o) => o,
    (o) => `Keeping up with ${o} takes too much effort.`,
  ),
  // Adjectives that carry the benefit in a feature heading ("Automated matching").
  rule(
    /^(?:automated|automatic|auto-)\s*/giu,
    9,
    (o) => `manual ${o}`,
    (o, plural) => `${capital(o)} ${be(plural)} still done by hand.`,
    { headlineOnly: true },
  ),
  rule(
    /^(?:real-time|live|instant)\s+/giu,
    9,
    (o) => `outdated ${o}`,
    (o) => `Teams lack real-time ${o}.`,
    { headlineOnly: true },
  ),
  rule(
    /^(?:full|complete|end-to-end)\s+/giu,
    9,
    (o) => `gaps in ${o}`,
    (o, plural) => `${capital(o)} ${verb(plural, 'has', 'have')} gaps.`,
    { headlineOnly: true },
  ),
  rule(
    /^(?:predictive|proactive)\s+/giu,
    9,
    (o) => `reactive ${o}`,
    (o, plural) => `${capital(o)} ${be(plural)} still reactive.`,
    { headlineOnly: true },
  ),
  rule(
    /^(?:unified|centrali[sz]ed|all-in-one|integrated|connected)\s+/giu,
    9,
    (o) => `scattered ${o}`,
    (o, plural) => `${capital(o)} ${be(plural)} scattered across disconnected tools.`,
    { headlineOnly: true },
  ),
  rule(
    /^(?:online|self-serv(?:e|ice))\s+/giu,
    10,
    (o) => `offline ${o}`,
    (o, plural) => `${capital(o)} still ${verb(plural, 'runs', 'run')} on phone calls and email.`,
    { headlineOnly: true },
  ),
];

const EN_VERBS = list(`
    is, are, was, were, be, been, being, am, has, have, had, do, does, did, will, would, can, can't, cannot,
    could, should, shall, may, might, must, won't, don't, doesn't, didn't, isn't, aren't, wasn't, weren't, eat,
    eats, leave, leaves, live, lives, take, takes, cost, costs, slow, slows, pile, piles, stall, stalls, break,
    breaks, go, goes, get, gets, cause, causes, delay, delays, drain, drains, hurt, hurts, kill, kills, drive,
    drives, shut, shuts, run, runs, sit, sits, fall, falls, slip, slips, stay, stays, keep, keeps, lead, leads,
    make, makes, force, forces, mean, means, waste, wastes, miss, misses, become, becomes, require, requires,
    need, needs, depend, depends, rely, relies, end, ends, add, adds, turn, turns, put, puts, block, blocks,
    hide, hides, bury, buries, lose, loses, burn, burns, create, creates, trigger, triggers, spread, spreads,
    overwhelm, overwhelms, frustrate, frustrates, confuse, confuses, prevent, prevents, limit, limits, erode,
    erodes, send, sends, show, shows, sink, sinks, hit, hits, happen, happens, arrive, arrives, come, comes,
    fail, fails, linger, lingers, drag, drags, tie, ties, lock, locks, eat up, spike, spikes, drift, drifts,
    vary, varies, change, changes, rise, rises, climb, climbs, grow, grows, balloon, balloons, stack, stacks,
    wait, waits, sit, sits, fly, flies, wreck, wrecks, derail, derails
`);
const EN_FUNCTION_WORDS = list(`
    still, already, often, always, never, rarely, constantly, too, regularly, usually, sometimes, quickly,
    slowly, in, on, at, across, for, from, to, into, onto, with, without, because, when, until, while, after,
    before, that, which, who, whose, where, and, or, but, so, than, like, via, by, per, during, between, within,
    through, over, under, of
`);

export const ENGLISH: Lexicon = {
  code: 'en',
  and: 'and',
  problemHeading:
    /\b(the problem|problems?|challenges?|sound familiar|the old way|pain points?|struggl\w*|tired of|why teams switch|what'?s broken|what gets in the way|the cost of)\b|^before\b/i,
  audienceHeading:
    /\b(who (we|it)('s| is)? (work|works|serve|serves|help|helps|is) (with|for)?|who we serve|who it'?s for|built for|made for|designed for|for teams|our customers are|who uses)\b/i,
  notCapabilityHeading:
    /^(?:pricing|plans?|faq|frequently asked|questions|contact|about( us)?|blog|news|resources|careers|jobs|testimonials?|customers|case studies|customer stories|our customers|what (our )?(customers|operators|clients|people) say|trusted by|loved by|get started|ready to|start (your )?free|sign up|subscribe|newsletter|legal|privacy|cookies?|follow us|partners|integrations|industries|our team|leadership|press|events|webinars?|support|help|log ?in|book a demo|request a demo|talk to (sales|us)|live in|getting started|in \d+ steps|onboarding|how we (start|work|begin)|our process|the process|plays well|works with|our story|latest|see (it|how|your|what|why|for yourself)|learn more|watch|join|meet\b|get (ready|a|your|in touch)|start\b|try\b|put \d+|schedule a|want to|let'?s talk|questions\?|numbers|by the numbers|results)\b|\bpricing\b/i,
  storyHeading:
    /\b(customer stor(y|ies)|case stud(y|ies)|success stor(y|ies)|results|what (our )?\w+ say|testimonials?)\b/i,
  sectionLabel:
    /^(?:(?:what|how|why|who|where|when)\s(?!.*\?\s*$)|(?:(?:key|core|all|our|the)\s)?(?:features?|capabilities|platform|products?|overview|benefits|solutions?|modules|highlights|functionality|what you get|everything you need)\s*$)/i,
  // "reads", "sends", "checks": a verb in the third person, not "process" or "status".
  openingVerb: /^\p{Ll}+[^su\s]s$/u,
  notNames: list(`
    after, before, since, with, without, when, while, using, once, thanks, today, within, across, every, each,
    our, we, the, this, that, these, those, by, in, on, at, for, from, how, why, what, after rolling, during,
    over, under, into, through, because, if, as, all, both, most, many, some, it, its, their, they, you,
    your, here, there, now, then, just, only, also, plus, more, less, one, two, three, four, five, year, years,
    month, months, day, days, week, weeks, quarter, quarters, first, last, next, new, customer, customers,
    client, clients, team, teams, company, companies, case, study, story, results, result, read, learn
  `),
  stopwords: list(`
    the, and, with, your, for, you, that, our, are, from, this, have, has, was, were, will, can, into, their,
    they, them, its, it's, not, but, all, any, each, every, more, less, than, then, when, what, which, who,
    how, why, where, there, here, been, being, also, just, only, very, much, many, most, some, such, so, too,
    out, off, over, under, about, after, before, while, because, without, within, across, through, between,
    per, via, a, an, of, to, in, on, at, by, or, as, is, be, we, us, i, me, my, one, two, three, four, five,
    six, seven, eight, nine, ten, keep, keeps, kept, get, gets, got, make, makes, made, take, takes, took,
    thing, things, same, there's, nobody, someone, everyone, anyone, something, everything, want, wants, need,
    needs, still, even, really, actually, always, often, lot, lots, way, ways
  `),
  determiners: list(`
    the, your, their, our, its, a, an, all, any, every, each, those, these, this, that, his, her, my, no
  `),
  objectStops: list(`
    by, with, so, in, across, for, from, while, without, using, through, via, before, after, into, on, at,
    than, that, which, who, when, because, to, up, down, like, automatically, instantly, faster, today, now,
    again, forever, overnight, every, each, is, are, was, were, will, can, your, you, we, our, or, but, not,
    as, per, within, until, across, between, over, under, during, into, onto, the, a, an, its, their, instead,
    rather
  `),
  problemMarkers:
    /\b(too|never|nobody|no one|nothing|can't|cannot|don't|doesn't|isn't|aren't|won't|still|without|stuck|lost|miss(es|ed)?|late|guess|fail(s|ed)?|broken|wrong|waste[sd]?|hours|weeks|months|nightmare|chaos)\b|\?\s*$/i,
  statedPainMarkers:
    /\b(fail(s|ed)?|breaks? down|broke down|broken|lose|loses|lost|miss(es|ed)?|don't|doesn't|can't|cannot|won't|never|nobody|no one|waste[sd]?|scrambl\w*|chas(e|es|ing)|stuck|buried|piles? up|slip(s|ped)? through|guess(es|ing)?|overdue|falls? behind|falls? through|wipes? out|eats? into|erodes?|costs? you)\b/i,
  promiseMarkers:
    /\b(so (that )?you|you('ll| will)|never again|no more|no longer|instead of|without|before (it|they|anyone)|(has|have) to|need to|needs to)\b|^(with|using|thanks to|if|when|whenever|once)\b/i,
  verbs: EN_VERBS,
  phraseBreakers: new Set([...EN_VERBS, ...EN_FUNCTION_WORDS]),
  emptySubjects: list(`
    nobody, no one, everyone, everybody, someone, somebody, you, we, they, it, this, that, there, teams, team,
    people, everything, nothing, most teams, many teams, most companies, companies, businesses, leaders, i
  `),
  vagueNouns: list(`
    schedules, schedule, data, work, teams, team, reports, report, things, processes, process, people,
    information, tasks, task, everything, it, numbers, results, time, money, costs, cost, business, customers,
    systems, tools, the numbers, operations, orders, projects, deals, documents, files, updates, changes
  `),
  negativeWords: list(`
    errors, error, mistakes, defects, delays, delay, outages, incidents, breakdowns, failures, no-shows,
    stockouts, stock-outs, denials, denied, chargebacks, disputes, bottlenecks, escalations, returns,
    complaints, write-offs, bugs, crashes, breaches, violations, penalties, fines, rejections, cancellations,
    surprises, interruptions, shutdowns, recalls, stoppages, escapes, false positives, attacks, losses, downtime,
    waste, scrap, rework, fraud, risk, churn, turnover, paperwork, overhead, friction, guesswork, admin,
    busywork, backlog, chaos, spam, burnout, attrition, shrinkage, leakage, exposure, liability, data entry,
    double entry, toil, manual, unplanned, missed, late, lost, duplicate, costly, error-prone, tedious,
    repetitive, redundant, unnecessary, hidden, unexpected, failed, broken, slow, inaccurate, abandoned,
    fragmented, siloed, disconnected, outdated, legacy, wasted, delayed, overdue, unpaid, phantom, short,
    overtime, deductions, late fees, spreadsheets, paper, alert fatigue, delays, no-show rate, write-offs,
    false alarms, emergency repairs, call-outs, churn rate, discounting, errors, abandonment, cart abandonment,
    denials, missed charges, stale, aged, idle, downtime, understaffed, understaffing, no-show
  `),
  reducibleWords: list(`
    costs, cost, spend, spending, expenses, fees, time, times, lead times, turnaround, cycle time, wait times,
    response time, hours, days, handling time, inventory, premiums, bills, rates, dso, days in a/r, effort,
    workload, labor costs, labour costs
  `),
  measureWords: list(`
    rate, rates, margin, margins, revenue, revenues, uptime, yield, yields, accuracy, conversion, conversions,
    retention, throughput, productivity, sales, score, scores, utilization, utilisation, efficiency, output,
    capacity, quality, performance, profit, profits, profitability, collections, satisfaction, engagement,
    adoption, speed, occupancy, bookings, pipeline, roi, savings, growth, reliability, availability, visibility,
    consistency, coverage, attendance, production, volume, volumes, response, responses, reach, compliance,
    cash, income, value, velocity, ranking, rankings, traffic, leads, renewals, nps, csat, oee
  `),
  singularNouns: list(`
    analytics, logistics, news, series, physics, economics, compliance, status, sales, business, access,
    process, success, address, loss, class, gas, glass, bus, campus, census, bonus, corpus, virus, ops, devops,
    revops, finops, kubernetes, aws, saas
  `),
  benefitRules: BENEFIT_RULES,
  sentenceFromPhrase: (phrase) => `Teams lose time and money to ${phrase}.`,
  questionToStatement: (question) => {
    const text = question.trim().replace(/\?+$/, '');
    const still = /^still\s+(\p{L}+ing\b.*)$/iu.exec(text);
    if (still?.[1]) return `Teams are still ${still[1]}.`;
    const tired = /^(?:tired|sick|fed up) (?:of|with)\s+(.+)$/iu.exec(text);
    if (tired?.[1]) return `Teams are tired of ${tired[1]}.`;
    const gerund = /^(\p{L}+ing)\b(.*)$/iu.exec(text);
    if (gerund?.[1] && !/^(nothing|something|everything|anything|morning|evening|spring|thing)$/i.test(gerund[1])) {
      return `Teams are ${gerund[1].toLowerCase()}${gerund[2]}.`;
    }
    const areYou = /^are you\s+(.+)$/iu.exec(text);
    if (areYou?.[1]) return `Many teams are ${secondToThird(areYou[1])}.`;
    const doYou = /^do you\s+(.+)$/iu.exec(text);
    if (doYou?.[1]) return `Many teams ${secondToThird(doYou[1])}.`;
    const isYour = /^(is|are) your\s+(.+)$/iu.exec(text);
    if (isYour?.[1] && isYour[2]) {
      const [subject = '', ...rest] = isYour[2].split(
        /\s+(?=(?:still|stuck|scattered|spread|buried|slow|out|locked|full|missing)\b)/i,
      );
      if (rest.length) return `For many teams, the ${subject} ${isYour[1].toLowerCase()} ${rest.join(' ')}.`;
    }
    return undefined;
  },
  roleHeads: list(`
    manager, managers, director, directors, lead, leads, head, heads, vp, vps, vice president, vice presidents,
    officer, officers, engineer, engineers, planner, planners, controller, controllers, supervisor, supervisors,
    coordinator, coordinators, administrator, administrators, analyst, analysts, specialist, specialists,
    superintendent, superintendents, owner, owners, founder, founders, president, ceo, cfo, coo, cto, cio, cmo,
    cro, chro, ciso, cso, cpo, ceos, cfos, ctos, cios, cisos, dispatcher, dispatchers, recruiter, recruiters,
    accountant, accountants, buyer, buyers, scheduler, schedulers, administrator, technician, technicians,
    architect, architects, executive, executives, partner, partners, principal, principals, physician,
    physicians, nurse, nurses, dentist, dentists, marketer, marketers, strategist, strategists
  `),
  titleSmallWords: list('of, and, for, the, in, at, to, &'),
  resultVerbs:
    /\b(cuts?|reduc(?:es|ed)|lower(?:s|ed)|increas(?:es|ed)|rais(?:es|ed)|gr(?:ew|ows)|sav(?:es|ed)|doubl(?:es|ed)|tripl(?:es|ed)|halv(?:es|ed)|improv(?:es|ed)|boost(?:s|ed)|shorten(?:s|ed)|recover(?:s|ed)|recoup(?:s|ed)|reclaim(?:s|ed)|achiev(?:es|ed)|went from|goes from|dropp(?:ed)|drops|f[ae]ll|falls|eliminat(?:es|ed)|avoid(?:s|ed)|w(?:on|ins)|hit|hits|reach(?:es|ed)|gain(?:s|ed)|free[sd]|slash(?:es|ed)|decreas(?:es|ed)|negotiat(?:es|ed)|catch(?:es)|caught|trim(?:s|med)|accelerat(?:es|ed)|lift(?:s|ed)|redeploy(?:s|ed)|shr(?:inks|ank))\b/i,
  beforeAfter: {
    insteadOf: /\b(?:instead of|rather than|compared (?:to|with)|versus|vs\.?|(?:down|up) from)\s/i,
    fromTo: /\bfrom\s+(.{1,30}?)\s+to\s+(.{1,30})/i,
    timeSpan:
      /\b(?:(?:the\s+)?(?:same|next)[ -]day|overnight|(?:an?|one|per)\s+(?:hour|day|week|month|quarter|year)|hours|days|weeks|months|minutes|seconds)\b/i,
  },
  triggers: [
    {
      kind: 'expansion',
      pattern:
        /\b(open(s|ed|ing)?(?! (?:positions|roles|jobs|house|shifts))|launch(es|ed|ing)?|break(s|ing)? ground on|expand(s|ed|ing)?|expansion|new)\b.{0,60}\b(distribution (center|centre)|warehouse|facility|plant|factory|site|location|locations|office|offices|clinic|clinics|hub|store|stores|campus|headquarters|center|centre|depot)\b/i,
    },
    {
      kind: 'funding',
      pattern:
        /\b(raised?|raises|secures?|secured|closes?|closed|announces?)\b.{0,40}(\$|€|£)\s?\d[\d.,]*\s?(m|mm|million|bn|billion|k)?\b|\bseries [a-e]\b|\b(growth|strategic) investment\b|\binvest(s|ed|ing)? \$?\d/i,
    },
    {
      kind: 'hiring',
      pattern:
        /\b(we('re| are) hiring|now hiring|join our team|open (roles|positions)|is hiring|are hiring|hiring \d+|hiring (for|new))\b/i,
    },
    {
      kind: 'launch',
      pattern:
        /\b(launch(es|ed|ing)?|introduc(es|ed|ing)|unveil(s|ed)?|roll(s|ed)? out|now offer(s|ing)?|now available)\b/i,
    },
    { kind: 'acquisition', pattern: /\b(acquir(es|ed|ing)|acquisition of|merg(es|ed|er) with)\b/i },
    { kind: 'partnership', pattern: /\b(partner(s|ed|ing)? with|partnership with|teams? up with)\b/i },
    { kind: 'award', pattern: /\b(named|wins?|won|awarded|recogni[sz]ed)\b.{0,40}\b(award|best|top \d+|list)\b/i },
  ],
  toSecondPerson: (clause) => {
    const text = clause.trim();
    if (!/^(we|we're|we've|we'll|we'd|our)\b/i.test(text)) return undefined;
    return text
      .replace(/\bwe(?:'re| are)\b/gi, "you're")
      .replace(/\bwe've\b/gi, "you've")
      .replace(/\bwe(?:'ll| will)\b/gi, "you'll")
      .replace(/\bwe(?:'d| would)\b/gi, "you'd")
      .replace(/\bwe\b/gi, 'you')
      .replace(/\bours\b/gi, 'yours')
      .replace(/\bour\b/gi, 'your')
      .replace(/\bourselves\b/gi, 'yourselves')
      .replace(/\bus\b/g, 'you')
      .replace(/^You/, 'you');
  },
};

/** "you still reconcile your accounts" → "still reconcile their accounts" (for "Many teams …"). */
function secondToThird(text: string): string {
  return text
    .replace(/\byour\b/gi, 'their')
    .replace(/\byourselves\b/gi, 'themselves')
    .replace(/\byou\b/gi, 'they');
}

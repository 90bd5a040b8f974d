/**
 * `node evaluation/score.ts --set heldout-a --label before` (or `npm run eval -- --set heldout-a
 * --label before`): scores the engine of this checkout on a held-out set of company sites, through
 * the public HTTP API only (evaluation/README.md).
 *
 * stdout gets aggregate numbers only (no site names, no page text): the people who tune the engine
 * read it. Per-site details go to evaluation/<set>/.results/<label>/ (git-ignored), and the
 * aggregate table to evaluation/<set>/scores/<label>.md (committed).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Api, type ApiAnswer, apiClient, type RunningApp, type StaticSite, serveSite, startApp } from './app.ts';
import {
  type CustomizationLabel,
  type GenerationRun,
  type SiteRun,
  type SiteScore,
  SUB_CRITERIA,
  scoreSite,
} from './criteria.ts';
import { type HeldOutSet, loadSet, type Site } from './expectations.ts';

const evaluationDir = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(evaluationDir, '..');
const out = (line = '') => process.stdout.write(`${line}\n`);

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'heldout-a' },
    label: { type: 'string', default: 'local' },
    /** Comma-separated site ids: a partial run writes details only, never the committed summary. */
    only: { type: 'string' },
  },
});
const setName = args.set ?? 'heldout-a';
const label = args.label ?? 'local';
if (!/^[a-z0-9][a-z0-9._-]*$/i.test(label)) throw new Error(`--label must be a plain name, not "${label}"`);

// ── Users and allowance ─────────────────────────────────────────────────────────────────────────
const PASSWORD = 'heldout-eval-passphrase-7';
const SANDBOX_CARD = '4242 4242 4242 4242';

class Users {
  private count = 0;
  private left = 0;
  api: Api | undefined;
  private readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  /** A session with at least one sequence of allowance left: a new user, with a plan bought as the UI does. */
  async ready(): Promise<Api> {
    if (this.api && this.left > 0) return this.api;
    if (this.api && (await this.refresh()) > 0) return this.api;
    this.count += 1;
    const api = apiClient(this.origin);
    const registered = await api('POST', '/api/register', {
      email: `heldout-${label}-${this.count}@seqgen-eval.test`.toLowerCase(),
      password: PASSWORD,
      firstName: 'Eval',
      lastName: `User${this.count}`,
    });
    if (registered.status !== 201)
      throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
    this.api = api;
    const checkout = await api('POST', '/api/create-subscription', { planType: 'leader', billing: 'monthly' });
    const clientSecret = (checkout.body as { clientSecret?: string } | undefined)?.clientSecret;
    if (checkout.status === 200 && clientSecret) {
      await api('POST', '/api/billing/sandbox/confirm', { clientSecret, cardNumber: SANDBOX_CARD });
      // The plan reaches quota by an event: wait until the allowance shows it.
      for (let attempt = 0; attempt < 40; attempt += 1) {
        if ((await this.refresh()) > 10) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    if ((await this.refresh()) <= 0) throw new Error('a new user has no allowance');
    return api;
  }

  async refresh(): Promise<number> {
    if (!this.api) return 0;
    const usage = await this.api('GET', '/api/usage');
    const body = usage.body as { used?: number; limit?: number } | undefined;
    this.left = usage.status === 200 && body ? (body.limit ?? 0) - (body.used ?? 0) : 0;
    return this.left;
  }

  used(): void {
    this.left -= 1;
  }

  get registered(): number {
    return this.count;
  }
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────
function customizations(site: Site, prospectUrl: string | undefined) {
  const request = site.expectations.request;
  const base = {
    specificPersona: '',
    seniority: '',
    specificIndustry: '',
    additionalContext: '',
    targetSpecificCompany: 'no',
    prospectCompanyUrl: '',
    language: 'auto',
  };
  return [
    ['a', { ...base, persona: 'generic', industry: 'agnostic', tone: 50 }],
    [
      'b',
      {
        ...base,
        persona: 'specific',
        specificPersona: request.persona,
        seniority: 'above',
        industry: 'specific',
        specificIndustry: request.industry,
        tone: 15,
        additionalContext: `We met at ${request.event} last week.`,
      },
    ],
    [
      'c',
      {
        ...base,
        persona: 'specific',
        specificPersona: request.juniorPersona,
        seniority: 'below',
        industry: 'agnostic',
        tone: 90,
        ...(prospectUrl ? { targetSpecificCompany: 'yes', prospectCompanyUrl: prospectUrl } : {}),
      },
    ],
  ] as const satisfies readonly (readonly [CustomizationLabel, Record<string, unknown>])[];
}

async function runSite(
  users: Users,
  site: Site,
  siteOrigin: string,
  prospectUrl: string | undefined,
): Promise<SiteRun & { ms: number }> {
  const started = performance.now();
  const api = await users.ready();
  const companyUrl = `${siteOrigin}/`;
  const caseStudies = site.hasCaseStudies ? `${siteOrigin}/case-studies` : undefined;
  const analyze: ApiAnswer = await api('POST', '/api/analyze-company', {
    companyUrl,
    ...(caseStudies ? { caseStudies } : {}),
  });
  const generations: GenerationRun[] = [];
  const analysis = analyze.status === 200 ? (analyze.body as { analysis?: unknown }).analysis : undefined;
  if (analysis) {
    for (const [labelOf, customization] of customizations(site, prospectUrl)) {
      const session = await users.ready();
      let prospectCheck: ApiAnswer | undefined;
      if (customization.targetSpecificCompany === 'yes') {
        prospectCheck = await session('POST', '/api/analyze-company/prospect', {
          prospectCompanyUrl: customization.prospectCompanyUrl,
        });
      }
      const request = { companyUrl, ...(caseStudies ? { caseStudies } : {}), analysis, customization };
      const answer = await session('POST', '/api/generate-emails', request);
      if (answer.status === 200) users.used();
      generations.push({ label: labelOf, request: { customization }, prospectCheck, answer });
    }
  }
  return { analyze, generations, ms: performance.now() - started };
}

// ── Aggregates ──────────────────────────────────────────────────────────────────────────────────
interface Row {
  name: string;
  value: string;
}

function aggregate(scores: SiteScore[], minutes: number, registered: number): Row[] {
  const sites = scores.length;
  const sequences = scores.flatMap((score) => score.sequences);
  const emails = sequences.filter((sequence) => sequence.gives).length * 7;
  const sum = (pick: (score: SiteScore) => number) => scores.reduce((total, score) => total + pick(score), 0);
  const sumSeq = (pick: (sequence: SiteScore['sequences'][number]) => number) =>
    sequences.reduce((total, sequence) => total + pick(sequence), 0);
  const sitesWith = (pick: (score: SiteScore) => boolean) => scores.filter(pick).length;
  const analysed = scores.filter((score) => score.analyzeStatus === 200).length;
  const rows: Row[] = [
    { name: '1 gives a sequence (sites)', value: `${sitesWith((score) => score.givesSequence)} / ${sites}` },
    { name: '  analyze answered 200 (sites)', value: `${analysed} / ${sites}` },
    {
      name: '  generations answered 200 with 7 emails',
      value: `${sequences.filter((sequence) => sequence.gives).length} / ${sites * 3}`,
    },
    { name: '2 analysis holds (sites)', value: `${sitesWith((score) => score.analysisHolds)} / ${sites}` },
    ...SUB_CRITERIA.map(([id, text], index) => ({
      name: `  2${String.fromCharCode(97 + index)} ${text}`,
      value: `${sitesWith((score) => score.sub[id])} / ${sites}   (fails ${sites - sitesWith((score) => score.sub[id])})`,
    })),
    {
      name: '3 invented stated pains (pains)',
      value: `${sum((score) => score.inventedStatedPains)} of ${sum((score) => score.presentedAsStated)} presented as stated, in ${sitesWith((score) => score.inventedStatedPains > 0)} sites`,
    },
    { name: '  notPains presented as stated (pains)', value: `${sum((score) => score.notPainsPresented)}` },
    {
      name: '4 misattributions',
      value: `${sum((score) => score.misattributionsAnalysis) + sum((score) => score.misattributionsEmails)} (analysis ${sum((score) => score.misattributionsAnalysis)}, emails ${sum((score) => score.misattributionsEmails)}), in ${sitesWith((score) => score.misattributionsAnalysis + score.misattributionsEmails > 0)} sites`,
    },
    {
      name: '5 checks pass (sequences)',
      value: `${sequences.filter((sequence) => sequence.checksPass).length} / ${sites * 3}`,
    },
    {
      name: '6 mixed language (emails)',
      value: `${sumSeq((sequence) => sequence.mixedLanguageEmails)} of ${emails}, in ${sequences.filter((sequence) => sequence.mixedLanguageEmails > 0).length} sequences`,
    },
    { name: '  empty greetings (emails)', value: `${sumSeq((sequence) => sequence.emptyGreetings)} of ${emails}` },
    {
      name: '7 forbidden in emails (emails)',
      value: `${sumSeq((sequence) => sequence.forbiddenEmails) + sumSeq((sequence) => sequence.notCustomerEmails)} (forbidden text ${sumSeq((sequence) => sequence.forbiddenEmails)}, not-customers as customers ${sumSeq((sequence) => sequence.notCustomerEmails)})`,
    },
    { name: 'info: pains marked inferred', value: `${sum((score) => score.inferred)}` },
    {
      name: 'info: stated pains found / stated on pages',
      value: `${sum((score) => score.statedFound)} / ${sum((score) => score.statedOnPage)}`,
    },
    {
      name: 'info: stated pains paired with an answering capability',
      value: `${sum((score) => score.pairsAnswering)} of ${sum((score) => score.pairsTotal)} pairs`,
    },
    {
      name: 'info: solutions matching no capability of the page',
      value: `${sum((score) => score.solutionsWithoutCapability)} of ${sum((score) => score.solutionsTotal)}`,
    },
    {
      name: 'info: prospect checks answered 200',
      value: `${sum((score) => score.prospectChecksOk)} / ${sum((score) => score.prospectChecks)}`,
    },
    {
      name: 'info: proof points credited but matching no expected proof',
      value: `${sum((score) => score.unmatchedProofPoints)}`,
    },
    {
      name: 'info: sequences not in the site language',
      value: `${sequences.filter((sequence) => sequence.gives && sequence.writtenIn !== sequence.siteLanguage).length} / ${sequences.filter((sequence) => sequence.gives).length}`,
    },
    { name: 'info: users registered (plan bought through sandbox)', value: `${registered}` },
    { name: 'info: run time', value: `${minutes.toFixed(1)} min` },
  ];
  return rows;
}

function byLanguage(scores: SiteScore[]): Row[] {
  const languages = [...new Set(scores.map((score) => score.language))].sort();
  return languages.map((language) => {
    const of = scores.filter((score) => score.language === language);
    return {
      name: `  sites in ${language}: gives / analysis holds / language right`,
      value: `${of.filter((score) => score.givesSequence).length} / ${of.filter((score) => score.analysisHolds).length} / ${of.filter((score) => score.sub.language).length} of ${of.length}`,
    };
  });
}

function table(rows: Row[]): string[] {
  const width = Math.max(...rows.map((row) => row.name.length)) + 2;
  return rows.map((row) => `${row.name.padEnd(width)}${row.value}`);
}

/** HEAD, whether files outside evaluation/ differ from it, and the last commit that changed the product itself. */
function commitScored(): { commit: string; dirty: boolean; product: string } {
  const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const outsideEvaluation = ['--', '.', ':(exclude)evaluation', ':(exclude)package-lock.json'];
  try {
    return {
      commit: git('rev-parse', 'HEAD'),
      dirty: git('status', '--porcelain', ...outsideEvaluation).length > 0,
      product: git(
        'log',
        '-1',
        '--format=%H',
        ...outsideEvaluation,
        ':(exclude)package.json',
        ':(exclude)tsconfig.json',
      ),
    };
  } catch {
    return { commit: 'unknown', dirty: false, product: 'unknown' };
  }
}

function findingsMarkdown(set: HeldOutSet, scores: SiteScore[], runs: Map<string, SiteRun & { ms: number }>): string {
  const lines = [`# ${set.name} · ${label} · findings`, ''];
  for (const score of scores) {
    const run = runs.get(score.id);
    lines.push(`## ${score.id} (${score.language}, ${score.layout}) — ${Math.round(run?.ms ?? 0)} ms`);
    const failed = SUB_CRITERIA.filter(([id]) => !score.sub[id]).map(([id]) => id);
    lines.push(
      `gives: ${score.givesSequence} · analysis holds: ${score.analysisHolds}${failed.length ? ` (fails: ${failed.join(', ')})` : ''}`,
    );
    for (const sequence of score.sequences) {
      lines.push(
        `- sequence ${sequence.label}: ${sequence.status}, checks ${sequence.checksStatus ?? '-'}${sequence.failingChecks.length ? ` [${sequence.failingChecks.join(', ')}]` : ''}, written in ${sequence.writtenIn ?? '-'}`,
      );
    }
    for (const finding of score.findings) {
      lines.push(`- **${finding.criterion}** · ${finding.where} · ${finding.why}`);
      lines.push(`  > ${finding.text.replace(/\n+/g, ' ⏎ ').slice(0, 600)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const started = performance.now();
  const set = loadSet(evaluationDir, setName);
  const only = args.only ? new Set(args.only.split(',').map((id) => id.trim())) : undefined;
  const sites = only ? set.sites.filter((site) => only.has(site.id)) : set.sites;
  if (only && sites.length !== only.size) throw new Error(`--only names unknown sites`);

  const servers: StaticSite[] = [];
  let app: RunningApp | undefined;
  const resultsDir = path.join(set.dir, '.results', label);
  try {
    const siteServers = new Map<string, StaticSite>();
    for (const site of sites) {
      const server = await serveSite(site.dir);
      servers.push(server);
      siteServers.set(site.id, server);
    }
    const prospectServers = new Map<string, StaticSite>();
    for (const [id, dir] of set.prospects) {
      const server = await serveSite(dir);
      servers.push(server);
      prospectServers.set(id, server);
    }
    app = await startApp(
      repoRoot,
      servers.map((server) => server.origin),
    );
    const users = new Users(app.origin);
    const runs = new Map<string, SiteRun & { ms: number }>();
    const scores: SiteScore[] = [];
    rmSync(resultsDir, { recursive: true, force: true });
    mkdirSync(path.join(resultsDir, 'sites'), { recursive: true });
    for (const [index, site] of sites.entries()) {
      const origin = siteServers.get(site.id)?.origin ?? '';
      const prospect = site.expectations.request.prospect;
      const prospectUrl = prospect ? `${prospectServers.get(prospect)?.origin}/` : undefined;
      const run = await runSite(users, site, origin, prospectUrl);
      runs.set(site.id, run);
      const score = scoreSite(site.expectations, run);
      scores.push(score);
      writeFileSync(
        path.join(resultsDir, 'sites', `${site.id}.json`),
        `${JSON.stringify({ site: site.id, ms: Math.round(run.ms), analyze: run.analyze, generations: run.generations, score }, null, 2)}\n`,
      );
      process.stderr.write(`\r  scored ${index + 1} / ${sites.length} sites`);
    }
    process.stderr.write('\n');
    const minutes = (performance.now() - started) / 60_000;
    const rows = [...aggregate(scores, minutes, users.registered), ...byLanguage(scores)];
    const { commit, dirty, product } = commitScored();
    const header = `held-out set ${set.name} · label ${label} · ${scores.length} sites · ${scores.length * 3} sequences requested`;
    out(header);
    for (const line of table(rows)) out(line);
    writeFileSync(path.join(resultsDir, 'findings.md'), findingsMarkdown(set, scores, runs));
    writeFileSync(path.join(resultsDir, 'app.log'), `${app.tail(2000)}\n`);
    writeFileSync(
      path.join(resultsDir, 'summary.json'),
      `${JSON.stringify({ label, commit, dirty, product, rows, llm: app.llm }, null, 2)}\n`,
    );
    if (!only) {
      mkdirSync(path.join(set.dir, 'scores'), { recursive: true });
      const date = new Date().toISOString().slice(0, 10);
      const summary = [
        `# ${set.name} · ${label}`,
        '',
        `- date: ${date}`,
        `- commit scored: ${commit}${dirty ? ' (with uncommitted changes outside evaluation/)' : ''}`,
        `- last commit that changed the product (outside evaluation/ and the root package.json/tsconfig.json): ${product}`,
        `- writer: ${app.llm ? 'LLM on loopback' : 'built-in (no LLM configured)'}`,
        `- ${scores.length} sites, 3 sequences requested per site`,
        '',
        '```',
        ...table(rows),
        '```',
        '',
      ].join('\n');
      writeFileSync(path.join(set.dir, 'scores', `${label}.md`), summary);
    }
  } finally {
    await app?.stop();
    for (const server of servers) await server.close();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});

/**
 * `npm run bench`: runs every scripts/bench/*.ts except this one and load.ts, each in its own Node
 * process (so one bench's warm caches and heap never flatter another's), shows each bench's own
 * output as it runs, and writes one report, bench-report.md and bench-report.json (issue 12):
 * every headline figure with its target and whether it was met, the same figures on the
 * embedded defaults and on the real servers side by side with their ratio, and the machine.
 *
 * Issue 25, item 6: before the first bench and after the last, in-run references are measured
 * (references.ts: a fixed CPU workload, a bare node:http hello-world, an idle Node process) and
 * every figure is also reported over the reference of its kind, with the machine's load before
 * and after each bench; the built-in analysis and writer are held to scripts/bench/baseline.json
 * (their medians over the cpu unit): more than 1.5× the baseline is a regression, said on stderr,
 * in the report, and in the exit code.
 *
 * Benches that can run on either infrastructure (INFRA_BENCHES) run on both: the embedded
 * defaults, then the machine's PostgreSQL, NATS and Redis (services as separate processes where
 * the bench starts them). `BENCH_INFRA=embedded` or `BENCH_INFRA=real` runs one only.
 * `npm run bench -- polling pipeline` runs the named benches only.
 *
 * A bench reports its headline figures on its last JSON line: `{"bench": name, "summary":
 * [{"metric", "value", "unit"?, "target"?, "met"?}]}`; `met` is worked out from the target when
 * the bench does not say. Benches without a summary still run; the report points at their output.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { realInfraReachable } from '@seqgen/kit/testing';
import { measureReferences, type References, relativeTo } from './references.ts';
import {
  type BaselineCheck,
  buildReport,
  formatHeadline,
  type Headline,
  type Infra,
  meets,
  type Outcome,
} from './report.ts';

const folder = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(folder, '../..');
const only = process.argv.slice(2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);
/** Benches that read BENCH_INFRA. */
const INFRA_BENCHES = new Set(['auth', 'composer', 'gateway-cache', 'library', 'pipeline', 'polling']);
const NOT_BENCHES = new Set(['run.ts', 'report.ts', 'load.ts', 'llm-stand-in.ts', 'references.ts']);
/** How far past its baseline (over the cpu unit) a baseline figure may go before the run fails. */
const REGRESSION_FACTOR = 1.5;
const load1 = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

/** Share of the machine's CPU time spent idle over `ms` (Linux /proc/stat, all cores). */
async function idleShare(ms: number): Promise<number> {
  const read = () => {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  return (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * Waits (30 s at most) until the machine is nearly idle: what one bench leaves running for a
 * while (the servers it stopped flushing, PostgreSQL's autovacuum after a real-infrastructure
 * run) otherwise lands on the next. Seen: polling (real) at 2,456 req/s right after polling
 * (embedded), 4,513 req/s alone, same code. The 1-minute load average is not used: it lags.
 */
async function settle(): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline && (await idleShare(1_000)) < 0.9) {
    // keep waiting
  }
}

function runOne(file: string, infra: Infra | null): Promise<Outcome> {
  const started = performance.now();
  const loadBefore = load1();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(folder, file)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...(infra && { BENCH_INFRA: infra }) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      let summary: Headline[] = [];
      for (const line of output.trim().split('\n').reverse()) {
        if (!line.startsWith('{')) continue;
        try {
          const parsed = JSON.parse(line) as { summary?: Headline[] };
          summary = Array.isArray(parsed.summary) ? parsed.summary : [];
          break;
        } catch {
          // Not the result line.
        }
      }
      resolve({
        bench: file.replace(/\.ts$/, ''),
        infra,
        ok: code === 0,
        seconds: (performance.now() - started) / 1000,
        load: { before: loadBefore, after: load1() },
        summary: summary.map((headline) => ({
          ...headline,
          met: headline.met ?? meets(headline.value, headline.target),
        })),
      });
    });
  });
}

const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && !NOT_BENCHES.has(file))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const wanted = process.env.BENCH_INFRA;
if (wanted !== undefined && wanted !== 'embedded' && wanted !== 'real') {
  throw new Error(`BENCH_INFRA is "embedded" or "real", not "${wanted}"`);
}
const real = await realInfraReachable();
const infras: Infra[] = wanted ? [wanted] : real.ok ? ['embedded', 'real'] : ['embedded'];
if (infras.includes('real') && !real.ok)
  throw new Error(`BENCH_INFRA=real but unreachable: ${real.missing.join(', ')}`);

process.stdout.write('\n━━ in-run references ━━\n');
const referencesAtStart = await measureReferences();
process.stdout.write(`  ${JSON.stringify(referencesAtStart)}\n`);
const outcomes: Outcome[] = [];
for (const file of benches) {
  for (const infra of INFRA_BENCHES.has(file.replace(/\.ts$/, '')) ? infras : [null]) {
    await settle();
    process.stdout.write(`\n━━ ${file}${infra ? ` (${infra})` : ''} ━━\n`);
    outcomes.push(await runOne(file, infra));
  }
}

const referencesAtEnd = await measureReferences();
process.stdout.write(`\n━━ in-run references at the end ━━\n  ${JSON.stringify(referencesAtEnd)}\n`);
// Each figure over its reference: the mean of the start and end references, so a machine that
// got busier during the run weighs on both sides.
const references: References = {
  cpuMs: (referencesAtStart.cpuMs + referencesAtEnd.cpuMs) / 2,
  httpRps: (referencesAtStart.httpRps + referencesAtEnd.httpRps) / 2,
  rssMb: (referencesAtStart.rssMb + referencesAtEnd.rssMb) / 2,
  load1: referencesAtEnd.load1,
};
for (const outcome of outcomes) {
  for (const headline of outcome.summary) headline.relative = relativeTo(references, headline.value, headline.unit);
}

// The built-in analysis and writer against the committed baseline (ratios to the cpu unit, so a
// busier or slower machine does not decide it).
const baselineFile = path.join(folder, 'baseline.json');
const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Record<string, Record<string, number>>;
const checks: BaselineCheck[] = outcomes.flatMap((outcome) =>
  Object.entries(baseline[outcome.bench] ?? {}).flatMap(([metric, expected]) => {
    const headline = outcome.summary.find((h) => h.metric === metric);
    const relative = headline?.relative?.value;
    if (relative === undefined) return [];
    const ratio = Math.round((relative / expected) * 100) / 100;
    return [
      {
        bench: outcome.bench,
        infra: outcome.infra,
        metric,
        relative,
        baseline: expected,
        ratio,
        regressed: ratio > REGRESSION_FACTOR,
      },
    ];
  }),
);
const regressed = checks.filter((check) => check.regressed);
for (const check of regressed) {
  process.stderr.write(
    `\nREGRESSION: ${check.bench}${check.infra ? ` (${check.infra})` : ''} "${check.metric}" is ${check.ratio}× its baseline (${check.relative} vs ${check.baseline} × cpu)\n`,
  );
}

// ── The report ──────────────────────────────────────────────────────────────────────────────
const gitCommit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const machine = {
  cores: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  commit: gitCommit,
  date: new Date().toISOString(),
  infrastructures: infras,
  references: { start: referencesAtStart, end: referencesAtEnd },
  ...(real.ok ? {} : { realServersMissing: real.missing }),
};

const report = buildReport(outcomes, machine, checks);
writeFileSync(path.join(root, 'bench-report.md'), report.markdown);
writeFileSync(path.join(root, 'bench-report.json'), `${JSON.stringify(report.json, null, 2)}\n`);

process.stdout.write('\n━━ summary ━━\n');
for (const o of outcomes) {
  process.stdout.write(
    `  ${o.bench}${o.infra ? ` (${o.infra})` : ''}: ${o.ok ? 'ok' : 'FAILED'}, ${o.seconds.toFixed(1)} s\n`,
  );
  for (const h of o.summary) {
    process.stdout.write(
      `    ${h.metric}: ${formatHeadline(h)}${h.target ? ` (target ${h.target}: ${h.met ? 'met' : 'MISSED'})` : ''}\n`,
    );
  }
}
process.stdout.write(
  `\nReport: bench-report.md, bench-report.json (${report.json.allMet ? 'every target met' : 'targets missed'})\n`,
);
process.exit(outcomes.every((outcome) => outcome.ok) && regressed.length === 0 ? 0 : 1);

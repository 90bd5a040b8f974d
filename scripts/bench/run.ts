/**
 * `npm run bench`: runs every scripts/bench/*.ts except this one and load.ts, each in its own Node
 * process (so one bench's warm caches and heap never flatter another's), shows each bench's own
 * output as it runs, and writes one report, bench-report.md and bench-report.json (issue 12):
 * every headline figure with its target and whether it was met, the same figures on the
 * embedded defaults and on the real servers side by side with their ratio, and the machine.
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
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { realInfraReachable } from '@seqgen/kit/testing';
import { buildReport, formatHeadline, type Headline, type Infra, meets, type Outcome } from './report.ts';

const folder = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(folder, '../..');
const only = process.argv.slice(2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);
/** Benches that read BENCH_INFRA. */
const INFRA_BENCHES = new Set(['auth', 'composer', 'gateway-cache', 'pipeline', 'polling']);
const NOT_BENCHES = new Set(['run.ts', 'report.ts', 'load.ts', 'llm-stand-in.ts']);

function runOne(file: string, infra: Infra | null): Promise<Outcome> {
  const started = performance.now();
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

const outcomes: Outcome[] = [];
for (const file of benches) {
  for (const infra of INFRA_BENCHES.has(file.replace(/\.ts$/, '')) ? infras : [null]) {
    process.stdout.write(`\n━━ ${file}${infra ? ` (${infra})` : ''} ━━\n`);
    outcomes.push(await runOne(file, infra));
  }
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
  ...(real.ok ? {} : { realServersMissing: real.missing }),
};

const report = buildReport(outcomes, machine);
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
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);

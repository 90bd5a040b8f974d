/**
 * `npm run bench`: runs every scripts/bench/*.ts except this one, each in its own Node process
 * (so one bench's warm caches and heap never flatter another's), shows each bench's own output
 * as it runs, and ends with a summary table.
 *
 * A bench reports its headline figures on its last JSON line: `{"bench": name, "summary":
 * [{"metric", "value", "unit", "target"?}]}`. Benches without a summary still run; the table then
 * points at their output above.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(folder, '../..');
const only = process.argv.slice(2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);

const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

interface Headline {
  metric: string;
  value: number | string;
  unit?: string;
  target?: string;
}

interface Outcome {
  bench: string;
  ok: boolean;
  seconds: number;
  summary: Headline[];
}

function runOne(file: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(folder, file)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
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
        ok: code === 0,
        seconds: (performance.now() - started) / 1000,
        summary,
      });
    });
  });
}

const outcomes: Outcome[] = [];
for (const file of benches) {
  process.stdout.write(`\n━━ ${file} ━━\n`);
  outcomes.push(await runOne(file));
}

const rows: string[][] = [['bench', 'status', 'time', 'metric', 'value', 'target']];
for (const outcome of outcomes) {
  const status = outcome.ok ? 'ok' : 'FAILED';
  const time = `${outcome.seconds.toFixed(1)} s`;
  if (outcome.summary.length === 0) rows.push([outcome.bench, status, time, '(see its output above)', '', '']);
  outcome.summary.forEach((headline, index) => {
    rows.push([
      index === 0 ? outcome.bench : '',
      index === 0 ? status : '',
      index === 0 ? time : '',
      headline.metric,
      `${headline.value}${headline.unit ? ` ${headline.unit}` : ''}`,
      headline.target ?? '',
    ]);
  });
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
process.stdout.write('\n━━ summary ━━\n');
for (const [index, row] of rows.entries()) {
  process.stdout.write(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`);
  if (index === 0) process.stdout.write(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
}
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);

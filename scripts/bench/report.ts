/**
 * The benchmark report (issue 12): what `npm run bench` (run.ts) writes to bench-report.md and
 * bench-report.json from each bench's headline figures.
 */

import type { References } from './references.ts';

export type Infra = 'embedded' | 'real';

export interface Headline {
  metric: string;
  value: number | string;
  unit?: string;
  target?: string;
  /** Whether the target was met; worked out from `target` when the bench does not say. */
  met?: boolean | undefined;
  /** The figure over the in-run reference of its kind (references.ts), e.g. `{ value: 3.1, of: '× cpu' }`. */
  relative?: { value: number; of: string } | undefined;
}

export interface Outcome {
  bench: string;
  /** null: the bench does not depend on the infrastructure. */
  infra: Infra | null;
  ok: boolean;
  seconds: number;
  summary: Headline[];
  /** The machine's 1-minute load average before and after the bench ran. */
  load?: { before: number; after: number } | undefined;
}

/** A figure against the committed baseline (baseline.json): a regression fails the bench. */
export interface BaselineCheck {
  bench: string;
  infra: Infra | null;
  metric: string;
  relative: number;
  baseline: number;
  /** relative ÷ baseline. */
  ratio: number;
  regressed: boolean;
}

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  platform: string;
  commit: string;
  date: string;
  infrastructures: Infra[];
  realServersMissing?: string[];
  /** The in-run references (references.ts), measured before the first bench and after the last. */
  references?: { start: References; end: References } | undefined;
}

/** Whether a numeric value meets a target written "≤ 5 ms", "< 50", "≥ 3000", "0"; undefined if it cannot tell. */
export function meets(value: number | string, target: string | undefined): boolean | undefined {
  if (target === undefined || typeof value !== 'number') return undefined;
  const match = /^\s*(≤|<=|<|≥|>=|>|=)?\s*(-?[\d.]+)/.exec(target);
  if (!match) return undefined;
  const bound = Number(match[2]);
  switch (match[1]) {
    case '≤':
    case '<=':
      return value <= bound;
    case '<':
      return value < bound;
    case '≥':
    case '>=':
      return value >= bound;
    case '>':
      return value > bound;
    default:
      return value === bound;
  }
}

export const formatHeadline = (headline: Headline | undefined) =>
  headline === undefined ? '' : `${headline.value}${headline.unit ? ` ${headline.unit}` : ''}`;
const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'met' : '**missed**');

const relativeText = (h: Headline) => (h.relative ? `${h.relative.value} ${h.relative.of}` : '');
const refsText = (r: References) =>
  `cpu unit ${r.cpuMs} ms, hello-world ${r.httpRps} req/s, idle node ${r.rssMb} MB, load ${r.load1}`;

export function buildReport(outcomes: Outcome[], machine: Machine, baseline: BaselineCheck[] = []) {
  /** The same bench's figures on both infrastructures, with real ÷ embedded where both are numbers. */
  const sideBySide = [...new Set(outcomes.filter((o) => o.infra).map((o) => o.bench))].flatMap((bench) => {
    const embedded = outcomes.find((o) => o.bench === bench && o.infra === 'embedded');
    const onReal = outcomes.find((o) => o.bench === bench && o.infra === 'real');
    if (!embedded || !onReal) return [];
    return embedded.summary.map((headline) => {
      const other = onReal.summary.find((h) => h.metric === headline.metric);
      const ratio =
        typeof headline.value === 'number' && typeof other?.value === 'number' && headline.value !== 0
          ? Math.round((other.value / headline.value) * 100) / 100
          : undefined;
      return { bench, metric: headline.metric, embedded: formatHeadline(headline), real: formatHeadline(other), ratio };
    });
  });

  const regressions = baseline.filter((check) => check.regressed);
  const allMet = regressions.length === 0 && outcomes.every((o) => o.ok && o.summary.every((h) => h.met !== false));
  const lines: string[] = [
    '# seqgen benchmark report',
    '',
    `Written by \`npm run bench\` on ${machine.date} at commit ${machine.commit}: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}. Infrastructures: ${machine.infrastructures.join(', ')}${machine.realServersMissing ? ` (real servers unreachable: ${machine.realServersMissing.join(', ')})` : ''}.`,
    '',
    `**${allMet ? 'Every target met.' : 'Some targets missed or some benches failed: see below.'}**`,
    '',
    ...(machine.references
      ? [
          `In-run references (scripts/bench/references.ts): at the start ${refsText(machine.references.start)}; at the end ${refsText(machine.references.end)}. Each figure is also given over the reference of its kind: a time over the cpu unit, a throughput over the hello-world, memory over an idle Node process; shares and ratios are their own.`,
          '',
        ]
      : []),
    '## Figures',
    '',
    '| bench | infrastructure | metric | value | ÷ reference | target | |',
    '|---|---|---|---|---|---|---|',
    ...outcomes.flatMap((o) =>
      o.summary.length === 0
        ? [`| ${o.bench} | ${o.infra ?? '—'} | ${o.ok ? '(no summary: see its output)' : '**failed**'} | | | | |`]
        : o.summary.map(
            (h) =>
              `| ${o.bench} | ${o.infra ?? '—'} | ${h.metric} | ${formatHeadline(h)} | ${relativeText(h)} | ${h.target ?? ''} | ${verdict(h.met)} |`,
          ),
    ),
    '',
    '## Against the committed baseline',
    '',
    baseline.length === 0
      ? 'No baseline figure measured in this run.'
      : [
          'The built-in analysis and writer over the cpu unit, against scripts/bench/baseline.json; more than 1.5× the baseline is a regression and fails the run.',
          '',
          '| bench | infrastructure | metric | now (× cpu) | baseline (× cpu) | now ÷ baseline | |',
          '|---|---|---|---|---|---|---|',
          ...baseline.map(
            (c) =>
              `| ${c.bench} | ${c.infra ?? '—'} | ${c.metric} | ${c.relative} | ${c.baseline} | ${c.ratio} | ${c.regressed ? '**regressed**' : 'ok'} |`,
          ),
        ].join('\n'),
    '',
    '## Embedded defaults vs real servers',
    '',
    sideBySide.length === 0
      ? 'Not measured in this run (one infrastructure only).'
      : [
          '| bench | metric | embedded | real | real ÷ embedded |',
          '|---|---|---|---|---|',
          ...sideBySide.map(
            (row) => `| ${row.bench} | ${row.metric} | ${row.embedded} | ${row.real} | ${row.ratio ?? ''} |`,
          ),
        ].join('\n'),
    '',
    '## Runs',
    '',
    '| bench | infrastructure | status | time | load before → after |',
    '|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.bench} | ${o.infra ?? '—'} | ${o.ok ? 'ok' : '**failed**'} | ${o.seconds.toFixed(1)} s | ${o.load ? `${o.load.before} → ${o.load.after}` : ''} |`,
    ),
    '',
  ];

  return {
    markdown: lines.join('\n'),
    json: { machine, allMet, runs: outcomes, embeddedVsReal: sideBySide, baseline },
  };
}

/**
 * The benchmark report's rules (scripts/bench/report.ts, issue 12): targets are judged from their
 * text, a missed one is shown as missed and fails the whole report, and the same figure on both
 * infrastructures is set side by side with its ratio.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, type Machine, meets, type Outcome } from '../../scripts/bench/report.ts';

const machine: Machine = {
  cores: 2,
  cpu: 'test cpu',
  memoryGb: 8,
  node: 'v24.0.0',
  platform: 'linux',
  commit: 'abc123',
  date: '2026-11-23T00:00:00.000Z',
  infrastructures: ['embedded', 'real'],
};

describe('meets', () => {
  it('reads ≤, <, ≥, > and a bare number from the target, units ignored', () => {
    expect(meets(5, '≤ 5 ms')).toBe(true);
    expect(meets(5.1, '≤ 5 ms')).toBe(false);
    expect(meets(49.9, '< 50')).toBe(true);
    expect(meets(50, '< 50')).toBe(false);
    expect(meets(3000, '≥ 3000')).toBe(true);
    expect(meets(2999, '≥ 3000')).toBe(false);
    expect(meets(0.61, '> 0.6')).toBe(true);
    expect(meets(0, '0')).toBe(true);
    expect(meets(1, '0')).toBe(false);
    expect(meets('300 → 400', '≤ 350')).toBeUndefined();
    expect(meets(1, undefined)).toBeUndefined();
  });
});

describe('buildReport', () => {
  const run = (infra: 'embedded' | 'real', rps: number, met: boolean): Outcome => ({
    bench: 'polling',
    infra,
    ok: true,
    seconds: 60,
    summary: [
      { metric: 'usage polls', value: rps, unit: 'req/s', target: '≥ 3000', met },
      { metric: 'idle memory', value: 300, unit: 'MB' },
    ],
  });

  it('says every target met only when each is, and marks the one missed', () => {
    const good = buildReport([run('embedded', 3500, true), run('real', 4200, true)], machine);
    expect(good.json.allMet).toBe(true);
    expect(good.markdown).toContain('Every target met.');
    expect(good.markdown).toContain('2 cores (test cpu), 8 GB, Node v24.0.0');

    const bad = buildReport([run('embedded', 2500, false), run('real', 4200, true)], machine);
    expect(bad.json.allMet).toBe(false);
    expect(bad.markdown).toContain('| polling | embedded | usage polls | 2500 req/s |  | ≥ 3000 | **missed** |');
    const failed = buildReport([{ ...run('embedded', 3500, true), ok: false }], machine);
    expect(failed.json.allMet).toBe(false);
  });

  it('sets each figure on the embedded defaults beside the real servers with real ÷ embedded', () => {
    const report = buildReport([run('embedded', 3000, true), run('real', 4500, true)], machine);
    expect(report.json.embeddedVsReal).toContainEqual({
      bench: 'polling',
      metric: 'usage polls',
      embedded: '3000 req/s',
      real: '4500 req/s',
      ratio: 1.5,
    });
    expect(report.markdown).toContain('| polling | usage polls | 3000 req/s | 4500 req/s | 1.5 |');
  });
});

describe('relative figures and the baseline (issue 25, item 6)', () => {
  it('gives each figure over its in-run reference, and fails the report on a regression past 1.5×', async () => {
    const { relativeTo } = await import('../../scripts/bench/references.ts');
    const refs = { cpuMs: 40, httpRps: 20_000, rssMb: 40, load1: 1.5 };
    expect(relativeTo(refs, 80, 'ms')).toEqual({ value: 2, of: '× cpu' });
    expect(relativeTo(refs, 400, 'µs')).toEqual({ value: 0.01, of: '× cpu' });
    expect(relativeTo(refs, 5_000, 'req/s')).toEqual({ value: 0.25, of: '× hello-world' });
    expect(relativeTo(refs, 120, 'MB')).toEqual({ value: 3, of: '× idle node' });
    expect(relativeTo(refs, 0.4, '%')).toEqual({ value: 0.4, of: 'ratio' });
    expect(relativeTo(refs, 'n/a', 'ms')).toBeUndefined();

    const outcome: Outcome = {
      bench: 'analysis',
      infra: null,
      ok: true,
      seconds: 10,
      load: { before: 1.2, after: 1.9 },
      summary: [{ metric: 'median', value: 80, unit: 'ms', relative: { value: 2, of: '× cpu' } }],
    };
    const withRefs = { ...machine, references: { start: refs, end: refs } };
    const fine = buildReport([outcome], withRefs, [
      { bench: 'analysis', infra: null, metric: 'median', relative: 2, baseline: 1.6, ratio: 1.25, regressed: false },
    ]);
    expect(fine.json.allMet).toBe(true);
    expect(fine.markdown).toContain('| analysis | — | median | 80 ms | 2 × cpu |');
    expect(fine.markdown).toContain('cpu unit 40 ms, hello-world 20000 req/s, idle node 40 MB, load 1.5');
    expect(fine.markdown).toContain('| 1.2 → 1.9 |');
    const regressed = buildReport([outcome], withRefs, [
      { bench: 'analysis', infra: null, metric: 'median', relative: 2, baseline: 1, ratio: 2, regressed: true },
    ]);
    expect(regressed.json.allMet).toBe(false);
    expect(regressed.markdown).toContain('**regressed**');
  });
});

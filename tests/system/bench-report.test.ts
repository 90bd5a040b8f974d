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
    expect(bad.markdown).toContain('| polling | embedded | usage polls | 2500 req/s | ≥ 3000 | **missed** |');
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

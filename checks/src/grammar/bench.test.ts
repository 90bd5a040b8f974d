import { describe, expect, it } from 'vitest';
import { finiteVerbs, isSentence, seams } from '../index.ts';
import { TUNED } from './heldout.fixtures.ts';
import { SENTENCES } from './sentences.fixtures.ts';

const ROUNDS = 10;
const RUNS = 9;

/** CPU time in µs (user and system): on a shared machine it leaves out the time spent waiting for a core. */
const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * A micro-benchmark that only reports: CPU time per sentence for each function and language
 * (median and fastest of nine runs), the wall-clock median beside it, and the one-off cost of
 * generating a language's verb forms on first use. Nothing here is asserted about time.
 */
describe('grammar micro-benchmark', () => {
  it('reports the time per sentence', () => {
    const lines: string[] = [];
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      const started = performance.now();
      finiteVerbs('Warm up.', language);
      const build = performance.now() - started;
      const sentences = [
        ...SENTENCES[language].good,
        ...SENTENCES[language].noVerb,
        ...TUNED[language].good,
        ...TUNED[language].bad,
      ];
      const report: string[] = [];
      for (const [name, check] of [
        ['finiteVerbs', finiteVerbs],
        ['seams', seams],
        ['isSentence', isSentence],
      ] as const) {
        for (let round = 0; round < 20; round += 1) for (const sentence of sentences) check(sentence, language);
        const cpuRuns: number[] = [];
        const wallRuns: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const wall = performance.now();
          const time = cpu();
          for (let round = 0; round < ROUNDS; round += 1) for (const sentence of sentences) check(sentence, language);
          cpuRuns.push((cpu() - time) / (ROUNDS * sentences.length));
          wallRuns.push(((performance.now() - wall) * 1000) / (ROUNDS * sentences.length));
        }
        cpuRuns.sort((a, b) => a - b);
        wallRuns.sort((a, b) => a - b);
        const middle = Math.floor(RUNS / 2);
        report.push(
          `${name} ${cpuRuns[middle]?.toFixed(1)} µs (fastest ${cpuRuns[0]?.toFixed(1)}, wall ${wallRuns[middle]?.toFixed(1)})`,
        );
      }
      lines.push(`${language}: ${report.join(', ')}; verb forms generated in ${build.toFixed(0)} ms`);
      expect(sentences.length).toBeGreaterThan(50);
    }
    // The figures, for the record.
    console.warn(`grammar, CPU time per sentence:\n${lines.join('\n')}`);
  });
});

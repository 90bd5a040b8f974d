/**
 * Prints the one line CI reads: "N passed, N failed" for the whole run (vitest tests plus the
 * typecheck/lint/build checks), and exits non-zero on any failure or a run that executed nothing.
 *
 *   node scripts/summarize-tests.ts RESULTS.json CHECKS_PASSED CHECKS_FAILED VITEST_STATUS [RESULTS.json VITEST_STATUS]…
 *
 * Each further pair is another vitest run (the image tests run on their own, after the images are
 * built) whose JSON results and exit status count the same way.
 */
import { existsSync, readFileSync } from 'node:fs';

const [firstFile = '', checksPassed = '0', checksFailed = '0', firstStatus = '1', ...more] = process.argv.slice(2);
const runs: [file: string, status: string][] = [[firstFile, firstStatus]];
for (let i = 0; i < more.length; i += 2) runs.push([more[i] ?? '', more[i + 1] ?? '1']);

let passed = Number(checksPassed);
let failed = Number(checksFailed);
let skipped = 0;
for (const [resultsFile, vitestStatus] of runs) {
  let runFailed = 0;
  if (existsSync(resultsFile)) {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numTotalTests: number;
      testResults: { status: string; name: string; message?: string }[];
    };
    passed += results.numPassedTests;
    runFailed += results.numFailedTests;
    skipped += results.numPendingTests + results.numTodoTests;
    // A file that failed to load (syntax error, missing server under REQUIRE_INFRA) has no tests
    // to count, but it is a failure all the same.
    for (const file of results.testResults) {
      if (file.status === 'failed' && (file.message ?? '') !== '') {
        runFailed += 1;
        console.error(`file failed: ${file.name}: ${file.message?.split('\n')[0]}`);
      }
    }
  } else {
    runFailed += 1;
    console.error(`no vitest results at ${resultsFile}`);
  }
  if (Number(vitestStatus) !== 0 && runFailed === 0) runFailed += 1;
  failed += runFailed;
}

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

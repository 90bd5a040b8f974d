/**
 * Prints the one line CI reads: "N passed, N failed" for the whole run (vitest tests plus the
 * typecheck/lint/build checks), and exits non-zero on any failure or a run that executed nothing.
 */
import { existsSync, readFileSync } from 'node:fs';

const [resultsFile = '', checksPassed = '0', checksFailed = '0', vitestStatus = '1'] = process.argv.slice(2);

let passed = Number(checksPassed);
let failed = Number(checksFailed);
let skipped = 0;
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
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  // A file that failed to load (syntax error, missing server under REQUIRE_INFRA) has no tests
  // to count, but it is a failure all the same.
  for (const file of results.testResults) {
    if (file.status === 'failed' && (file.message ?? '') !== '') {
      failed += 1;
      console.error(`file failed: ${file.name}: ${file.message?.split('\n')[0]}`);
    }
  }
} else {
  failed += 1;
  console.error(`no vitest results at ${resultsFile}`);
}
if (Number(vitestStatus) !== 0 && failed === 0) failed += 1;

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

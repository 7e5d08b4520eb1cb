// Prints "tests: N passed, N failed" from the Vitest and Playwright JSON reports; exits 1 when a
// report is missing (its runner crashed) or counted no test at all.
import { existsSync, readFileSync } from 'node:fs';

const [vitestReport, playwrightReport] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;

if (vitestReport && existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
} else {
  console.error('test-summary: no Vitest report');
  broken = true;
}

if (playwrightReport && existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
} else {
  console.error('test-summary: no Playwright report');
  broken = true;
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(broken || passed === 0 ? 1 : 0);

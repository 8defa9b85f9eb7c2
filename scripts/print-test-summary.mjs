// Prints one closing line for the whole run ("tests: N passed, N failed, N skipped") from the JSON
// reports that vitest and Playwright write, so CI logs end with a figure a reader can trust.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };

const vitestReport = 'test-results/vitest.json';
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const playwrightReport = 'test-results/playwright.json';
if (existsSync(playwrightReport)) {
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

console.info(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);

// Prints how long each test project took (wall clock) and one closing line for the whole run ("tests: N
// passed, N failed, N skipped") from the JSON reports that vitest and Playwright write, so CI logs end with
// figures a reader can trust.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Project name → { first start, last end } in ms, from its test files. */
const spans = new Map();

function projectOf(file) {
  const [area, name] = relative(process.cwd(), file).split('/');
  return area === 'packages' || area === 'apps' ? name : area;
}

const vitestReport = 'test-results/vitest.json';
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that could not load or whose hooks failed has no test to count as failed: counted apart.
  totals.brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  for (const file of report.testResults ?? []) {
    const project = `vitest ${projectOf(file.name)}`;
    const span = spans.get(project) ?? { start: file.startTime, end: file.endTime, files: 0 };
    span.start = Math.min(span.start, file.startTime);
    span.end = Math.max(span.end, file.endTime);
    span.files += 1;
    spans.set(project, span);
  }
}

const playwrightReport = 'test-results/playwright.json';
if (existsSync(playwrightReport)) {
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  const start = Date.parse(stats.startTime ?? '');
  if (Number.isFinite(start)) spans.set('playwright e2e', { start, end: start + (stats.duration ?? 0) });
}

// Vitest runs its projects side by side, so their spans overlap; each is its own first start to last end.
for (const [project, { start, end, files }] of spans) {
  const seconds = ((end - start) / 1000).toFixed(1);
  console.info(`duration: ${project} ${seconds} s${files ? ` (${files} files)` : ''}`);
}
const broken = totals.brokenFiles ? `, ${totals.brokenFiles} test files failed outside their tests` : '';
console.info(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${broken}`);

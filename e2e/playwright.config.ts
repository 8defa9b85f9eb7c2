import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (none can be fetched here). The flags keep it off the closed network.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Two workers run files side by side, each with a Loupe server of its own (support/fixtures.ts); the
  // tests of one file run in order. `--workers=1` runs one file at a time.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test's budget, not a measure of speed (benchmarks measure that): the 2-core machine runs up to twice
  // as slowly on some days (another Chromium, a busier host), and a long walk through the screens then passed
  // 60 s without anything being wrong. Tests that walk further set more, on the same scale.
  timeout: 120_000,
  // Two workers share two cores with their Loupe servers: a page may take longer than the default 5 s. On a
  // host at a load of 12 (CI, 2026-11-30) a cold Settings page sent its first request 15 s after the click, so
  // an assertion waits up to 20 s; a passing run waits only as long as the page takes.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.LOUPE_URL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});

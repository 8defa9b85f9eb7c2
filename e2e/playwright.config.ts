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
  timeout: 60_000,
  // Two workers share two cores with their Loupe servers: a page may take longer than the default 5 s.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.LOUPE_URL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});

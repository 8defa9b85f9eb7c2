import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; the browser tests in e2e/ run under
// Playwright. Coverage is measured for packages/domain, whose rules the issue holds to 95 % of lines.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    passWithNoTests: true,
    globalSetup: ['./scripts/vitest-global-setup.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    coverage: {
      enabled: true,
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});

import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * The web app's tests, two projects of one root config (vitest.config.ts at the repo root): `web`, the
 * screens and hooks (`*.test.tsx`) in jsdom, and `web-logic` (vitest.logic.config.ts), everything else
 * (`*.test.ts`: models, API calls, formatters) in Node, which starts in a fraction of jsdom's time. A
 * `.test.ts` that needs a DOM says so on its first line: `// @vitest-environment jsdom`.
 */
export const WEB_TEST_BASE: Pick<UserWorkspaceConfig, 'plugins' | 'resolve'> = {
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
};

export default defineProject({
  ...WEB_TEST_BASE,
  test: {
    name: 'web',
    include: ['src/**/*.test.tsx'],
    environment: 'jsdom',
    // 30 s per test, as the server's: two workers share two cores, and a screen's test renders it many times.
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});

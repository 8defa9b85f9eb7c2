import { defineProject } from 'vitest/config';
import { WEB_TEST_BASE } from './vitest.config.ts';

// The web app's tests without a screen (see vitest.config.ts): in Node unless a file asks for jsdom.
export default defineProject({
  ...WEB_TEST_BASE,
  test: {
    name: 'web-logic',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});

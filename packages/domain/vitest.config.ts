import { defineProject } from 'vitest/config';

export default defineProject({
  // 30 s per test, as the server's: two workers share two cores, and a few tests do seconds of work.
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
});

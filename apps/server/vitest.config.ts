import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'workshop/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files of a worker share its modules (the app's ~880, PGlite's WebAssembly) instead of loading them
    // once per file: most of a server file's import time. Nothing in the server keeps per-process state a
    // test relies on being fresh; every suite builds its own app, database and clock.
    isolate: false,
  },
});

import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    // 30 s per test, as the server's: two workers share two cores, and a screen's test renders it many times.
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});

import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

// The Lighthouse floor (apps/server/bench/lighthouse-floor.ts): one page of the web's own stack, without
// Loupe's screens, built as the web app is: Loupe's index.html (its first paint, the spinner), the same plugins
// and stylesheet, brotli and gzip copies. Only the module index.html starts is this folder's main.tsx.
// FLOOR_PAGE picks the page from ./pages; FLOOR_OUT_DIR is where the build goes.
const page = process.env.FLOOR_PAGE ?? 'stack';
const outDir = process.env.FLOOR_OUT_DIR;
if (!outDir)
  throw new Error('FLOOR_OUT_DIR: set where the floor build goes (it never replaces the web build)');
const webDir = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: webDir,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: /^\/src\/main\.tsx$/, replacement: path.resolve(import.meta.dirname, 'main.tsx') },
      { find: '@floor-page', replacement: path.resolve(import.meta.dirname, 'pages', `${page}.tsx`) },
      { find: '@', replacement: path.join(webDir, 'src') },
    ],
  },
  build: { outDir, emptyOutDir: true, sourcemap: false },
});

import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

// The Lighthouse floor (apps/server/bench/lighthouse-floor.ts): one page of the web's own stack, without
// Loupe's screens, built as the web app is (same plugins, same stylesheet, brotli and gzip copies).
// FLOOR_PAGE picks the page from ./pages; FLOOR_OUT_DIR is where the build goes.
const page = process.env.FLOOR_PAGE ?? 'stack';
const webDir = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: webDir,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@floor-page': path.resolve(import.meta.dirname, 'pages', `${page}.tsx`),
      '@': path.join(webDir, 'src'),
    },
  },
  build: {
    outDir: process.env.FLOOR_OUT_DIR ?? path.join(webDir, 'dist-floor'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { input: path.resolve(import.meta.dirname, 'index.html') },
  },
});

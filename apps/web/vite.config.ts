import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signedInChunkGroup, signInChunkGroup } from './scripts/chunk-groups.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadSignedIn } from './scripts/preload-signed-in.ts';

// During development the API server runs on :3000 (npm run dev -w @loupe/server); Vite proxies to it.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Brotli and gzip copies of the build, served by Accept-Encoding; the signed-in chunk asked for by index.html
  // on a signed-in reload (issue 35 §4).
  plugins: [react(), tailwindcss(), preloadSignedIn(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // No source maps in the production build: they would publish the source (issue 20 §7).
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (issue 35 §4): the sign-in page's lazy pieces in one, and what the signed-in
        // shell and most screens share in another, instead of dozens of files of a few hundred bytes.
        codeSplitting: {
          groups: [
            signInChunkGroup(path.resolve(import.meta.dirname, 'src')),
            signedInChunkGroup(path.resolve(import.meta.dirname, 'src')),
          ],
        },
      },
    },
  },
});

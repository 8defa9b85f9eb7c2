import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the web app's production build (apps/web/dist) at `/`. Paths that are not files and not under
 * /api fall back to index.html, so React Router handles deep links. Hashed assets are cached for a year,
 * index.html is revalidated on every load. The build writes a brotli and a gzip copy of each text file
 * (apps/web/scripts/precompress.ts): they are sent by Accept-Encoding, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<boolean> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app is not built: run `npm run build -w @loupe/web`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    // Routes for the files present at start-up; everything else reaches the not-found handler below.
    wildcard: false,
    index: false,
    preCompressed: true,
    // Source maps stay out of production even if a build emits them: they publish the source (issue 20 §7).
    // The .br and .gz copies are reached through their file's own route, by Accept-Encoding.
    globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
    setHeaders: (response, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/** True when a request should get the app's index.html instead of a 404. */
export function wantsWebApp(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  // A missing source map is a 404, not the app's index.html.
  if (pathname.endsWith('.map')) return false;
  return !pathname.startsWith('/api') && !pathname.startsWith('/socket.io');
}

/**
 * CSP sources for the inline scripts of the app's index.html (the theme script that runs before React),
 * so the policy can allow exactly those instead of every inline script.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The build's text files; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` and `file.gz` beside each text file of `dir`, at the highest levels (the build pays once,
 * not every request), so the server sends them by Accept-Encoding (`preCompressed` of @fastify/static).
 * Returns the files it compressed.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<string[]> {
  const compressible = files.filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'));
  await Promise.all(
    compressible.map(async (file) => {
      const absolute = path.join(dir, file);
      const source = await readFile(absolute);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${absolute}.br`, br), writeFile(`${absolute}.gz`, gz)]);
    }),
  );
  return compressible;
}

/** Vite plugin: precompresses the production build once it is written (issue 35 §4). */
export function precompress(): Plugin {
  return {
    name: 'loupe-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await precompressFiles(dir, Object.keys(bundle));
    },
  };
}

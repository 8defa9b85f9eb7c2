// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress';

describe('precompressFiles', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text file that decode to the original, and skips the rest', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'loupe-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    const script = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'logo-abc.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');

    const done = await precompressFiles(dir, [
      'assets/index-abc.js',
      'index.html',
      'assets/logo-abc.png',
      '.vite/manifest.json',
    ]);

    expect(done.sort()).toEqual(['assets/index-abc.js', 'index.html']);
    const br = readFileSync(path.join(dir, 'assets', 'index-abc.js.br'));
    const gz = readFileSync(path.join(dir, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'logo-abc.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, '.vite', 'manifest.json.gz'))).toBe(false);
  });
});

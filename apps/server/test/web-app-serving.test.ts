import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './support/test-app.ts';

const THEME_SCRIPT = "document.documentElement.classList.add('dark');";
const SCRIPT = 'console.log("a hashed asset");\n'.repeat(100);

describe('serving the web app', () => {
  let t: TTestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'loupe-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><script>${THEME_SCRIPT}</script><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>`,
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    // What the build's precompress step writes beside each text file.
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"mappings":"AAAA"}');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => t.close());

  it('serves index.html at / and for deep links, uncached', async () => {
    for (const url of ['/', '/orders/42', '/settings/users?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('allows exactly the inline script of index.html, by hash, and no other inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/orders' });
    const policy = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    // The API reference page bootstraps with an inline script: allowed by its hash, never 'unsafe-inline'.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    const docsPolicy = String(docs.headers['content-security-policy']);
    expect(docsPolicy).not.toContain("unsafe-inline'; ");
    const docsScriptSrc = docsPolicy.split(';').find((directive) => directive.startsWith('script-src')) ?? '';
    expect(docsScriptSrc).not.toContain('unsafe-inline');
    const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(docs.body)?.[1] ?? '';
    expect(inline).toContain('createApiReference');
    const docsHash = createHash('sha256').update(inline).digest('base64');
    expect(docsScriptSrc.split(' ')).toContain(`'sha256-${docsHash}'`);
  });

  it('never serves a source map, even when the build left one beside its asset', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('mappings');
  });

  it('lets the page connect to its own origin only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/orders' });
    const connectSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('connect-src'));
    expect(connectSrc).toBe("connect-src 'self' ws://loupe.test");
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy the browser accepts, brotli first, and says it varies by Accept-Encoding', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', file: brotliCompressSync(SCRIPT) },
      { accept: 'gzip, deflate', encoding: 'gzip', file: gzipSync(SCRIPT) },
      { accept: undefined, encoding: undefined, file: Buffer.from(SCRIPT) },
    ];
    for (const { accept, encoding, file } of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(String(response.headers['content-type'])).toContain('javascript');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(file), accept).toBe(true);
    }
  });

  it('does not publish the compressed copies under names of their own', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('keeps unknown API paths as JSON 404s and other methods as 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/orders' });
    expect(post.statusCode).toBe(404);
  });

  it('answers API-only installs (no build) with JSON 404 at /', async () => {
    const apiOnly = await createTestApp();
    try {
      const response = await apiOnly.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});

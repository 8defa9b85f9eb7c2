import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './support/test-app.ts';

describe('serving the web app', () => {
  let t: TTestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'loupe-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
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

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

describe.each(TEST_DATABASES)('system endpoints on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { COMPANY_NAME: 'Atelier Nord', AI_ASSISTANT_NAME: 'Jeweler Bot' },
    });
  });
  afterAll(() => t.close());

  it('publishes what a browser needs to sign in, and the branding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      authMode: 'local',
      userPoolId: 'us-east-1_loupe',
      userPoolClientId: 'loupe-web',
      userPoolEndpoint: 'http://loupe.test/api/idp',
      region: 'us-east-1',
      companyName: 'Atelier Nord',
      tagline: 'Select a location to view departments and track items across our facilities',
      aiAssistantName: 'Jeweler Bot',
    });
  });

  it('points browsers at the address they used when PUBLIC_URL is not set', async () => {
    const lan = await createTestApp({ database, env: { PUBLIC_URL: '' } });
    try {
      const response = await lan.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: { host: '192.168.1.20:3000' },
      });
      expect(response.json()).toMatchObject({ userPoolEndpoint: 'http://192.168.1.20:3000/api/idp' });
    } finally {
      await lan.close();
    }
  });

  it('reports health with the database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database });
  });

  it('answers unknown /api paths with the JSON error object and 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      correlationId: expect.any(String),
    });
  });

  it('echoes a given X-Correlation-ID and generates a 21-character one otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-correlation-id': 'abc-123' },
    });
    expect(given.headers['x-correlation-id']).toBe('abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(generated.headers['x-correlation-id'])).toMatch(/^[\w-]{21}$/);
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-correlation-id': 'a b<c>' },
    });
    expect(String(garbage.headers['x-correlation-id'])).toMatch(/^[\w-]{21}$/);
  });

  it('serves an OpenAPI document and its reference page', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys((document.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/config', '/api/health']));
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 301, 302]).toContain(redirect.statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

import { UNSTORABLE_TEXT_MESSAGES } from '@loupe/domain/validation/storable-text';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { callIdp } from './support/idp-client.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

/** Issue 20 §1: text PostgreSQL cannot store is a 400 at the edge on every route, never a 500 from the database. */

// The twelve lists that answered `?q=%00` with 500.
const LISTS = [
  '/api/v1/users',
  '/api/v1/locations',
  '/api/v1/departments',
  '/api/v1/stations',
  '/api/v1/readers',
  '/api/v1/customers',
  '/api/v1/catalog/metal-types',
  '/api/v1/catalog/product-types',
  '/api/v1/catalog/design-folders',
  '/api/v1/catalog/designs',
  '/api/v1/orders',
  '/api/v1/repairs',
];

function expectRefused(response: LightMyRequestResponse, field: string, message: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
    details: { issues: [{ field, message }] },
  });
}

describe.each(TEST_DATABASES)('text PostgreSQL cannot store on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
  });
  afterAll(() => t.close());

  it.each(LISTS)('refuses a NUL in the search of %s with 400', async (list) => {
    expectRefused(await admin.request('GET', `${list}?q=%00`), 'query.q', UNSTORABLE_TEXT_MESSAGES.nul);
  });

  it.each([
    ['/api/v1/stations/a%00b'],
    ['/api/v1/departments/by-name/ring%00s'],
    ['/api/v1/customers/%00'],
    ['/api/v1/tracking/orders/x%00'],
  ])('refuses a NUL in the path parameter of %s with 400', async (url) => {
    const response = await admin.request('GET', url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details.issues[0].message).toBe(UNSTORABLE_TEXT_MESSAGES.nul);
  });

  it('refuses a NUL or a lone surrogate anywhere in a JSON body, and stores nothing', async () => {
    const before = (await admin.request('GET', '/api/v1/customers')).json().data.total;
    expectRefused(
      await admin.request('POST', '/api/v1/customers', {
        body: { name: 'Ada\u0000Lovelace', email: 'ada@example.com' },
      }),
      'body.name',
      UNSTORABLE_TEXT_MESSAGES.nul,
    );
    // JSON.stringify writes a lone surrogate as the escape \ud800, which the server parses back to one.
    expectRefused(
      await admin.request('POST', '/api/v1/customers', {
        body: { name: 'Ada', email: 'ada@example.com', notes: 'x\uD800' },
      }),
      'body.notes',
      UNSTORABLE_TEXT_MESSAGES.loneSurrogate,
    );
    expectRefused(
      await admin.request('POST', '/api/v1/customers', {
        body: { name: 'Ada', email: 'ada@example.com', contactPreferences: ['email', 'sms\u0000'] },
      }),
      'body.contactPreferences.1',
      UNSTORABLE_TEXT_MESSAGES.nul,
    );
    expect((await admin.request('GET', '/api/v1/customers')).json().data.total).toBe(before);
    // The same text without the NUL is stored.
    const stored = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('refuses a NUL in a public route’s body before the route runs', async () => {
    const anonymous = t.client();
    expectRefused(
      await anonymous.request('POST', '/api/v1/auth/forgot-password', {
        body: { email: 'a\u0000@b.example' },
      }),
      'body.email',
      UNSTORABLE_TEXT_MESSAGES.nul,
    );
  });

  it('answers a NUL in an identity request with 400 InvalidParameterException, Cognito’s shape', async () => {
    const response = await callIdp(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.config.LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: 'someone\u0000@example.com', PASSWORD: 'whatever it is' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ __type: 'InvalidParameterException', message: expect.any(String) });
  });
});

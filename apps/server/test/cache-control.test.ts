import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { multipartBody, PNG_1X1, tempDataDir } from './support/uploads.ts';

/**
 * Issue 34 §7: authenticated JSON (customers' phones and e-mails), tokens and public-link answers must not
 * be kept by a browser's cache or a proxy. Every /api answer says `Cache-Control: no-store` unless its route
 * chose otherwise for a reason (ROUTES_WITH_THEIR_OWN).
 */
const ROUTES_WITH_THEIR_OWN: Readonly<Record<string, string>> = {
  'GET /api/idp/.well-known/jwks.json': 'public, max-age=300',
  'GET /api/v1/attachments/:id': 'private, max-age=31536000, immutable',
};

const concreteUrl = (url: string) =>
  url.replace(':antenna', '1').replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

describe.each(TEST_DATABASES)('Cache-Control of API answers on %s', (database) => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let admin: TTestClient;
  let customerId: string;
  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir.dir } });
    admin = (await t.clientAs('admin')).client;
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Grace Hopper', phone: '+1 555 010 2030', email: 'grace@example.com' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = customer.json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  it("keeps a customer's phone and e-mail out of every cache", async () => {
    const response = await admin.request('GET', `/api/v1/customers/${customerId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.phone).toBe('+1 555 010 2030');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers every GET route with no-store, as an admin and without signing in, bar the listed ones', async () => {
    const routes = t.app.loupe.registeredRoutes
      .list()
      .filter((route) => route.method === 'GET' && !route.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(80);
    for (const caller of [admin, t.client()]) {
      for (const route of routes) {
        const response = await caller.request('GET', concreteUrl(route.url));
        const key = `GET ${route.url}`;
        expect(response.headers['cache-control'], `${key} (${response.statusCode})`).toBe(
          response.statusCode === 200 ? (ROUTES_WITH_THEIR_OWN[key] ?? 'no-store') : 'no-store',
        );
      }
    }
  });

  it('answers mutations, refusals and the identity protocol with no-store', async () => {
    const created = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const refused = await t.client().request('GET', '/api/v1/customers');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const user = await t.createUser({ role: 'manager' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/idp',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: t.config.LOCAL_CLIENT_ID,
        AuthParameters: { USERNAME: user.email, PASSWORD: 'correct horse battery staple' },
      }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('lets an image keep its own private cache lifetime', async () => {
    const order = await admin.request('POST', '/api/v1/orders', {
      body: { customerId, description: 'Custom ring' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const upload = await admin.request(
      'POST',
      `/api/v1/orders/${order.json().data.id}/photos`,
      multipartBody([{ filename: 'ring.png', contentType: 'image/png', data: PNG_1X1 }]),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const [photo] = upload.json().data as { id: string }[];
    const image = await admin.request('GET', `/api/v1/attachments/${photo?.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe(ROUTES_WITH_THEIR_OWN['GET /api/v1/attachments/:id']);
  });
});

import type { TRole } from '@loupe/domain/auth/roles';
import { ZPublicTrackingSchema } from '@loupe/domain/public-tracking/public-tracking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingLinks } from '../src/db/schema/public-links.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const SECRET_KEY = 'test-secret-key-of-at-least-32-characters!';

describe.each(TEST_DATABASES)('public tracking links on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let sales: TTestClient;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { SECRET_KEY } });
    admin = (await t.clientAs('admin')).client;
    sales = (await t.clientAs('salesperson', { firstName: 'Sally', lastName: 'Seller' })).client;
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Grace Hopper', phone: '+1 555 010 2030', email: 'grace@example.com' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = customer.json().data.id;
    const general = await admin.request('PUT', '/api/v1/settings/general', {
      body: {
        companyName: 'Atelier Nord',
        shopPhone: '+1 555 010 9999',
        shopEmail: 'Hello@Atelier.example',
        shopAddressLines: ['12 Goldsmith Row', 'Springfield'],
      },
    });
    expect(general.statusCode, general.body).toBe(200);
  });
  afterAll(() => t.close());

  async function createOrder(body: Record<string, unknown> = {}) {
    const response = await sales.request('POST', '/api/v1/orders', {
      body: {
        customerId,
        description: 'Secret engagement ring, 1.2 ct',
        priceCents: 450_000,
        depositCents: 100_000,
        notes: 'Internal: customer haggles',
        promisedDate: '2031-06-15',
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; orderNumber: string };
  }

  async function issueLink(client: TTestClient, path: string) {
    const response = await client.request('POST', path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { token: string; url: string; createdAt: string };
  }

  const view = (token: string) => t.client().request('GET', `/api/v1/public/tracking/${token}`);

  it('shows an order to anyone holding its link: exactly its stage, promised date and the shop contact', async () => {
    const order = await createOrder();
    const link = await issueLink(sales, `/api/v1/orders/${order.id}/tracking-link`);
    expect(link.url).toBe(`http://loupe.test/t/${link.token}`);
    // At least 128 random bits, URL-safe.
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const response = await view(link.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    // Every field the public endpoint returns, listed: anything added must be added here on purpose.
    expect(Object.keys(body.data).sort()).toEqual([
      'kind',
      'number',
      'promisedDate',
      'shop',
      'stage',
      'stageDescription',
      'stageLabel',
    ]);
    expect(Object.keys(body.data.shop).sort()).toEqual(['addressLines', 'email', 'name', 'phone']);
    expect(body.data).toEqual({
      kind: 'order',
      number: order.orderNumber,
      stage: 'received',
      stageLabel: 'Received',
      stageDescription: expect.any(String),
      promisedDate: '2031-06-15',
      shop: {
        name: 'Atelier Nord',
        phone: '+1 555 010 9999',
        email: 'hello@atelier.example',
        addressLines: ['12 Goldsmith Row', 'Springfield'],
      },
    });
    expect(ZPublicTrackingSchema.parse(body.data)).toEqual(body.data);
    // Nothing of the job's money, notes, customer or staff anywhere in the answer.
    for (const secret of [
      '450000',
      '100000',
      'haggles',
      'engagement',
      'Grace',
      'grace@',
      'Sally',
      customerId,
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('follows the job: a status change shows in customer words', async () => {
    const order = await createOrder();
    const link = await issueLink(admin, `/api/v1/orders/${order.id}/tracking-link`);
    const moved = await admin.request('PATCH', `/api/v1/orders/${order.id}`, {
      body: { status: 'in_production' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await view(link.token)).json().data).toMatchObject({
      stage: 'in_progress',
      stageLabel: 'In the workshop',
    });
  });

  it('shows the same link again, stores it only hashed and sealed, and a revoked link answers 404 until a new one is issued', async () => {
    const order = await createOrder();
    const path = `/api/v1/orders/${order.id}/tracking-link`;
    expect((await sales.request('GET', path)).json().data).toEqual({ link: null });
    const first = await issueLink(sales, path);
    // Issuing again, or showing it, gives the same link.
    expect(await issueLink(admin, path)).toEqual(first);
    expect((await sales.request('GET', path)).json().data).toEqual({ link: first });

    const [row] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.itemId, order.id));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(first.token);

    const revoked = await sales.request('DELETE', path);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await view(first.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'TRACKING_LINK_NOT_FOUND' });
    expect((await sales.request('GET', path)).json().data).toEqual({ link: null });

    const second = await issueLink(sales, path);
    expect(second.token).not.toBe(first.token);
    expect((await view(second.token)).statusCode).toBe(200);
    expect((await view(first.token)).statusCode).toBe(404);
  });

  it('answers an unknown or malformed token with the same 404', async () => {
    for (const token of ['A'.repeat(32), 'short', 'not%20a%20token']) {
      const response = await view(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json()).toMatchObject({ code: 'TRACKING_LINK_NOT_FOUND' });
    }
  });

  it('gives repair links to the repairs viewers only', async () => {
    const repair = await admin.request('POST', '/api/v1/repairs', {
      body: {
        customerId,
        itemDescription: 'Gold chain',
        repairTypes: ['chain_repair'],
        estimateCents: 9_000,
      },
    });
    expect(repair.statusCode, repair.body).toBe(201);
    const path = `/api/v1/repairs/${repair.json().data.id}/tracking-link`;
    const designer = (await t.clientAs('designer')).client;
    expect((await designer.request('POST', path)).statusCode).toBe(403);
    const link = await issueLink((await t.clientAs('operator')).client, path);
    const body = (await view(link.token)).json().data;
    expect(body).toMatchObject({ kind: 'repair', stage: 'received' });
    expect(JSON.stringify(body)).not.toContain('9000');
  });

  // Issue 34 §5: any signed-in role could issue or revoke a customer's link.
  it("lets the job's editors issue and revoke its link, and whoever sees the job only show it", async () => {
    const order = await createOrder();
    const orderPath = `/api/v1/orders/${order.id}/tracking-link`;
    const repair = await admin.request('POST', '/api/v1/repairs', {
      body: { customerId, itemDescription: 'Signet ring', repairTypes: ['sizing'], estimateCents: 4_000 },
    });
    expect(repair.statusCode, repair.body).toBe(201);
    const repairPath = `/api/v1/repairs/${repair.json().data.id}/tracking-link`;
    const as = async (role: TRole) => (await t.clientAs(role)).client;
    const [designer, qa, operator, production] = [
      await as('designer'),
      await as('qa'),
      await as('operator'),
      await as('production'),
    ];

    const orderLink = await issueLink(sales, orderPath);
    for (const [name, client] of [
      ['designer', designer],
      ['qa', qa],
      ['operator', operator],
    ] as const) {
      expect((await client.request('POST', orderPath)).statusCode, name).toBe(403);
      expect((await client.request('DELETE', orderPath)).statusCode, name).toBe(403);
      // Showing it (the ticket's QR code) stays open to whoever sees the order.
      expect((await client.request('GET', orderPath)).json().data.link.token, name).toBe(orderLink.token);
    }
    expect((await view(orderLink.token)).statusCode).toBe(200);

    const repairLink = await issueLink(production, repairPath);
    expect((await sales.request('POST', repairPath)).statusCode).toBe(403);
    expect((await sales.request('DELETE', repairPath)).statusCode).toBe(403);
    expect((await sales.request('GET', repairPath)).json().data.link.token).toBe(repairLink.token);
    expect((await operator.request('DELETE', repairPath)).statusCode).toBe(200);
    expect((await view(repairLink.token)).statusCode).toBe(404);

    // The service says the same to a caller that got past the routes.
    const designerUser = await t.createUser({ role: 'designer' });
    await expect(
      t.app.loupe.publicLinks.revoke({ id: designerUser.id, role: 'designer' }, 'order', order.id, {
        ip: '127.0.0.1',
        correlationId: 'test',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('limits how often one address may open tracking pages', async () => {
    const limited = await createTestApp({ database: 'pglite', env: { SECRET_KEY } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        statuses.push(
          (await limited.client().request('GET', `/api/v1/public/tracking/${'B'.repeat(32)}`)).statusCode,
        );
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

import { type TNotification, ZNotificationListSchema } from '@loupe/domain/alerts/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

/** Issue 15 §3: a colleague @mentioned in an order's notes or a repair's condition notes hears of it in the bell. */
describe.each(TEST_DATABASES)('mentions in notes on %s', (database) => {
  let t: TTestApp;
  let manager: TTestClient;
  let customerId: string;

  const data = (response: { json(): unknown }) => (response.json() as { data: unknown }).data;

  async function bell(client: TTestClient): Promise<TNotification[]> {
    const response = await client.request('GET', '/api/v1/notifications');
    expect(response.statusCode).toBe(200);
    return ZNotificationListSchema.parse(data(response)).items.filter((item) => item.kind === 'mention');
  }

  // Notices are recorded after the request's commit, without holding up its answer.
  async function eventually(check: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await check();
      } catch (error) {
        if (attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ database });
    manager = (await t.clientAs('manager', { firstName: 'Margaret', lastName: 'Liu' })).client;
    const customer = await manager.request('POST', '/api/v1/customers', {
      body: { name: 'Ida Noyes', phone: '+1 555 010 7000' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = (data(customer) as { id: string }).id;
  });
  afterAll(() => t.close());

  it('tells a colleague named by first name or e-mail name once, with a link to the order, and not the writer', async () => {
    const hannah = await t.clientAs('production', { firstName: 'Hannah', email: 'hannah.okafor@loupe.test' });
    const marco = await t.clientAs('production', { firstName: 'Marco', email: 'marco.b@loupe.test' });
    const created = await manager.request('POST', '/api/v1/orders', {
      body: {
        customerId,
        description: 'Signet ring, 18k, oval face',
        notes: '@Hannah please check the shank before casting. @margaret fyi',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = data(created) as { id: string; orderNumber: string };

    await eventually(async () => {
      expect(await bell(hannah.client)).toEqual([
        expect.objectContaining({
          title: `Margaret Liu mentioned you on ${order.orderNumber}`,
          message: '@Hannah please check the shank before casting. @margaret fyi',
          link: `/orders/${order.id}`,
        }),
      ]);
    });
    // The writer does not hear of their own mention.
    expect(await bell(manager)).toEqual([]);

    // An edit that keeps Hannah and adds Marco (by e-mail name) tells Marco only.
    const edited = await manager.request('PATCH', `/api/v1/orders/${order.id}`, {
      body: { notes: '@Hannah please check the shank before casting. Then @marco.b to set the stone.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually(async () => {
      expect(await bell(marco.client)).toHaveLength(1);
    });
    expect(await bell(hannah.client)).toHaveLength(1);
  });

  it('tells of a repair only those who may see repairs', async () => {
    const sales = await t.clientAs('salesperson', { firstName: 'Priya' });
    const designer = await t.clientAs('designer', { firstName: 'Dmitri' });
    const created = await manager.request('POST', '/api/v1/repairs', {
      body: {
        customerId,
        itemDescription: 'Gold chain, 45 cm',
        repairTypes: ['chain_repair'],
        conditionNotes: 'Clasp worn. @Priya call the customer; @Dmitri a new clasp design?',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const repair = data(created) as { id: string; repairNumber: string };
    await eventually(async () => {
      expect((await bell(sales.client)).map((notice) => notice.link)).toEqual([`/repairs/${repair.id}`]);
    });
    expect(await bell(designer.client)).toEqual([]);
  });

  it('names nobody by a first name two colleagues share', async () => {
    const first = await t.clientAs('qa', { firstName: 'Sam' });
    const second = await t.clientAs('qa', { firstName: 'Sam' });
    const created = await manager.request('POST', '/api/v1/orders', {
      body: { customerId, description: 'Pendant, 14k', notes: '@Sam inspect the bail' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Give the after-commit work time to run, then check that it told nobody.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await bell(first.client)).toEqual([]);
    expect(await bell(second.client)).toEqual([]);
  });
});

import { canEditCustomers } from '@loupe/domain/auth/permissions';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import type { TCustomer } from '@loupe/domain/customers/customer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const EDITORS = ROLES.filter((role) => canEditCustomers({ role }));
const READERS_ONLY = ROLES.filter((role) => !canEditCustomers({ role }));

type TPage<T> = { items: T[]; total: number; nextCursor: string | null };

describe.each(TEST_DATABASES)('customers on %s', (database) => {
  let t: TTestApp;
  let sales: TTestClient;

  beforeAll(async () => {
    t = await createTestApp({ database });
    sales = (await t.clientAs('salesperson')).client;
  });
  afterAll(() => t.close());

  async function createCustomer(body: Record<string, unknown>, client = sales): Promise<TCustomer> {
    const response = await client.request('POST', '/api/v1/customers', { body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function list(query: string): Promise<TPage<TCustomer>> {
    const response = await sales.request('GET', `/api/v1/customers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  it('creates a customer with their contact preferences, the e-mail lower-cased', async () => {
    const customer = await createCustomer({
      name: '  Marie Curie ',
      email: 'Marie.Curie@Example.COM',
      phone: '+33 1 55 01 02 03',
      contactPreferences: ['email', 'sms'],
      notes: 'Prefers platinum',
    });
    expect(customer).toMatchObject({
      id: expect.any(String),
      name: 'Marie Curie',
      email: 'marie.curie@example.com',
      phone: '+33 1 55 01 02 03',
      contactPreferences: ['email', 'sms'],
      notes: 'Prefers platinum',
    });
    const got = await sales.request('GET', `/api/v1/customers/${customer.id}`);
    expect(got.json().data).toEqual(customer);
  });

  it('the customer editors are whoever takes in orders or repairs', () => {
    expect(EDITORS).toEqual(['admin', 'manager', 'salesperson', 'operator', 'production']);
  });

  it.each(READERS_ONLY)(
    'lets %s look customers up but not enter or change them (403)',
    async (role: TRole) => {
      const existing = await createCustomer({ name: 'Looked Up', phone: '555 123 4567' });
      const { client } = await t.clientAs(role);
      expect((await client.request('GET', '/api/v1/customers')).statusCode).toBe(200);
      expect((await client.request('GET', `/api/v1/customers/${existing.id}`)).statusCode).toBe(200);
      const created = await client.request('POST', '/api/v1/customers', {
        body: { name: 'X', phone: '5551234567' },
      });
      expect(created.statusCode).toBe(403);
      const changed = await client.request('PATCH', `/api/v1/customers/${existing.id}`, {
        body: { name: 'Y' },
      });
      expect(changed.statusCode).toBe(403);
    },
  );

  it('refuses a customer who cannot be reached, and a preferred channel without its address', async () => {
    const unreachable = await sales.request('POST', '/api/v1/customers', { body: { name: 'Nobody' } });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().details.issues).toEqual([
      { field: 'body.phone', message: 'Give a phone number or an e-mail address' },
    ]);
    const noEmail = await sales.request('POST', '/api/v1/customers', {
      body: { name: 'Phone Only', phone: '555 010 2030', contactPreferences: ['email'] },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('body.email: E-mail contact needs an e-mail address');
    const badPhone = await sales.request('POST', '/api/v1/customers', {
      body: { name: 'X', phone: 'call me' },
    });
    expect(badPhone.json().details.issues[0]).toEqual({
      field: 'body.phone',
      message: 'Enter a phone number, e.g. +1 555 010 2030',
    });
  });

  describe('changing', () => {
    it('keeps the fields left out and checks the result as a whole', async () => {
      const customer = await createCustomer({ name: 'Emmy Noether', phone: '555 777 0001' });
      const changed = await sales.request('PATCH', `/api/v1/customers/${customer.id}`, {
        body: { email: 'EMMY@example.com', contactPreferences: ['email'] },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({
        name: 'Emmy Noether',
        phone: '555 777 0001',
        email: 'emmy@example.com',
        contactPreferences: ['email'],
      });
      // Taking the e-mail away breaks the e-mail preference: refused, and nothing is changed.
      const refused = await sales.request('PATCH', `/api/v1/customers/${customer.id}`, {
        body: { email: null, name: 'Amalie Noether' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'email: E-mail contact needs an e-mail address',
        details: { issues: [{ field: 'email', message: 'E-mail contact needs an e-mail address' }] },
      });
      const stored = (await sales.request('GET', `/api/v1/customers/${customer.id}`)).json().data;
      expect(stored).toEqual(changed.json().data);
    });

    it('refuses to leave a customer with neither phone nor e-mail', async () => {
      const customer = await createCustomer({ name: 'Only Phone', phone: '555 777 0002' });
      const response = await sales.request('PATCH', `/api/v1/customers/${customer.id}`, {
        body: { phone: null },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.issues).toEqual([
        { field: 'phone', message: 'Give a phone number or an e-mail address' },
      ]);
    });

    it('answers 404 for a customer that does not exist', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await sales.request('GET', `/api/v1/customers/${missing}`)).statusCode).toBe(404);
      const response = await sales.request('PATCH', `/api/v1/customers/${missing}`, { body: { name: 'Z' } });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('searching and paging', () => {
    it('finds a customer by part of the name, the e-mail, or the phone as typed or as digits', async () => {
      const customer = await createCustomer({
        name: 'Dorothy Hodgkin',
        email: 'dorothy@crystal.example',
        phone: '+44 (20) 7946-0958',
      });
      for (const q of ['HODGKIN', 'othy hod', 'crystal.example', '7946-0958', '(20) 7946', '2079460958']) {
        const page = await list(`q=${encodeURIComponent(q)}`);
        expect(
          page.items.map((c) => c.id),
          q,
        ).toEqual([customer.id]);
        expect(page.total, q).toBe(1);
      }
      expect(await list('q=nobody-by-this-name')).toEqual({ items: [], total: 0, nextCursor: null });
    });

    it('pages through customers by name, each exactly once, whatever the case of the name', async () => {
      const names = ['zq beta', 'ZQ Alpha', 'zq gamma', 'Zq alpha', 'zq delta'];
      const ids = [];
      for (const name of names) ids.push((await createCustomer({ name, phone: '555 000 1111' })).id);
      const seen: TCustomer[] = [];
      let cursor: string | null = null;
      do {
        const page: TPage<TCustomer> = await list(`q=zq&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.total).toBe(names.length);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null && seen.length < 20);
      expect(seen.map((c) => c.id).sort()).toEqual([...ids].sort());
      expect(seen.map((c) => c.name.toLowerCase())).toEqual([
        'zq alpha',
        'zq alpha',
        'zq beta',
        'zq delta',
        'zq gamma',
      ]);
    });

    it('answers 400 for a malformed cursor and for a limit out of range', async () => {
      const cursor = await sales.request('GET', '/api/v1/customers?cursor=not-a-cursor');
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().message).toBe('This page cursor is not valid. Start again from the first page.');
      const limit = await sales.request('GET', '/api/v1/customers?limit=5000');
      expect(limit.statusCode).toBe(400);
      expect(limit.json().details.issues[0].field).toBe('querystring.limit');
    });
  });
});

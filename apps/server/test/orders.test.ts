import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { ORDER_SORTS, type TOrder, type TOrderSort } from '@loupe/domain/orders/order';
import { defaultPromisedDate, ORDER_SETTINGS_DEFAULTS } from '@loupe/domain/settings/order-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, stations } from '../src/db/schema/registry.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { jpegBytes, multipartBody, PNG_1X1, tempDataDir, uploadedFiles } from './support/uploads.ts';

const EDITORS = ROLES.filter((role) => canCreateOrEditOrders({ role }));
const NON_EDITORS = ROLES.filter((role) => !canCreateOrEditOrders({ role }));

type TPage<T> = { items: T[]; total: number; nextCursor: string | null };

describe.each(TEST_DATABASES)('orders on %s', (database) => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let admin: TTestClient;
  let manager: TTestClient;
  let managerId: string;
  let sales: TTestClient;
  let salesId: string;
  let customerId: string;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir.dir } });
    admin = (await t.clientAs('admin')).client;
    const signedInManager = await t.clientAs('manager', { firstName: 'Mona', lastName: 'Manager' });
    manager = signedInManager.client;
    managerId = signedInManager.user.id;
    const signedInSales = await t.clientAs('salesperson', { firstName: 'Sam', lastName: 'Seller' });
    sales = signedInSales.client;
    salesId = signedInSales.user.id;
    customerId = await newCustomer('Ada Lovelace');
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  async function newCustomer(name: string): Promise<string> {
    const response = await admin.request('POST', '/api/v1/customers', {
      body: { name, phone: '+1 555 010 2030' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id;
  }

  async function createOrder(
    body: Record<string, unknown> = {},
    client: TTestClient = sales,
  ): Promise<TOrder> {
    const response = await client.request('POST', '/api/v1/orders', { body: { customerId, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function patchOrder(id: string, body: Record<string, unknown>, client: TTestClient = manager) {
    return client.request('PATCH', `/api/v1/orders/${id}`, { body });
  }

  async function listOrders(query: string): Promise<TPage<TOrder>> {
    const response = await sales.request('GET', `/api/v1/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function history(id: string, query = '') {
    const response = await sales.request('GET', `/api/v1/orders/${id}/history${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TPage<{
      id: number;
      at: string;
      action: string;
      actor: { id: string; name: string } | null;
      changes: Record<string, { from: unknown; to: unknown }>;
    }>;
  }

  function captureEvents(): { events: TAnnouncement[]; stop: () => void } {
    const events: TAnnouncement[] = [];
    const stop = t.app.loupe.events.subscribe((event) => {
      if (event.name.startsWith('order:')) events.push(event);
    });
    return { events, stop };
  }

  describe('creating', () => {
    it('numbers a new order from the sequence, starts it as new, makes the salesperson its seller and promises it after the lead time', async () => {
      const order = await createOrder({
        description: 'Solitaire ring, 1.2 ct',
        priceCents: 450_000,
        depositCents: 100_000,
      });
      expect(order).toMatchObject({
        orderNumber: expect.stringMatching(/^ORD-\d{5}$/),
        status: 'new',
        customer: { id: customerId, name: 'Ada Lovelace', phone: '+1 555 010 2030', email: null },
        salesperson: { id: salesId, name: 'Sam Seller' },
        designer: null,
        isRush: false,
        priceCents: 450_000,
        depositCents: 100_000,
        balanceCents: 350_000,
        promisedDate: defaultPromisedDate(ORDER_SETTINGS_DEFAULTS, 'order', t.clock()),
        photos: [],
        tracking: null,
      });
      const next = await createOrder();
      const sequence = (number: string) => Number(number.slice(4));
      expect(sequence(next.orderNumber)).toBe(sequence(order.orderNumber) + 1);
    });

    it('uses the prefix of the orders settings, the rush lead time for rush orders, and no default seller for a manager', async () => {
      await t.app.loupe.settings.write('orders', { orderNumberPrefix: 'JOB', rushLeadTimeDays: 3 }, null);
      try {
        const order = await createOrder({ isRush: true }, manager);
        expect(order.orderNumber).toMatch(/^JOB-\d{5}$/);
        expect(order.promisedDate).toBe(
          defaultPromisedDate({ ...ORDER_SETTINGS_DEFAULTS, rushLeadTimeDays: 3 }, 'rush-order', t.clock()),
        );
        expect(order.salesperson).toBeNull();
      } finally {
        await t.app.loupe.settings.write('orders', {}, null);
      }
    });

    it('keeps a promised date and seller given explicitly, and no promised date when null is given', async () => {
      const order = await createOrder({ promisedDate: '2031-02-03', salespersonId: managerId });
      expect(order).toMatchObject({
        promisedDate: '2031-02-03',
        salesperson: { id: managerId, name: 'Mona Manager' },
      });
      expect((await createOrder({ promisedDate: null })).promisedDate).toBeNull();
    });

    it('the order editors of spec §6 are admin, manager and salesperson', () => {
      expect(EDITORS).toEqual(['admin', 'manager', 'salesperson']);
    });

    it.each(NON_EDITORS)('refuses to let %s create or edit an order (403)', async (role: TRole) => {
      const existing = await createOrder();
      const { client } = await t.clientAs(role);
      const created = await client.request('POST', '/api/v1/orders', { body: { customerId } });
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({ code: 'FORBIDDEN' });
      const edited = await patchOrder(existing.id, { description: 'changed' }, client);
      expect(edited.statusCode).toBe(403);
      // Reading is for everyone signed in.
      expect((await client.request('GET', `/api/v1/orders/${existing.id}`)).statusCode).toBe(200);
    });

    it('explains each invalid field (400 with details) and creates nothing', async () => {
      const before = (await listOrders('limit=1')).total;
      const response = await sales.request('POST', '/api/v1/orders', {
        body: { customerId: 'someone', promisedDate: '2031-02-30', priceCents: -5 },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      const fields = body.details.issues.map((issue: { field: string }) => issue.field);
      expect(fields).toEqual(
        expect.arrayContaining(['body.customerId', 'body.promisedDate', 'body.priceCents']),
      );
      expect(body.details.issues).toContainEqual({ field: 'body.customerId', message: 'Choose a customer' });
      expect((await listOrders('limit=1')).total).toBe(before);
    });

    it('refuses a deposit above the price', async () => {
      const response = await sales.request('POST', '/api/v1/orders', {
        body: { customerId, priceCents: 100, depositCents: 200 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.issues).toContainEqual({
        field: 'body.depositCents',
        message: 'The deposit cannot be more than the price',
      });
    });

    it('names the field whose reference does not exist, and refuses a metal type no longer offered', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const field of [
        'customerId',
        'productTypeId',
        'metalTypeId',
        'designId',
        'salespersonId',
        'designerId',
      ]) {
        const response = await sales.request('POST', '/api/v1/orders', {
          body: { customerId, [field]: missing },
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: { issues: [{ field }] },
        });
      }
      const retired = await admin.request('POST', '/api/v1/catalog/metal-types', {
        body: { name: 'Palladium 500', isActive: false },
      });
      const response = await sales.request('POST', '/api/v1/orders', {
        body: { customerId, metalTypeId: retired.json().data.id },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'metalTypeId: “Palladium 500” is no longer offered. Choose another metal type.',
      );
    });
  });

  describe('editing', () => {
    it('moves the status only along the allowed transitions, naming both statuses when refused', async () => {
      const order = await createOrder();
      const skipped = await patchOrder(order.id, { status: 'delivered' });
      expect(skipped.statusCode).toBe(409);
      expect(skipped.json()).toMatchObject({
        code: 'CONFLICT',
        message: `${order.orderNumber} cannot go from “New” to “Delivered”.`,
      });
      for (const status of [
        'in_design',
        'awaiting_approval',
        'in_production',
        'quality_check',
        'ready',
        'delivered',
      ]) {
        const response = await patchOrder(order.id, { status });
        expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
        expect(response.json().data.status).toBe(status);
      }
      const reopened = await patchOrder(order.id, { status: 'in_production' });
      expect(reopened.statusCode).toBe(409);
      expect(reopened.json().message).toBe(
        `${order.orderNumber} cannot go from “Delivered” to “In production”.`,
      );
      const cancelled = await createOrder();
      expect((await patchOrder(cancelled.id, { status: 'cancelled' })).statusCode).toBe(200);
      expect((await patchOrder(cancelled.id, { status: 'new' })).statusCode).toBe(409);
    });

    it('checks the deposit against the stored price when only one of them changes', async () => {
      const order = await createOrder({ priceCents: 1000, depositCents: 400 });
      const tooMuch = await patchOrder(order.id, { depositCents: 1500 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().details.issues).toEqual([
        { field: 'depositCents', message: 'The deposit cannot be more than the price' },
      ]);
      expect((await patchOrder(order.id, { priceCents: 300 })).statusCode).toBe(400);
      const lower = await patchOrder(order.id, { priceCents: 500 });
      expect(lower.statusCode).toBe(200);
      expect(lower.json().data).toMatchObject({ priceCents: 500, depositCents: 400, balanceCents: 100 });
    });

    it('moves an order to another customer and finds it under that name', async () => {
      const otherId = await newCustomer('Grace Hopper');
      const order = await createOrder({ description: 'Cufflinks zq-move' });
      const moved = await patchOrder(order.id, { customerId: otherId });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.customer).toMatchObject({ id: otherId, name: 'Grace Hopper' });
      expect((await listOrders('q=grace%20hopper%20cufflinks')).items.map((o) => o.id)).toEqual([order.id]);
    });

    it('finds orders under the new name of their customer', async () => {
      const renamedId = await newCustomer('Mary Shelley');
      const order = await createOrder({ customerId: renamedId, description: 'Locket' });
      const renamed = await admin.request('PATCH', `/api/v1/customers/${renamedId}`, {
        body: { name: 'Mary Wollstonecraft Shelley' },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await listOrders('q=wollstonecraft')).items.map((o) => o.id)).toEqual([order.id]);
      expect((await listOrders(`q=${encodeURIComponent(order.orderNumber)}`)).items.map((o) => o.id)).toEqual(
        [order.id],
      );
    });

    it('answers 404 for an order that does not exist', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await sales.request('GET', `/api/v1/orders/${missing}`)).statusCode).toBe(404);
      expect((await patchOrder(missing, { notes: 'x' })).statusCode).toBe(404);
      expect((await sales.request('GET', `/api/v1/orders/${missing}/history`)).statusCode).toBe(404);
    });
  });

  describe('history and announcements', () => {
    it('keeps every change with who made it and what changed, newest first', async () => {
      const order = await createOrder({ description: 'Pendant', isRush: false });
      t.clock.advance(60_000);
      expect((await patchOrder(order.id, { description: 'Pendant, 18k', isRush: true })).statusCode).toBe(
        200,
      );
      t.clock.advance(60_000);
      expect((await patchOrder(order.id, { status: 'in_design' }, admin)).statusCode).toBe(200);

      const page = await history(order.id);
      expect(page.total).toBe(4);
      // Into design: the order's design request opens, and says so in its history (issue 17 §2).
      expect(page.items.map((entry) => entry.action)).toEqual([
        'design-requested',
        'status-changed',
        'updated',
        'created',
      ]);
      const [designRequested, statusChange, update, creation] = page.items;
      expect(designRequested?.changes).toEqual({ brief: { from: null, to: 'Pendant, 18k' } });
      expect(statusChange?.changes).toEqual({ status: { from: 'new', to: 'in_design' } });
      expect(update).toMatchObject({
        actor: { id: managerId, name: 'Mona Manager' },
        changes: {
          description: { from: 'Pendant', to: 'Pendant, 18k' },
          isRush: { from: false, to: true },
        },
      });
      // Only what was asked to change (JSONB keeps keys in its own order).
      expect(Object.keys(update?.changes ?? {}).sort()).toEqual(['description', 'isRush']);
      expect(creation).toMatchObject({
        actor: { id: salesId, name: 'Sam Seller' },
        changes: {
          customer: { from: null, to: { id: customerId, name: 'Ada Lovelace' } },
          status: { from: null, to: 'new' },
          description: { from: null, to: 'Pendant' },
        },
      });
      expect(Date.parse(creation?.at ?? '')).toBeLessThan(Date.parse(update?.at ?? ''));

      const first = await history(order.id, '?limit=2');
      expect(first.items).toHaveLength(2);
      const second = await history(order.id, `?limit=2&cursor=${first.nextCursor}`);
      expect(second).toMatchObject({ total: 4, nextCursor: null });
      expect([...first.items, ...second.items].map((entry) => entry.id)).toEqual(page.items.map((e) => e.id));
    });

    it('announces created, updated and status-changed after commit, into the order’s room', async () => {
      const { events, stop } = captureEvents();
      try {
        const order = await createOrder();
        await patchOrder(order.id, { notes: 'Customer prefers a matte finish' });
        await patchOrder(order.id, { status: 'in_production' });
        const rooms = [`order:${order.id}`];
        expect(events.map((event) => [event.name, event.rooms])).toEqual([
          ['order:created', rooms],
          ['order:updated', rooms],
          ['order:updated', rooms],
          ['order:status-changed', rooms],
        ]);
        expect(events[3]?.payload).toMatchObject({
          orderId: order.id,
          orderNumber: order.orderNumber,
          status: 'in_production',
          previousStatus: 'new',
        });
      } finally {
        stop();
      }
    });

    it('writes and announces nothing for a change that changes nothing, or one that is refused', async () => {
      const order = await createOrder({ notes: 'same' });
      const { events, stop } = captureEvents();
      try {
        const same = await patchOrder(order.id, { notes: 'same', status: 'new' });
        expect(same.statusCode).toBe(200);
        expect(same.json().data.updatedAt).toBe(order.updatedAt);
        expect((await patchOrder(order.id, { status: 'ready' })).statusCode).toBe(409);
        expect((await patchOrder(order.id, { depositCents: 10 })).statusCode).toBe(400);
        expect(events).toEqual([]);
      } finally {
        stop();
      }
      expect((await history(order.id)).items.map((entry) => entry.action)).toEqual(['created']);
      expect((await sales.request('GET', `/api/v1/orders/${order.id}`)).json().data).toEqual(order);
    });
  });

  describe('listing', () => {
    it('searches number, customer name and description, and says when nothing matches', async () => {
      const order = await createOrder({ description: 'Signet ring with 50% off engraving' });
      expect((await listOrders('q=SIGNET%20ring')).items.map((o) => o.id)).toEqual([order.id]);
      expect((await listOrders(`q=${order.orderNumber.toLowerCase()}`)).items.map((o) => o.id)).toEqual([
        order.id,
      ]);
      // LIKE wildcards are searched for, not interpreted.
      expect((await listOrders('q=50%25%20off')).items.map((o) => o.id)).toEqual([order.id]);
      expect(await listOrders('q=no-such-order-anywhere')).toEqual({ items: [], total: 0, nextCursor: null });
    });

    it('filters by status, rush and tracking, and the total counts the filtered list', async () => {
      const tag = 'zq-filter';
      const rush = await createOrder({ description: `${tag} a`, isRush: true });
      const plain = await createOrder({ description: `${tag} b` });
      const designing = await createOrder({ description: `${tag} c` });
      await patchOrder(designing.id, { status: 'in_design' });
      await t.database.db
        .insert(trackedItems)
        .values({ itemKind: 'order', itemId: plain.id, epc: 'E2000017221101441890ABCD' });

      const ids = async (query: string) =>
        (await listOrders(`q=${tag}&${query}`)).items.map((o) => o.id).sort();
      expect(await ids('isRush=true')).toEqual([rush.id]);
      expect(await ids('isRush=false')).toEqual([plain.id, designing.id].sort());
      expect(await ids('status=in_design')).toEqual([designing.id]);
      expect(await ids('tracked=true')).toEqual([plain.id]);
      expect(await ids('tracked=false')).toEqual([rush.id, designing.id].sort());
      const page = await listOrders(`q=${tag}&status=new&limit=1`);
      expect(page.total).toBe(2);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).not.toHaveProperty('photos');
      expect(page.items[0]).not.toHaveProperty('notes');
    });

    it.each(ORDER_SORTS)(
      'pages through every order exactly once, in %s order, with the filtered total on every page',
      async (sort: TOrderSort) => {
        const tag = `zq-paging-${sort}`;
        const promised = ['2030-05-01', null, '2030-01-15', '2030-05-01', null, '2029-12-31', '2030-05-01'];
        const created: TOrder[] = [];
        for (const [i, promisedDate] of promised.entries()) {
          // Several orders share a creation instant: the id breaks the tie.
          if (i % 3 === 0) t.clock.advance(1000);
          created.push(await createOrder({ description: `${tag} ${i}`, promisedDate }));
        }
        const seen: TOrder[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = `q=${tag}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
          const page = await listOrders(query);
          expect(page.total).toBe(promised.length);
          seen.push(...page.items);
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor !== null && pages < 10);
        expect(pages).toBe(3);
        expect(seen.map((o) => o.id).sort()).toEqual(created.map((o) => o.id).sort());
        expect(new Set(seen.map((o) => o.id)).size).toBe(promised.length);

        const sortKey: Record<TOrderSort, (o: TOrder) => number> = {
          newest: (o) => -Date.parse(o.createdAt),
          oldest: (o) => Date.parse(o.createdAt),
          promised: (o) => (o.promisedDate === null ? Number.POSITIVE_INFINITY : Date.parse(o.promisedDate)),
          number: (o) => Number(o.orderNumber.slice(4)),
        };
        const keys = seen.map(sortKey[sort]);
        expect(keys).toEqual([...keys].sort((a, b) => a - b));
      },
    );

    it.each([
      ['not a cursor at all', 'sort=newest&cursor=garbage'],
      [
        'a number cursor on the newest list',
        `sort=newest&cursor=${encodeURIComponent(JSON.stringify({ value: 3, id: '00000000-0000-4000-8000-000000000000' }))}`,
      ],
      [
        'a cursor whose id is no uuid',
        `sort=number&cursor=${encodeURIComponent(JSON.stringify({ value: 3, id: 'x' }))}`,
      ],
    ])('answers 400 for a malformed cursor: %s', async (_name, query) => {
      const response = await sales.request('GET', `/api/v1/orders?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'This page cursor is not valid. Start again from the first page.',
      });
    });

    it('refuses an unknown sort or status with the field named', async () => {
      const response = await sales.request('GET', '/api/v1/orders?sort=random&status=lost');
      expect(response.statusCode).toBe(400);
      const fields = response.json().details.issues.map((issue: { field: string }) => issue.field);
      expect(fields).toEqual(expect.arrayContaining(['querystring.sort', 'querystring.status']));
    });
  });

  describe('one order', () => {
    it('shows where a tagged order is, with the department and station names', async () => {
      await t.database.db.insert(departments).values({
        id: 'DEPT901',
        name: 'Stone Setting',
        gradient: 'from-sky-500 to-sky-700',
        iconName: 'Settings',
        locationId: 'LOC001',
      });
      await t.database.db
        .insert(stations)
        .values({ id: 'STATION900901', departmentId: 'DEPT901', name: 'Bench 2' });
      const order = await createOrder();
      const at = new Date('2030-03-04T05:06:07.000Z');
      await t.database.db.insert(trackedItems).values({
        itemKind: 'order',
        itemId: order.id,
        epc: 'E28011606000020D6B0E1234',
        currentDepartmentId: 'DEPT901',
        currentStationId: 'STATION900901',
        arrivedAt: at,
        lastSeenAt: at,
        expectedOffsite: true,
      });
      const response = await sales.request('GET', `/api/v1/orders/${order.id}`);
      expect(response.json().data.tracking).toEqual({
        epc: 'E28011606000020D6B0E1234',
        status: 'active',
        departmentId: 'DEPT901',
        departmentName: 'Stone Setting',
        stationId: 'STATION900901',
        stationName: 'Bench 2',
        arrivedAt: at.toISOString(),
        lastSeen: at.toISOString(),
        offsiteDetectedAt: null,
        offsiteReturnedAt: null,
        isExpectedOffsite: true,
      });
    });
  });

  describe('photos', () => {
    it('keeps intake photos, serves their bytes unchanged, records them in the history and removes them with their file', async () => {
      const order = await createOrder();
      const front = jpegBytes(4096);
      const upload = multipartBody([
        { filename: 'front.jpg', contentType: 'image/jpeg', data: front },
        { filename: 'side.png', contentType: 'image/png', data: PNG_1X1 },
      ]);
      const response = await sales.request('POST', `/api/v1/orders/${order.id}/photos`, upload);
      expect(response.statusCode, response.body).toBe(201);
      const photos = response.json().data;
      expect(photos).toEqual([
        expect.objectContaining({
          fileName: 'front.jpg',
          contentType: 'image/jpeg',
          sizeBytes: front.length,
        }),
        expect.objectContaining({
          fileName: 'side.png',
          contentType: 'image/png',
          sizeBytes: PNG_1X1.length,
        }),
      ]);
      const got = (await sales.request('GET', `/api/v1/orders/${order.id}`)).json().data as TOrder;
      expect(got.photos.map((photo) => photo.id)).toEqual(photos.map((photo: { id: string }) => photo.id));

      const bytes = await sales.request('GET', photos[0].url);
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('image/jpeg');
      expect(bytes.rawPayload.equals(front)).toBe(true);

      const removed = await manager.request('DELETE', `/api/v1/orders/${order.id}/photos/${photos[0].id}`);
      expect(removed.statusCode).toBe(200);
      expect((await sales.request('GET', photos[0].url)).statusCode).toBe(404);
      const files = await uploadedFiles(dataDir.dir);
      expect(files).toHaveLength(1);
      const kept = await readFile(path.join(dataDir.dir, 'uploads', files[0] ?? ''));
      expect(kept.equals(PNG_1X1)).toBe(true);

      const entries = (await history(order.id)).items;
      expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
        ['photo-removed', { photos: { from: ['front.jpg'], to: null } }],
        ['photo-added', { photos: { from: null, to: ['front.jpg', 'side.png'] } }],
        ['created', expect.any(Object)],
      ]);
      expect(entries[0]?.actor?.id).toBe(managerId);
      // The photo belongs to this order only.
      const other = await createOrder();
      const photoId = photos[1].id;
      expect(
        (await manager.request('DELETE', `/api/v1/orders/${other.id}/photos/${photoId}`)).statusCode,
      ).toBe(404);
      await manager.request('DELETE', `/api/v1/orders/${order.id}/photos/${photoId}`);
    });

    it('refuses a file that is not an image, whatever it claims, and keeps nothing of the upload', async () => {
      const order = await createOrder();
      const before = await uploadedFiles(dataDir.dir);
      const upload = multipartBody([
        { filename: 'ok.png', contentType: 'image/png', data: PNG_1X1 },
        {
          filename: 'invoice.png',
          contentType: 'image/png',
          data: Buffer.from('%PDF-1.7 not really a picture'),
        },
      ]);
      const response = await sales.request('POST', `/api/v1/orders/${order.id}/photos`, upload);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
      expect(response.json().message).toContain('“invoice.png” is not an image');
      expect(await uploadedFiles(dataDir.dir)).toEqual(before);
      expect((await sales.request('GET', `/api/v1/orders/${order.id}`)).json().data.photos).toEqual([]);
      expect((await history(order.id)).items.map((entry) => entry.action)).toEqual(['created']);
    });

    it('lets only order editors add or remove photos', async () => {
      const order = await createOrder();
      const { client } = await t.clientAs('operator');
      const upload = multipartBody([{ filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
      const response = await client.request('POST', `/api/v1/orders/${order.id}/photos`, upload);
      expect(response.statusCode).toBe(403);
    });
  });
});

import { canCreateAndManageRepairs, canViewRepairs } from '@loupe/domain/auth/permissions';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { REPAIR_SORTS, type TRepair } from '@loupe/domain/repairs/repair';
import { defaultPromisedDate, ORDER_SETTINGS_DEFAULTS } from '@loupe/domain/settings/order-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackedItems } from '../src/db/schema/tracking.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { multipartBody, PNG_1X1, tempDataDir, uploadedFiles } from './support/uploads.ts';

const MANAGERS = ROLES.filter((role) => canCreateAndManageRepairs({ role }));
const VIEWERS_ONLY = ROLES.filter((role) => canViewRepairs({ role }) && !canCreateAndManageRepairs({ role }));
const OUTSIDERS = ROLES.filter((role) => !canViewRepairs({ role }));

type TPage<T> = { items: T[]; total: number; nextCursor: string | null };

describe.each(TEST_DATABASES)('repairs on %s', (database) => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let admin: TTestClient;
  let operator: TTestClient;
  let operatorId: string;
  let sales: TTestClient;
  let customerId: string;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir.dir } });
    admin = (await t.clientAs('admin')).client;
    const signedInOperator = await t.clientAs('operator', { firstName: 'Otto', lastName: 'Bench' });
    operator = signedInOperator.client;
    operatorId = signedInOperator.user.id;
    sales = (await t.clientAs('salesperson')).client;
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Rosalind Franklin', email: 'rosalind@example.com' },
    });
    customerId = customer.json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  const intake = (body: Record<string, unknown> = {}) => ({
    customerId,
    itemDescription: 'Gold chain, 45 cm',
    repairTypes: ['chain_repair'],
    ...body,
  });

  async function createRepair(body: Record<string, unknown> = {}, client = operator): Promise<TRepair> {
    const response = await client.request('POST', '/api/v1/repairs', { body: intake(body) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  const patchRepair = (id: string, body: Record<string, unknown>, client = operator) =>
    client.request('PATCH', `/api/v1/repairs/${id}`, { body });

  async function listRepairs(query: string, client = sales): Promise<TPage<TRepair>> {
    const response = await client.request('GET', `/api/v1/repairs?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  it('takes in a repair numbered from the sequence, received, promised after the repair lead time', async () => {
    const repair = await createRepair({
      repairTypes: ['sizing', 'polishing', 'sizing'],
      declaredValueCents: 120_000,
      estimateCents: 8_500,
      conditionNotes: 'Scratched shank',
    });
    expect(repair).toMatchObject({
      repairNumber: expect.stringMatching(/^REP-\d{5}$/),
      status: 'received',
      customer: { id: customerId, name: 'Rosalind Franklin', email: 'rosalind@example.com', phone: null },
      itemDescription: 'Gold chain, 45 cm',
      repairTypes: ['sizing', 'polishing'],
      conditionNotes: 'Scratched shank',
      declaredValueCents: 120_000,
      estimateCents: 8_500,
      isRush: false,
      promisedDate: defaultPromisedDate(ORDER_SETTINGS_DEFAULTS, 'repair', t.clock()),
      photos: [],
      tracking: null,
    });
  });

  it('numbers repairs with the prefix of the orders settings', async () => {
    await t.app.loupe.settings.write('orders', { repairNumberPrefix: 'FIX', repairLeadTimeDays: 2 }, null);
    try {
      const repair = await createRepair();
      expect(repair.repairNumber).toMatch(/^FIX-\d{5}$/);
      expect(repair.promisedDate).toBe(
        defaultPromisedDate({ ...ORDER_SETTINGS_DEFAULTS, repairLeadTimeDays: 2 }, 'repair', t.clock()),
      );
    } finally {
      await t.app.loupe.settings.write('orders', {}, null);
    }
  });

  it('follows spec §6 and the sidebar: managers of repairs, viewers, and roles that see no repairs', () => {
    expect(MANAGERS).toEqual(['admin', 'manager', 'operator', 'production']);
    expect(VIEWERS_ONLY).toEqual(['salesperson']);
    expect(OUTSIDERS).toEqual(['designer', 'qa']);
  });

  it('lets a salesperson read repairs but not take in or change one (403)', async () => {
    const repair = await createRepair();
    expect((await sales.request('POST', '/api/v1/repairs', { body: intake() })).statusCode).toBe(403);
    expect((await patchRepair(repair.id, { estimateCents: 1 }, sales)).statusCode).toBe(403);
    const upload = multipartBody([{ filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
    expect((await sales.request('POST', `/api/v1/repairs/${repair.id}/photos`, upload)).statusCode).toBe(403);
    expect((await sales.request('GET', `/api/v1/repairs/${repair.id}`)).statusCode).toBe(200);
    expect((await sales.request('GET', `/api/v1/repairs/${repair.id}/history`)).statusCode).toBe(200);
  });

  it.each(OUTSIDERS)('shows %s no repairs at all (403)', async (role: TRole) => {
    const repair = await createRepair();
    const { client } = await t.clientAs(role);
    for (const url of [
      '/api/v1/repairs',
      `/api/v1/repairs/${repair.id}`,
      `/api/v1/repairs/${repair.id}/history`,
    ]) {
      const response = await client.request('GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it.each(MANAGERS)('lets %s take in and change a repair', async (role: TRole) => {
    const { client } = await t.clientAs(role);
    const repair = await createRepair({}, client);
    expect((await patchRepair(repair.id, { status: 'in_progress' }, client)).statusCode).toBe(200);
  });

  it('explains each invalid field of an intake (400 with details)', async () => {
    const response = await operator.request('POST', '/api/v1/repairs', {
      body: { customerId, itemDescription: '  ', repairTypes: [], estimateCents: 1.5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues).toEqual(
      expect.arrayContaining([
        { field: 'body.itemDescription', message: 'Describe the item' },
        { field: 'body.repairTypes', message: 'Choose at least one repair type' },
        expect.objectContaining({ field: 'body.estimateCents' }),
      ]),
    );
    const unknownCustomer = await operator.request('POST', '/api/v1/repairs', {
      body: intake({ customerId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(unknownCustomer.json().details.issues).toEqual([
      { field: 'customerId', message: 'This customer does not exist.' },
    ]);
  });

  it('moves the status only along the allowed transitions, naming both statuses when refused', async () => {
    const repair = await createRepair();
    const skipped = await patchRepair(repair.id, { status: 'ready' });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().message).toBe(
      `${repair.repairNumber} cannot go from “Received” to “Ready for pickup”.`,
    );
    for (const status of [
      'in_progress',
      'waiting_parts',
      'in_progress',
      'quality_check',
      'ready',
      'picked_up',
    ]) {
      expect((await patchRepair(repair.id, { status })).statusCode, status).toBe(200);
    }
    const back = await patchRepair(repair.id, { status: 'ready' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(
      `${repair.repairNumber} cannot go from “Picked up” to “Ready for pickup”.`,
    );
  });

  it('keeps every change with who made it, and announces it into the repair’s room after commit', async () => {
    const events: TAnnouncement[] = [];
    const stop = t.app.loupe.events.subscribe((event) => {
      if (event.name.startsWith('repair:')) events.push(event);
    });
    let repair: TRepair;
    try {
      repair = await createRepair();
      t.clock.advance(1000);
      await patchRepair(
        repair.id,
        { repairTypes: ['chain_repair', 'soldering'], status: 'in_progress' },
        admin,
      );
      // The same types again (a repeat is dropped): nothing changes, nothing is written or announced.
      await patchRepair(repair.id, { repairTypes: ['chain_repair', 'soldering', 'soldering'] });
    } finally {
      stop();
    }
    const rooms = [`repair:${repair.id}`];
    expect(events.map((event) => [event.name, event.rooms])).toEqual([
      ['repair:created', rooms],
      ['repair:updated', rooms],
      ['repair:status-changed', rooms],
    ]);
    expect(events[2]?.payload).toMatchObject({ status: 'in_progress', previousStatus: 'received' });
    const history = (await sales.request('GET', `/api/v1/repairs/${repair.id}/history`)).json().data;
    // In progress by hand: the workflow puts the repair in the first phase of that status (issue 32).
    expect(history.total).toBe(4);
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual([
      'phase-changed',
      'status-changed',
      'updated',
      'created',
    ]);
    expect(history.items[0]).toMatchObject({
      changes: { phase: { from: 'Intake and assessment', to: 'Bench repair' } },
    });
    expect(history.items[2]).toMatchObject({
      actor: { name: expect.stringMatching(/^admin /) },
      changes: { repairTypes: { from: ['chain_repair'], to: ['chain_repair', 'soldering'] } },
    });
    expect(history.items[3]).toMatchObject({ actor: { id: operatorId, name: 'Otto Bench' } });
  });

  describe('listing', () => {
    it('searches number, customer and item, filters by status, rush and tracking, and says when nothing matches', async () => {
      const tag = 'zq-repair-filter';
      const brooch = await createRepair({ itemDescription: `${tag} Cameo brooch`, isRush: true });
      const ring = await createRepair({ itemDescription: `${tag} Wedding band` });
      await patchRepair(ring.id, { status: 'in_progress' });
      await t.database.db
        .insert(trackedItems)
        .values({ itemKind: 'repair', itemId: ring.id, epc: 'E2000017221101441890BEEF' });
      const ids = async (query: string) =>
        (await listRepairs(`q=${tag}&${query}`)).items.map((r) => r.id).sort();
      expect((await listRepairs(`q=${tag}%20CAMEO`)).items.map((r) => r.id)).toEqual([brooch.id]);
      expect((await listRepairs(`q=${tag}%20wedding`)).items.map((r) => r.id)).toEqual([ring.id]);
      expect((await listRepairs(`q=${brooch.repairNumber}`)).items.map((r) => r.id)).toEqual([brooch.id]);
      expect(await ids('isRush=true')).toEqual([brooch.id]);
      expect(await ids('status=in_progress')).toEqual([ring.id]);
      expect(await ids('tracked=true')).toEqual([ring.id]);
      expect(await ids('tracked=false')).toEqual([brooch.id]);
      expect(await listRepairs(`q=${tag}&status=picked_up`)).toEqual({
        items: [],
        total: 0,
        nextCursor: null,
      });
      const ringRow = (await listRepairs(`q=${tag}&tracked=true`)).items[0];
      expect(ringRow?.tracking).toMatchObject({ epc: 'E2000017221101441890BEEF', status: 'active' });
      expect(ringRow).not.toHaveProperty('conditionNotes');
    });

    it.each(REPAIR_SORTS)(
      'pages through every repair exactly once sorted %s, with the filtered total',
      async (sort) => {
        const tag = `zq-repair-paging-${sort}`;
        const promised = [null, '2031-01-01', '2030-01-01', null, '2031-01-01'];
        const created: string[] = [];
        for (const promisedDate of promised) {
          created.push((await createRepair({ itemDescription: `${tag} item`, promisedDate })).id);
        }
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: TPage<TRepair> = await listRepairs(
            `q=${tag}&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          expect(page.total).toBe(promised.length);
          seen.push(...page.items.map((r) => r.id));
          cursor = page.nextCursor;
        } while (cursor !== null && seen.length < 20);
        expect(seen).toHaveLength(promised.length);
        expect([...seen].sort()).toEqual([...created].sort());
      },
    );

    it('answers 400 for a cursor that this list did not make', async () => {
      const response = await sales.request(
        'GET',
        '/api/v1/repairs?sort=promised&cursor=%7B%22value%22%3A5%7D',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });
  });

  it('finds repairs under the new name of their customer', async () => {
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Lise Meitner', phone: '555 0100 200' },
    });
    const id = customer.json().data.id;
    const repair = await createRepair({ customerId: id });
    await admin.request('PATCH', `/api/v1/customers/${id}`, { body: { name: 'Elise Meitner-Frisch' } });
    expect((await listRepairs('q=meitner-frisch')).items.map((r) => r.id)).toEqual([repair.id]);
  });

  it('keeps photos of a repair, shown to those who see repairs only, and removes them with their file', async () => {
    const repair = await createRepair();
    const before = await uploadedFiles(dataDir.dir);
    const upload = multipartBody([{ filename: 'intake.png', contentType: 'image/png', data: PNG_1X1 }]);
    const response = await operator.request('POST', `/api/v1/repairs/${repair.id}/photos`, upload);
    expect(response.statusCode, response.body).toBe(201);
    const [photo] = response.json().data;
    expect((await uploadedFiles(dataDir.dir)).length).toBe(before.length + 1);
    expect((await sales.request('GET', photo.url)).statusCode).toBe(200);
    const { client: designer } = await t.clientAs('designer');
    expect((await designer.request('GET', photo.url)).statusCode).toBe(403);
    const got = (await sales.request('GET', `/api/v1/repairs/${repair.id}`)).json().data;
    expect(got.photos.map((p: { id: string }) => p.id)).toEqual([photo.id]);

    expect(
      (await operator.request('DELETE', `/api/v1/repairs/${repair.id}/photos/${photo.id}`)).statusCode,
    ).toBe(200);
    expect(await uploadedFiles(dataDir.dir)).toEqual(before);
    const history = (await sales.request('GET', `/api/v1/repairs/${repair.id}/history`)).json().data;
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual([
      'photo-removed',
      'photo-added',
      'created',
    ]);
  });

  it('answers 404 for a repair that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await sales.request('GET', `/api/v1/repairs/${missing}`)).statusCode).toBe(404);
    expect((await patchRepair(missing, { estimateCents: 5 })).statusCode).toBe(404);
  });
});

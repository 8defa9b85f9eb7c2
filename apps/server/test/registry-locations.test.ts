import type { TLocation } from '@loupe/domain/registry/locations';
import { DEFAULT_LOCATION } from '@loupe/domain/registry/locations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/composition/repositories.ts';
import { locations } from '../src/db/schema/registry.ts';
import { createLocationService } from '../src/modules/registry/location-service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

describe.each(TEST_DATABASES)('locations on %s', (database) => {
  let t: TTestApp;
  let manager: TTestClient;
  let salesperson: TTestClient;
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  beforeAll(async () => {
    t = await createTestApp({ database });
    manager = (await t.clientAs('manager')).client;
    salesperson = (await t.clientAs('salesperson')).client;
  });
  afterAll(() => t.close());

  async function newLocation(body: Record<string, unknown> = {}): Promise<TLocation> {
    const response = await manager.request('POST', '/api/v1/locations', {
      body: { name: unique('Site'), ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  it('starts with LOC001 "Main Workshop" (spec §3, §9)', async () => {
    const response = await salesperson.request('GET', '/api/v1/locations/LOC001');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: 'LOC001',
      name: 'Main Workshop',
      address: '',
      description: '',
    });
  });

  it('makes sure of LOC001 idempotently, even from two instances at once, and never renames it back', async () => {
    const rename = await manager.request('PATCH', '/api/v1/locations/LOC001', {
      body: { name: unique('Atelier') },
    });
    expect(rename.statusCode).toBe(200);
    const service = () =>
      createLocationService({ registry: createRepositories(t.database.db).registry, clock: t.clock });
    await Promise.all([service().ensureDefaultLocation(), service().ensureDefaultLocation()]);
    const rows = await t.database.db.select().from(locations).where(eq(locations.id, DEFAULT_LOCATION.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe(rename.json().data.name);
    await manager.request('PATCH', '/api/v1/locations/LOC001', { body: { name: DEFAULT_LOCATION.name } });
  });

  it('gives new locations the next LOC id and keeps address and description, trimmed', async () => {
    const first = await newLocation({ address: '  12 Rue de la Paix ', description: 'Showroom' });
    expect(first).toEqual({
      id: expect.stringMatching(/^LOC\d{3}$/),
      name: expect.any(String),
      address: '12 Rue de la Paix',
      description: 'Showroom',
      kind: 'workshop',
      departmentCount: 0,
      createdAt: t.clock().toISOString(),
      updatedAt: t.clock().toISOString(),
    });
    const second = await newLocation();
    expect(Number(second.id.slice(3))).toBe(Number(first.id.slice(3)) + 1);
  });

  it('refuses a second location of the same name, whatever its case', async () => {
    const location = await newLocation();
    const response = await manager.request('POST', '/api/v1/locations', {
      body: { name: location.name.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    const rename = await manager.request('PATCH', '/api/v1/locations/LOC001', {
      body: { name: location.name },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('refuses a blank name', async () => {
    const response = await manager.request('POST', '/api/v1/locations', { body: { name: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lists locations with their department counts, searches and pages', async () => {
    const location = await newLocation({ name: unique('Harbour Studio') });
    for (let i = 0; i < 2; i += 1) {
      await manager.request('POST', '/api/v1/departments', {
        body: { name: unique('Room'), locationId: location.id },
      });
    }
    const found = (await salesperson.request('GET', '/api/v1/locations?q=harbour')).json().data;
    expect(found).toEqual({ items: [{ ...location, departmentCount: 2 }], total: 1, nextCursor: null });

    const all = (await salesperson.request('GET', '/api/v1/locations?limit=1')).json().data;
    expect(all.items.map((l: TLocation) => l.id)).toEqual(['LOC001']);
    expect(all.total).toBeGreaterThan(1);
    const next = (
      await salesperson.request(
        'GET',
        `/api/v1/locations?limit=1&cursor=${encodeURIComponent(all.nextCursor)}`,
      )
    ).json().data;
    expect(next.items).toHaveLength(1);
    expect(next.items[0].id).not.toBe('LOC001');

    const none = (await salesperson.request('GET', '/api/v1/locations?q=nowhere-at-all')).json().data;
    expect(none).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it('changes only the fields sent and stamps the change with the clock', async () => {
    const location = await newLocation({ address: 'Dock 4' });
    t.clock.advance(60_000);
    const response = await manager.request('PATCH', `/api/v1/locations/${location.id}`, {
      body: { description: 'Casting overflow' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...location,
      description: 'Casting overflow',
      updatedAt: t.clock().toISOString(),
    });
  });

  it('answers 404 for an unknown location', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await manager.request(method, '/api/v1/locations/LOC999', {
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('There is no location LOC999.');
    }
  });

  it('refuses to delete a location that still has departments, and deletes an empty one', async () => {
    const location = await newLocation({ name: unique('Annex') });
    const department = await manager.request('POST', '/api/v1/departments', {
      body: { name: unique('Annex Room'), locationId: location.id },
    });
    const refused = await manager.request('DELETE', `/api/v1/locations/${location.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Move or delete the 1 department of ${location.name} before deleting it.`,
    );

    await manager.request('DELETE', `/api/v1/departments/${department.json().data.id}`);
    const deleted = await manager.request('DELETE', `/api/v1/locations/${location.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await salesperson.request('GET', `/api/v1/locations/${location.id}`)).statusCode).toBe(404);
  });

  it('never deletes the default location', async () => {
    const admin = (await t.clientAs('admin')).client;
    const response = await admin.request('DELETE', '/api/v1/locations/LOC001');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('LOC001');
    expect((await salesperson.request('GET', '/api/v1/locations/LOC001')).statusCode).toBe(200);
  });

  it('lists every registry, reader and order-settings route in the OpenAPI document', async () => {
    const response = await t.client().request('GET', '/api/openapi.json');
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/locations',
      '/api/v1/locations/{id}',
      '/api/v1/departments',
      '/api/v1/departments/export',
      '/api/v1/departments/import',
      '/api/v1/departments/by-name/{name}',
      '/api/v1/departments/{id}',
      '/api/v1/departments/{id}/stations',
      '/api/v1/stations',
      '/api/v1/stations/{id}',
      '/api/v1/readers',
      '/api/v1/readers/{id}',
      '/api/v1/readers/{id}/api-key',
      '/api/v1/readers/{id}/antennas/{antenna}',
      '/api/v1/readers/{id}/llrp',
      '/api/v1/readers/llrp/test',
      '/api/v1/settings/orders',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('lets only admins and managers change locations', async () => {
    const location = await newLocation();
    for (const [method, url, body] of [
      ['POST', '/api/v1/locations', { name: unique('Sales Office') }],
      ['PATCH', `/api/v1/locations/${location.id}`, { name: 'Renamed' }],
      ['DELETE', `/api/v1/locations/${location.id}`, undefined],
    ] as const) {
      const response = await salesperson.request(method, url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await salesperson.request('GET', `/api/v1/locations/${location.id}`)).json().data).toEqual(
      location,
    );
    expect((await t.client().request('GET', '/api/v1/locations')).statusCode).toBe(401);
  });
});

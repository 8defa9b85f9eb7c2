import { decodeCursor } from '@loupe/domain/api/list';
import { DEFAULT_DEPARTMENT_GRADIENT, type TDepartment } from '@loupe/domain/registry/departments';
import type { TStationWithDepartment } from '@loupe/domain/registry/stations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/composition/repositories.ts';
import { departments } from '../src/db/schema/registry.ts';
import { createRegistryService } from '../src/modules/registry/service.ts';
import { placeTrackedOrder, recordAnnouncements } from './registry-fixtures.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

describe.each(TEST_DATABASES)('departments and stations on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let manager: TTestClient;
  let operator: TTestClient;
  let counter = 0;
  /** Department names are unique workshop-wide; every test makes its own. */
  const unique = (name: string) => `${name} ${++counter}`;

  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
    manager = (await t.clientAs('manager')).client;
    operator = (await t.clientAs('operator')).client;
  });
  afterAll(() => t.close());

  async function newLocation(): Promise<string> {
    const response = await admin.request('POST', '/api/v1/locations', { body: { name: unique('Site') } });
    expect(response.statusCode).toBe(201);
    return response.json().data.id;
  }

  async function newDepartment(body: Record<string, unknown> = {}): Promise<TDepartment> {
    const response = await manager.request('POST', '/api/v1/departments', {
      body: { name: unique('Casting'), ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function newStation(departmentId: string, body: Record<string, unknown> = {}) {
    const response = await manager.request('POST', `/api/v1/departments/${departmentId}/stations`, {
      body: { name: unique('Bench'), ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as TStationWithDepartment;
  }

  async function departmentCount(): Promise<number> {
    return (await t.database.db.select({ id: departments.id }).from(departments)).length;
  }

  describe('creating departments', () => {
    it('gives DEPT ids in sequence and the spec §3 defaults', async () => {
      const name = unique('Wax Room');
      const response = await manager.request('POST', '/api/v1/departments', { body: { name } });
      expect(response.statusCode).toBe(201);
      const first = response.json().data as TDepartment;
      expect(first).toEqual({
        id: expect.stringMatching(/^DEPT\d{3}$/),
        name,
        description: '',
        gradient: DEFAULT_DEPARTMENT_GRADIENT,
        iconName: 'Hammer',
        stations: [],
        totalItems: 0,
        locationId: 'LOC001',
        mqttTopic: null,
        machineId: null,
        connectionStatus: 'disconnected',
        lastHeartbeat: null,
      });
      const second = await newDepartment();
      expect(Number(second.id.slice(4))).toBe(Number(first.id.slice(4)) + 1);
    });

    it.each([
      ['Jewel Setting', 'Gem'],
      ['Stone Polishing', 'Settings'],
      ['Polishing', 'Sparkles'],
      ['Engraving', 'Hammer'],
    ])('guesses the icon of "%s" from its name: %s', async (name, icon) => {
      expect((await newDepartment({ name: unique(name) })).iconName).toBe(icon);
    });

    it('keeps the icon, gradient, topic and machine the request names', async () => {
      const department = await newDepartment({
        name: unique('Polishing'),
        iconName: 'Gem',
        gradient: 'from-amber-400 to-rose-500',
        mqttTopic: 'loupe/polishing',
        machineId: 'FX9600-01',
        description: 'Final polish',
      });
      expect(department).toMatchObject({
        iconName: 'Gem',
        gradient: 'from-amber-400 to-rose-500',
        mqttTopic: 'loupe/polishing',
        machineId: 'FX9600-01',
        description: 'Final polish',
      });
    });

    it('refuses a name another department has, whatever its case, and creates nothing', async () => {
      const existing = await newDepartment();
      const before = await departmentCount();
      const response = await manager.request('POST', '/api/v1/departments', {
        body: { name: existing.name.toUpperCase() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: `A department named "${existing.name.toUpperCase()}" already exists.`,
      });
      expect(await departmentCount()).toBe(before);
    });

    it('refuses an unknown location with a message naming it', async () => {
      const before = await departmentCount();
      const response = await manager.request('POST', '/api/v1/departments', {
        body: { name: unique('Setting'), locationId: 'LOC999' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().message).toContain('LOC999');
      expect(await departmentCount()).toBe(before);
    });

    it.each([
      ['a blank name', { name: '   ' }],
      ['a name over 100 characters', { name: 'x'.repeat(101) }],
      ['an unknown icon', { name: 'Anything', iconName: 'Anvil' }],
    ])('refuses %s with VALIDATION_FAILED', async (_label, body) => {
      const response = await manager.request('POST', '/api/v1/departments', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('puts a department in the location asked for, after the ones already there', async () => {
      const locationId = await newLocation();
      const first = await newDepartment({ locationId });
      const second = await newDepartment({ locationId });
      const list = await operator.request('GET', `/api/v1/departments?locationId=${locationId}`);
      expect(list.json().data).toMatchObject({ total: 2, nextCursor: null });
      expect(list.json().data.items.map((d: TDepartment) => d.id)).toEqual([first.id, second.id]);
    });
  });

  describe('reading departments', () => {
    it('finds a department by name case-insensitively (spec §5) and answers 404 when none has it', async () => {
      const department = await newDepartment({ name: unique('Stone Setting') });
      const found = await operator.request(
        'GET',
        `/api/v1/departments/by-name/${encodeURIComponent(department.name.toLowerCase())}`,
      );
      expect(found.statusCode).toBe(200);
      expect(found.json().data).toEqual(department);

      const missing = await operator.request('GET', '/api/v1/departments/by-name/No%20Such%20Room');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'There is no department named "No Such Room".',
      });
    });

    it('answers 404 for an unknown department on read, change and delete', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/departments/DEPT9999'],
        ['PATCH', '/api/v1/departments/DEPT9999'],
        ['DELETE', '/api/v1/departments/DEPT9999'],
        ['GET', '/api/v1/departments/DEPT9999/stations'],
        ['POST', '/api/v1/departments/DEPT9999/stations'],
      ] as const) {
        const response = await manager.request(method, url, {
          body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'Bench' },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({
          code: 'NOT_FOUND',
          message: 'There is no department DEPT9999.',
        });
      }
    });

    it('searches by name and says when nothing matches', async () => {
      const locationId = await newLocation();
      const wanted = await newDepartment({ locationId, name: unique('Rhodium Plating') });
      await newDepartment({ locationId, name: unique('Casting') });
      const found = await operator.request('GET', `/api/v1/departments?locationId=${locationId}&q=rhodium`);
      expect(found.json().data).toMatchObject({ total: 1, nextCursor: null });
      expect(found.json().data.items.map((d: TDepartment) => d.id)).toEqual([wanted.id]);

      const none = await operator.request('GET', `/api/v1/departments?locationId=${locationId}&q=zzz`);
      expect(none.json().data).toEqual({ items: [], total: 0, nextCursor: null });
    });

    it('pages with limit and cursor, and counts the whole list', async () => {
      const locationId = await newLocation();
      const made = [
        await newDepartment({ locationId }),
        await newDepartment({ locationId }),
        await newDepartment({ locationId }),
      ];
      const first = (
        await operator.request('GET', `/api/v1/departments?locationId=${locationId}&limit=2`)
      ).json().data;
      expect(first.total).toBe(3);
      expect(first.items.map((d: TDepartment) => d.id)).toEqual([made[0]?.id, made[1]?.id]);
      expect(first.nextCursor).toEqual(expect.any(String));
      expect(decodeCursor(first.nextCursor)).not.toBeNull();

      const second = (
        await operator.request(
          'GET',
          `/api/v1/departments?locationId=${locationId}&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
        )
      ).json().data;
      expect(second).toMatchObject({ total: 3, nextCursor: null });
      expect(second.items.map((d: TDepartment) => d.id)).toEqual([made[2]?.id]);
    });

    it('refuses a made-up cursor with a 400 instead of guessing', async () => {
      const response = await operator.request('GET', '/api/v1/departments?cursor=not-a-cursor');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('changing and deleting departments', () => {
    it('changes only the fields sent', async () => {
      const department = await newDepartment({ name: unique('Jewel Room'), gradient: 'from-a to-b' });
      const response = await manager.request('PATCH', `/api/v1/departments/${department.id}`, {
        body: { description: 'Stone setting under the microscope', mqttTopic: 'loupe/jewel' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        ...department,
        description: 'Stone setting under the microscope',
        mqttTopic: 'loupe/jewel',
      });
    });

    it('refuses a rename onto another department’s name and keeps the old name', async () => {
      const a = await newDepartment();
      const b = await newDepartment();
      const response = await manager.request('PATCH', `/api/v1/departments/${b.id}`, {
        body: { name: a.name.toLowerCase() },
      });
      expect(response.statusCode).toBe(409);
      expect((await operator.request('GET', `/api/v1/departments/${b.id}`)).json().data.name).toBe(b.name);
    });

    it('lets a department keep its own name in another case', async () => {
      const department = await newDepartment();
      const response = await manager.request('PATCH', `/api/v1/departments/${department.id}`, {
        body: { name: department.name.toUpperCase() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.name).toBe(department.name.toUpperCase());
    });

    it('refuses a move to an unknown location', async () => {
      const department = await newDepartment();
      const response = await manager.request('PATCH', `/api/v1/departments/${department.id}`, {
        body: { locationId: 'LOC777' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('LOC777');
    });

    it('deletes an empty department with its stations', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id);
      const response = await manager.request('DELETE', `/api/v1/departments/${department.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Department deleted.' });
      expect((await operator.request('GET', `/api/v1/departments/${department.id}`)).statusCode).toBe(404);
      expect((await operator.request('GET', `/api/v1/stations/${station.id}`)).statusCode).toBe(404);
    });

    it('refuses to delete a department while items stand in it, naming the count', async () => {
      const department = await newDepartment({ name: unique('Casting') });
      const station = await newStation(department.id);
      for (let i = 0; i < 3; i += 1) {
        await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: station.id });
      }
      const response = await manager.request('DELETE', `/api/v1/departments/${department.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: `Move the 3 items in ${department.name} to another department before deleting it.`,
      });
      expect(
        (await operator.request('GET', `/api/v1/departments/${department.id}`)).json().data.totalItems,
      ).toBe(3);
    });

    it('counts an offsite item as still in the department when refusing a delete', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id);
      await placeTrackedOrder(t.database.db, {
        departmentId: department.id,
        stationId: station.id,
        status: 'offsite',
      });
      const response = await manager.request('DELETE', `/api/v1/departments/${department.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `Move the 1 item in ${department.name} to another department before deleting it.`,
      );
    });
  });

  describe('stations', () => {
    it('makes the id STATION + the last six digits of the clock, never colliding, with the spec §3 defaults', async () => {
      const department = await newDepartment();
      const now = t.clock().getTime();
      // Within the same quarter hour, so the signed-in tokens stay valid.
      t.clock.set(new Date(now - (now % 1_000_000) + 123_456));
      const first = await newStation(department.id, { name: 'Bench A' });
      const second = await newStation(department.id, { name: 'Bench B' });
      expect(first).toEqual({
        id: 'STATION123456',
        name: 'Bench A',
        lastSeen: null,
        antennaNumber: 1,
        isActive: true,
        signalStrength: null,
        jewelerName: null,
        specialization: null,
        status: null,
        itemCount: 0,
        role: 'work',
        departmentId: department.id,
        departmentName: department.name,
      });
      expect(second.id).toBe('STATION123457');
    });

    it('ignores an item count or last-seen time a client sends: the tracking tells those', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id, {
        itemCount: 12,
        lastSeen: '2024-01-01T00:00:00.000Z',
      });
      expect(station).toMatchObject({ itemCount: 0, lastSeen: null });
    });

    it('refuses a second station of the same name in a department, whatever its case', async () => {
      const department = await newDepartment();
      await newStation(department.id, { name: 'Bench 1' });
      const response = await manager.request('POST', `/api/v1/departments/${department.id}/stations`, {
        body: { name: 'BENCH 1' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`${department.name} already has a station named "BENCH 1".`);
      // Another department may have a Bench 1 of its own.
      const other = await newDepartment();
      await newStation(other.id, { name: 'Bench 1' });
    });

    it('lists a department’s stations in display order and a department carries them', async () => {
      const department = await newDepartment();
      const a = await newStation(department.id, { jewelerName: 'Ana' });
      const b = await newStation(department.id, { specialization: 'Pavé' });
      const list = (await operator.request('GET', `/api/v1/departments/${department.id}/stations`)).json()
        .data;
      expect(list).toMatchObject({ total: 2, nextCursor: null });
      expect(list.items.map((s: { id: string }) => s.id)).toEqual([a.id, b.id]);
      const withStations = (await operator.request('GET', `/api/v1/departments/${department.id}`)).json()
        .data;
      expect(withStations.stations.map((s: { id: string }) => s.id)).toEqual([a.id, b.id]);

      const flat = (
        await operator.request('GET', `/api/v1/stations?departmentId=${department.id}&q=pav`)
      ).json().data;
      expect(flat.items).toEqual([b]);
    });

    it('moves a station in the display order with position', async () => {
      const department = await newDepartment();
      const a = await newStation(department.id);
      const b = await newStation(department.id);
      await manager.request('PATCH', `/api/v1/stations/${a.id}`, { body: { position: 5 } });
      const list = (await operator.request('GET', `/api/v1/departments/${department.id}/stations`)).json()
        .data;
      expect(list.items.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    });

    it('changes only the fields sent: renaming keeps the antenna, the jeweler and the active flag', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id, {
        antennaNumber: 3,
        isActive: false,
        jewelerName: 'Mia',
      });
      const response = await manager.request('PATCH', `/api/v1/stations/${station.id}`, {
        body: { name: 'Bench North', signalStrength: -57.4 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ ...station, name: 'Bench North', signalStrength: -57 });
      const unchanged = await manager.request('PATCH', `/api/v1/stations/${station.id}`, { body: {} });
      expect(unchanged.json().data).toEqual({ ...station, name: 'Bench North', signalStrength: -57 });
    });

    it('refuses renaming a station onto a sibling’s name', async () => {
      const department = await newDepartment();
      const a = await newStation(department.id);
      const b = await newStation(department.id);
      const response = await manager.request('PATCH', `/api/v1/stations/${b.id}`, { body: { name: a.name } });
      expect(response.statusCode).toBe(409);
    });

    it('answers 404 for an unknown station', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await manager.request(method, '/api/v1/stations/STATION000001x', {
          body: method === 'PATCH' ? { name: 'x' } : undefined,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('There is no station STATION000001x.');
      }
    });

    it('refuses to delete a station while items stand at it, then deletes it once they are gone', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id, { name: 'Bench 7' });
      await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: station.id });
      await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: station.id });
      const refused = await manager.request('DELETE', `/api/v1/stations/${station.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Move the 2 items at Bench 7 (${department.name}) to another station before deleting it.`,
      );

      const empty = await newStation(department.id);
      expect((await manager.request('DELETE', `/api/v1/stations/${empty.id}`)).statusCode).toBe(200);
      expect((await operator.request('GET', `/api/v1/stations/${empty.id}`)).statusCode).toBe(404);
    });
  });

  describe('item counts', () => {
    it('counts the items standing at each station, leaving out offsite ones, and sums them per department', async () => {
      const department = await newDepartment();
      const a = await newStation(department.id);
      const b = await newStation(department.id);
      const c = await newStation(department.id);
      await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: a.id });
      await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: a.id });
      await placeTrackedOrder(t.database.db, {
        departmentId: department.id,
        stationId: a.id,
        status: 'offsite',
      });
      await placeTrackedOrder(t.database.db, {
        departmentId: department.id,
        stationId: b.id,
        status: 'returned',
      });

      const read = (await operator.request('GET', `/api/v1/departments/${department.id}`)).json()
        .data as TDepartment;
      expect(read.stations.map((s) => [s.id, s.itemCount])).toEqual([
        [a.id, 2],
        [b.id, 1],
        [c.id, 0],
      ]);
      expect(read.totalItems).toBe(3);
      expect((await operator.request('GET', `/api/v1/stations/${a.id}`)).json().data.itemCount).toBe(2);
      const list = (
        await operator.request('GET', `/api/v1/departments?q=${encodeURIComponent(department.name)}`)
      ).json().data;
      expect(list.items[0]).toMatchObject({ id: department.id, totalItems: 3 });
    });
  });

  describe('registry events', () => {
    it('announces departments and stations added, updated and deleted into the department’s room, after commit', async () => {
      const { announcements, stop } = recordAnnouncements(t);
      const seenInDatabase: Promise<boolean>[] = [];
      const unsubscribe = t.app.loupe.events.subscribe((announcement) => {
        if (announcement.name === 'department:added') {
          const { id } = (announcement.payload as { department: TDepartment }).department;
          seenInDatabase.push(
            t.database.db
              .select()
              .from(departments)
              .where(eq(departments.id, id))
              .then((rows) => rows.length === 1),
          );
        }
        if (announcement.name === 'department:deleted') {
          const { departmentId } = announcement.payload as { departmentId: string };
          seenInDatabase.push(
            t.database.db
              .select()
              .from(departments)
              .where(eq(departments.id, departmentId))
              .then((rows) => rows.length === 0),
          );
        }
      });
      try {
        const department = await newDepartment();
        const station = await newStation(department.id);
        const renamed = await manager.request('PATCH', `/api/v1/departments/${department.id}`, {
          body: { description: 'New' },
        });
        const stationRenamed = await manager.request('PATCH', `/api/v1/stations/${station.id}`, {
          body: { jewelerName: 'Lea' },
        });
        await manager.request('DELETE', `/api/v1/stations/${station.id}`);
        await manager.request('DELETE', `/api/v1/departments/${department.id}`);

        const room = [`department:${department.id}`];
        const { departmentId: _id, departmentName: _name, ...plainStation } = station;
        const { departmentId: _id2, departmentName: _name2, ...plainRenamed } = stationRenamed.json().data;
        expect(announcements).toEqual([
          { name: 'department:added', payload: { department }, rooms: room },
          {
            name: 'station:added',
            payload: { departmentId: department.id, station: plainStation },
            rooms: room,
          },
          { name: 'department:updated', payload: { department: renamed.json().data }, rooms: room },
          {
            name: 'station:updated',
            payload: { departmentId: department.id, station: plainRenamed },
            rooms: room,
          },
          {
            name: 'station:deleted',
            payload: { departmentId: department.id, stationId: station.id },
            rooms: room,
          },
          { name: 'department:deleted', payload: { departmentId: department.id }, rooms: room },
        ]);
        expect(await Promise.all(seenInDatabase)).toEqual([true, true]);
      } finally {
        stop();
        unsubscribe();
      }
    });

    it('announces nothing when a change is refused', async () => {
      const existing = await newDepartment();
      const { announcements, stop } = recordAnnouncements(t);
      try {
        await manager.request('POST', '/api/v1/departments', { body: { name: existing.name } });
        await operator.request('POST', '/api/v1/departments', { body: { name: unique('Sneaky') } });
        await manager.request('DELETE', '/api/v1/departments/DEPT9999');
        expect(announcements).toEqual([]);
      } finally {
        stop();
      }
    });
  });

  describe('permissions (the server decides)', () => {
    it('lets every signed-in role read the registry and refuses anonymous callers', async () => {
      expect((await operator.request('GET', '/api/v1/departments')).statusCode).toBe(200);
      expect((await operator.request('GET', '/api/v1/stations')).statusCode).toBe(200);
      expect((await t.client().request('GET', '/api/v1/departments')).statusCode).toBe(401);
    });

    it('refuses an operator every change and changes nothing', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id);
      const attempts = [
        ['POST', '/api/v1/departments', { name: unique('Operator Room') }],
        ['PATCH', `/api/v1/departments/${department.id}`, { name: 'Taken over' }],
        ['DELETE', `/api/v1/departments/${department.id}`, undefined],
        ['POST', `/api/v1/departments/${department.id}/stations`, { name: 'Extra' }],
        ['PATCH', `/api/v1/stations/${station.id}`, { name: 'Taken over' }],
        ['DELETE', `/api/v1/stations/${station.id}`, undefined],
      ] as const;
      const before = await departmentCount();
      for (const [method, url, body] of attempts) {
        const response = await operator.request(method, url, { body });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect(await departmentCount()).toBe(before);
      const { departmentId: _id, departmentName: _name, ...plainStation } = station;
      expect((await operator.request('GET', `/api/v1/departments/${department.id}`)).json().data).toEqual({
        ...department,
        stations: [plainStation],
      });
    });

    it('lets an admin do what a manager does', async () => {
      const response = await admin.request('POST', '/api/v1/departments', {
        body: { name: unique('Admin Room') },
      });
      expect(response.statusCode).toBe(201);
    });

    it('checks the role in the service too, whoever calls it', async () => {
      const service = createRegistryService({
        registry: createRepositories(t.database.db).registry,
        clock: t.clock,
        events: t.app.loupe.events,
      });
      await expect(
        service.createDepartment({ role: 'production' }, { name: 'Backdoor' }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      const rows = await t.database.db.select().from(departments).where(eq(departments.name, 'Backdoor'));
      expect(rows).toEqual([]);
    });
  });
});

import { parseDepartmentImport, type TDepartment } from '@loupe/domain/registry/departments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeTrackedOrder, recordAnnouncements } from './registry-fixtures.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

describe.each(TEST_DATABASES)('department export and import on %s', (database) => {
  let t: TTestApp;
  let manager: TTestClient;
  let operator: TTestClient;
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  beforeAll(async () => {
    t = await createTestApp({ database });
    manager = (await t.clientAs('manager')).client;
    operator = (await t.clientAs('operator')).client;
  });
  afterAll(() => t.close());

  async function newDepartment(body: Record<string, unknown> = {}): Promise<TDepartment> {
    const response = await manager.request('POST', '/api/v1/departments', {
      body: { name: unique('Casting'), ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function newStation(departmentId: string, name = unique('Bench')) {
    const response = await manager.request('POST', `/api/v1/departments/${departmentId}/stations`, {
      body: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; name: string };
  }

  async function exported(): Promise<TDepartment[]> {
    const response = await manager.request('GET', '/api/v1/departments/export');
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function importing(body: unknown, headers?: Record<string, string>) {
    return manager.request('POST', '/api/v1/departments/import', { body, headers });
  }

  it('exports every department with its stations as a dated JSON attachment that the import accepts', async () => {
    const department = await newDepartment();
    await newStation(department.id);
    const response = await manager.request('GET', '/api/v1/departments/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="loupe-departments-${t.clock().toISOString().slice(0, 10)}.json"`,
    );
    const file = response.json() as TDepartment[];
    const listed = (await operator.request('GET', '/api/v1/departments?limit=200')).json().data.items;
    expect(file).toEqual(listed);
    expect(parseDepartmentImport(response.body)).toEqual(file);
  });

  it('restores the exported registry: renamed, added and removed things come back as they were', async () => {
    const casting = await newDepartment();
    const bench = await newStation(casting.id);
    await newStation(casting.id);
    const file = await exported();

    await manager.request('PATCH', `/api/v1/departments/${casting.id}`, {
      body: { name: unique('Renamed') },
    });
    await manager.request('DELETE', `/api/v1/stations/${bench.id}`);
    await newStation(casting.id, 'Added after export');

    const response = await importing(file);
    expect(response.statusCode, response.body).toBe(200);
    const stationCount = file.reduce((sum, d) => sum + d.stations.length, 0);
    expect(response.json()).toEqual({
      success: true,
      message: `Imported ${file.length} departments with ${stationCount} stations.`,
      data: { departments: file.length, stations: stationCount },
    });
    expect(await exported()).toEqual(file);
  });

  it('accepts the file as text too, as a browser reads it', async () => {
    const file = await exported();
    const response = await importing(JSON.stringify(file), { 'content-type': 'text/plain' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await exported()).toEqual(file);
  });

  it('creates the departments and stations of the file that do not exist yet', async () => {
    const id = `DEPT${900 + counter}`;
    const file = [
      {
        id,
        name: unique('Imported Polishing'),
        iconName: 'Sparkles',
        stations: [
          { id: 'STATION900001', name: 'Wheel 1', antennaNumber: 2 },
          { id: 'STATION900002', name: 'Wheel 2', jewelerName: 'Noor' },
        ],
      },
    ];
    const response = await importing(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ departments: 1, stations: 2 });
    const read = (await operator.request('GET', `/api/v1/departments/${id}`)).json().data;
    expect(read).toMatchObject({
      id,
      iconName: 'Sparkles',
      locationId: 'LOC001',
      connectionStatus: 'disconnected',
    });
    expect(read.stations.map((s: { id: string; antennaNumber: number }) => [s.id, s.antennaNumber])).toEqual([
      ['STATION900001', 2],
      ['STATION900002', 1],
    ]);
  });

  it('lets an import swap the names of two departments', async () => {
    const a = await newDepartment();
    const b = await newDepartment();
    const file = (await exported()).filter((d) => d.id === a.id || d.id === b.id);
    const swapped = file.map((d) => ({ ...d, name: d.id === a.id ? b.name : a.name }));
    const response = await importing(swapped);
    expect(response.statusCode, response.body).toBe(200);
    expect((await operator.request('GET', `/api/v1/departments/${a.id}`)).json().data.name).toBe(b.name);
    expect((await operator.request('GET', `/api/v1/departments/${b.id}`)).json().data.name).toBe(a.name);
  });

  it('announces the full list with department:data-reset after the import', async () => {
    const file = await exported();
    const { announcements, stop } = recordAnnouncements(t);
    try {
      expect((await importing(file)).statusCode).toBe(200);
      expect(announcements).toEqual([
        { name: 'department:data-reset', payload: { departments: await exported() }, rooms: [] },
      ]);
    } finally {
      stop();
    }
  });

  describe('refusals change nothing and announce nothing', () => {
    async function expectRefused(
      body: unknown,
      status: number,
      message: string | RegExp,
      headers?: Record<string, string>,
    ) {
      await newDepartment();
      const before = await exported();
      const { announcements, stop } = recordAnnouncements(t);
      try {
        const response = await importing(body, headers);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().code).toBe(status === 400 ? 'VALIDATION_FAILED' : 'CONFLICT');
        if (typeof message === 'string') expect(response.json().message).toBe(message);
        else expect(response.json().message).toMatch(message);
        expect(announcements).toEqual([]);
      } finally {
        stop();
      }
      expect(await exported()).toEqual(before);
    }

    it.each([
      ['an object', { departments: [] }],
      ['a number', 42],
      ['null', null],
    ])('refuses %s: the import needs a list (spec §5)', async (_label, body) => {
      await expectRefused(
        body,
        400,
        'Department import needs a list of departments, like the file that Export departments makes.',
      );
    });

    it('refuses text that is not JSON', async () => {
      await expectRefused(
        '{not json',
        400,
        'The import is not valid JSON. Use the file that Export departments makes.',
        {
          'content-type': 'text/plain',
        },
      );
    });

    it('refuses the whole file when one department is invalid, naming it and the field', async () => {
      const file = await exported();
      const broken = [
        ...file.map((d) => ({ ...d, name: `${d.name} changed` })),
        { id: 'DEPARTMENT-7', name: 'Bad' },
      ];
      await expectRefused(
        broken,
        400,
        new RegExp(`^Department ${broken.length} of the file is not valid: id: `),
      );
    });

    it('refuses a department id given twice', async () => {
      const [first] = await exported();
      await expectRefused([first, first], 400, `Department ${first?.id} appears more than once in the file.`);
    });

    it('refuses two departments of the same name in the file', async () => {
      const file = await exported();
      const [a, b] = file;
      await expectRefused(
        [a, { ...b, name: a?.name.toUpperCase() }],
        400,
        `Two departments in the file are named "${a?.name.toUpperCase()}".`,
      );
    });

    it('refuses a station id given twice, and two stations of the same name in a department', async () => {
      const department = await newDepartment();
      const station = await newStation(department.id);
      const [file] = (await exported()).filter((d) => d.id === department.id);
      if (!file) throw new Error('exported department missing');
      const twice = { ...file, stations: [file.stations[0], file.stations[0]] };
      await expectRefused([twice], 400, `Station ${station.id} appears more than once in the file.`);
      const sameName = {
        ...file,
        stations: [
          ...file.stations,
          { ...file.stations[0], id: 'STATION999998', name: station.name.toUpperCase() },
        ],
      };
      await expectRefused(
        [sameName],
        400,
        `${department.name} has two stations named "${station.name.toUpperCase()}" in the file.`,
      );
    });

    it('refuses an unknown location', async () => {
      const file = (await exported()).map((d, index) => (index === 0 ? { ...d, locationId: 'LOC404' } : d));
      await expectRefused(
        file,
        400,
        `${file[0]?.name} names location LOC404, which does not exist. Create the location first.`,
      );
    });

    it('refuses a name that a department left out of the file already has', async () => {
      const kept = await newDepartment();
      const other = await newDepartment();
      const [file] = (await exported()).filter((d) => d.id === other.id);
      await expectRefused(
        [{ ...file, name: kept.name }],
        409,
        `A department named "${kept.name}" already exists (${kept.id}) and is not in the file. Rename one of them.`,
      );
    });

    it('refuses to move a station into another department', async () => {
      const from = await newDepartment();
      const to = await newDepartment();
      const station = await newStation(from.id);
      const [file] = (await exported()).filter((d) => d.id === to.id);
      await expectRefused(
        [{ ...file, stations: [{ id: station.id, name: station.name }] }],
        409,
        `Station ${station.id} belongs to ${from.name}, not ${to.name}; a station cannot move to another department.`,
      );
    });

    it('refuses to leave out a station where items stand, even when the rest of the file is fine', async () => {
      const department = await newDepartment();
      const kept = await newStation(department.id);
      const busy = await newStation(department.id, 'Busy bench');
      await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: busy.id });
      await placeTrackedOrder(t.database.db, { departmentId: department.id, stationId: busy.id });
      const file = (await exported()).map((d) =>
        d.id === department.id
          ? { ...d, description: 'changed', stations: d.stations.filter((s) => s.id === kept.id) }
          : { ...d, description: 'changed too' },
      );
      await expectRefused(
        file,
        409,
        `The file leaves out station Busy bench of ${department.name}, where 2 items stand. Move them to another station before importing.`,
      );
    });
  });

  it('lets only admins and managers export and import', async () => {
    const exportResponse = await operator.request('GET', '/api/v1/departments/export');
    expect(exportResponse.statusCode).toBe(403);
    const before = await exported();
    const importResponse = await operator.request('POST', '/api/v1/departments/import', { body: [] });
    expect(importResponse.statusCode).toBe(403);
    expect(await exported()).toEqual(before);
  });
});

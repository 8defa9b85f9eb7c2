import { describe, expect, it } from 'vitest';
import {
  addStation,
  createDepartment,
  DEFAULT_DEPARTMENT_GRADIENT,
  DEPARTMENT_ICONS,
  DEPARTMENT_REGISTRY_EVENTS,
  deleteDepartment,
  deleteStation,
  findDepartmentByName,
  guessDepartmentIcon,
  nextDepartmentId,
  parseDepartmentImport,
  type TDepartment,
  totalItems,
  updateDepartment,
  updateStation,
  ZCreateDepartmentInputSchema,
  ZDepartmentSchema,
} from './departments';
import { ZStationSchema } from './stations';

const station = (id: string, name: string, itemCount: number) =>
  ZStationSchema.parse({ id, name, itemCount });

const casting: TDepartment = ZDepartmentSchema.parse({
  id: 'DEPT001',
  name: 'Casting',
  stations: [station('STATION000001', 'Bench 1', 2), station('STATION000002', 'Bench 2', 3)],
  totalItems: 5,
});
const polishing: TDepartment = ZDepartmentSchema.parse({
  id: 'DEPT002',
  name: 'Polishing',
  iconName: 'Sparkles',
});
const departments = [casting, polishing];

describe('department registry events', () => {
  it('names the four department events of spec §4', () => {
    expect(DEPARTMENT_REGISTRY_EVENTS).toEqual([
      'department:added',
      'department:updated',
      'department:deleted',
      'department:data-reset',
    ]);
  });
});

describe('ZDepartmentSchema', () => {
  it('applies the spec §3 defaults: Hammer, LOC001, disconnected', () => {
    expect(ZDepartmentSchema.parse({ id: 'DEPT001', name: 'Casting' })).toEqual({
      id: 'DEPT001',
      name: 'Casting',
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
  });

  it('knows the four icons of spec §3', () => {
    expect(DEPARTMENT_ICONS).toEqual(['Hammer', 'Gem', 'Settings', 'Sparkles']);
  });

  it.each([
    ['an id with two digits', { id: 'DEPT01' }],
    ['an id of another kind', { id: 'DEP001' }],
    ['an unknown icon', { iconName: 'Crown' }],
    ['a blank name', { name: '' }],
    ['an unknown connection status', { connectionStatus: 'maybe' }],
  ])('rejects %s', (_label, overrides) => {
    expect(ZDepartmentSchema.safeParse({ id: 'DEPT001', name: 'Casting', ...overrides }).success).toBe(false);
  });

  it('accepts a sequence past 999', () => {
    expect(ZDepartmentSchema.safeParse({ id: 'DEPT1000', name: 'Casting' }).success).toBe(true);
  });
});

describe('nextDepartmentId', () => {
  it.each([
    [[], 'DEPT001'],
    [['DEPT001', 'DEPT002'], 'DEPT003'],
    [['DEPT009'], 'DEPT010'],
    [['DEPT001', 'DEPT005'], 'DEPT006'],
    [['DEPT005', 'DEPT001'], 'DEPT006'],
    [['DEPT099'], 'DEPT100'],
    [['DEPT999'], 'DEPT1000'],
    [['DEPT1000', 'DEPT002'], 'DEPT1001'],
    [['LOC001', 'DEPTX', 'dept004'], 'DEPT001'],
  ])('after %j comes %s', (existing, expected) => {
    expect(nextDepartmentId(existing)).toBe(expected);
  });
});

describe('guessDepartmentIcon', () => {
  it.each([
    ['Jewelry Repair', 'Gem'],
    ['Master Jeweler', 'Gem'],
    ['Stone Setting', 'Settings'],
    ['Setting', 'Settings'],
    ['Stones', 'Settings'],
    ['Polishing', 'Sparkles'],
    ['POLISH', 'Sparkles'],
    ['Casting', 'Hammer'],
    ['', 'Hammer'],
    // The order of checks decides overlaps: jewel before stone/set before polish.
    ['Jewel Setting', 'Gem'],
    ['Stone Polishing', 'Settings'],
    ['Polish Set', 'Settings'],
    ['Jewel Polish', 'Gem'],
  ])('guesses %j → %s', (name, icon) => {
    expect(guessDepartmentIcon(name)).toBe(icon);
  });
});

describe('totalItems', () => {
  it('is the sum of the station item counts', () => {
    expect(totalItems(casting)).toBe(5);
    expect(totalItems(polishing)).toBe(0);
  });
});

describe('createDepartment', () => {
  it('applies the defaults: next id, icon guessed from the name, LOC001, disconnected', () => {
    const created = createDepartment(
      ZCreateDepartmentInputSchema.parse({ name: 'Stone Setting' }),
      departments,
    );
    expect(created).toEqual({
      id: 'DEPT003',
      name: 'Stone Setting',
      description: '',
      gradient: DEFAULT_DEPARTMENT_GRADIENT,
      iconName: 'Settings',
      stations: [],
      totalItems: 0,
      locationId: 'LOC001',
      mqttTopic: null,
      machineId: null,
      connectionStatus: 'disconnected',
      lastHeartbeat: null,
    });
    expect(ZDepartmentSchema.parse(created)).toEqual(created);
  });

  it('keeps a chosen icon, gradient, location and machine', () => {
    const input = ZCreateDepartmentInputSchema.parse({
      name: '  Jewelry  ',
      iconName: 'Hammer',
      gradient: 'from-red-500 to-red-700',
      locationId: 'LOC002',
      machineId: 'MACH-9',
      mqttTopic: 'loupe/dept/9',
      description: 'Front bench',
    });
    expect(createDepartment(input, [])).toMatchObject({
      id: 'DEPT001',
      name: 'Jewelry',
      iconName: 'Hammer',
      gradient: 'from-red-500 to-red-700',
      locationId: 'LOC002',
      machineId: 'MACH-9',
      mqttTopic: 'loupe/dept/9',
      description: 'Front bench',
    });
  });
});

describe('findDepartmentByName', () => {
  it.each([
    ['Casting', 'DEPT001'],
    ['casting', 'DEPT001'],
    ['POLISHING', 'DEPT002'],
    ['Cast', undefined],
  ])('finds %j case-insensitively: %s', (name, id) => {
    expect(findDepartmentByName(departments, name)?.id).toBe(id);
  });
});

describe('updateDepartment and deleteDepartment', () => {
  it('updates a department and keeps its id and derived totalItems', () => {
    const result = updateDepartment(departments, 'DEPT002', {
      name: 'Final Polish',
      stations: casting.stations,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.department).toMatchObject({ id: 'DEPT002', name: 'Final Polish', totalItems: 5 });
    expect(result.departments.map((d) => d.name)).toEqual(['Casting', 'Final Polish']);
    expect(departments[1]?.name).toBe('Polishing');
  });

  it('fails to update an unknown department', () => {
    expect(updateDepartment(departments, 'DEPT404', { name: 'x' })).toEqual({
      ok: false,
      reason: 'department-not-found',
    });
  });

  it('deletes a department and returns it', () => {
    const result = deleteDepartment(departments, 'DEPT001');
    expect(result).toEqual({ ok: true, departments: [polishing], department: casting });
  });

  it('fails to delete an unknown department', () => {
    expect(deleteDepartment(departments, 'DEPT404')).toEqual({ ok: false, reason: 'department-not-found' });
  });
});

describe('station operations', () => {
  it('adds a station and recomputes totalItems', () => {
    const result = addStation(departments, 'DEPT002', station('STATION000009', 'Wheel', 4));
    expect(result.ok && result.department.totalItems).toBe(4);
    expect(result.ok && result.departments[1]?.stations.map((s) => s.name)).toEqual(['Wheel']);
  });

  it('updates a station and recomputes totalItems', () => {
    const result = updateStation(departments, 'DEPT001', 'STATION000002', {
      itemCount: 10,
      jewelerName: 'Ana',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.station).toMatchObject({ id: 'STATION000002', itemCount: 10, jewelerName: 'Ana' });
    expect(result.department.totalItems).toBe(12);
    expect(casting.stations[1]?.itemCount).toBe(3);
  });

  it('deletes a station, returns it and recomputes totalItems', () => {
    const result = deleteStation(departments, 'DEPT001', 'STATION000001');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.station.name).toBe('Bench 1');
    expect(result.department.stations.map((s) => s.id)).toEqual(['STATION000002']);
    expect(result.department.totalItems).toBe(3);
  });

  it.each([
    [
      'update in an unknown department',
      () => updateStation(departments, 'DEPT404', 'STATION000001', {}),
      'department-not-found',
    ],
    [
      'update an unknown station',
      () => updateStation(departments, 'DEPT001', 'STATION999999', {}),
      'station-not-found',
    ],
    [
      'delete in an unknown department',
      () => deleteStation(departments, 'DEPT404', 'STATION000001'),
      'department-not-found',
    ],
    [
      'delete an unknown station',
      () => deleteStation(departments, 'DEPT001', 'STATION999999'),
      'station-not-found',
    ],
    [
      'add to an unknown department',
      () => addStation(departments, 'DEPT404', station('STATION000009', 'W', 0)),
      'department-not-found',
    ],
  ])('fails to %s', (_label, run, reason) => {
    expect(run()).toEqual({ ok: false, reason });
  });
});

describe('parseDepartmentImport', () => {
  const exported = [
    { id: 'DEPT001', name: 'Casting', stations: [{ id: 'STATION000001', name: 'B1', itemCount: 7 }] },
  ];

  it('accepts an already-parsed list and applies defaults and totalItems', () => {
    const result = parseDepartmentImport(exported);
    expect(result).not.toBe(false);
    if (result === false) return;
    expect(result[0]).toMatchObject({
      id: 'DEPT001',
      iconName: 'Hammer',
      locationId: 'LOC001',
      totalItems: 7,
    });
  });

  it('accepts a JSON string of a list', () => {
    expect(parseDepartmentImport(JSON.stringify(exported))).toEqual(parseDepartmentImport(exported));
  });

  it('accepts an empty list', () => {
    expect(parseDepartmentImport('[]')).toEqual([]);
  });

  it.each([
    ['unparsable JSON', '[{'],
    ['a JSON object', '{"id":"DEPT001"}'],
    ['an object', { departments: exported }],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a list with an invalid department', [{ id: 'nope', name: 'x' }]],
    ['a list with a duplicate id', [exported[0], exported[0]]],
  ])('returns false for %s', (_label, data) => {
    expect(parseDepartmentImport(data)).toBe(false);
  });
});

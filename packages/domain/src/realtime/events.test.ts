import { describe, expect, expectTypeOf, it } from 'vitest';
import { ZDepartmentSchema } from '../registry/departments';
import { ZStationSchema } from '../registry/stations';
import { ZRefreshAnswerSchema, ZTestScanAnswerSchema } from './acknowledgements';
import {
  CLIENT_TO_SERVER_EVENT_SCHEMAS,
  type ClientToServerEvents,
  DESIGN_EVENT_NAMES,
  INCOMING_EVENT_NAMES,
  isClientToServerEventName,
  isServerToClientEventName,
  MATERIAL_EVENT_NAMES,
  OUTGOING_EVENT_NAMES,
  parseClientToServerEvent,
  parseRoom,
  parseServerToClientEvent,
  REALTIME_CONNECTION_STATES,
  REGISTRY_EVENT_NAMES,
  roomName,
  SAFE_COUNT_EVENT_NAMES,
  SERVER_TO_CLIENT_EVENT_SCHEMAS,
  type ServerToClientEvents,
  TRACKING_LIFECYCLE_EVENT_NAMES,
  TRANSFER_EVENT_NAMES,
  type TServerToClientEventName,
  TV_EVENT_NAMES,
  tvDisplayRoom,
  tvStationRoom,
  WORK_EVENT_NAMES,
  ZConnectionFailedSchema,
  ZRealtimeConnectionStateSchema,
  ZRoomSchema,
} from './events';

// Spec §7, written out literally so a renamed or dropped event fails here.
const SPEC_INCOMING = [
  'rfid:tag-read',
  'rfid:reader-status',
  'tracking:location-update',
  'tracking:offsite-detected',
  'tracking:returned-from-offsite',
  'workflow:assignment-created',
  'workflow:phase-completed',
  'workflow:nudge-triggered',
  'order:created',
  'order:updated',
  'order:status-changed',
  'order:moved',
  'order:tracking:started',
  'repair:created',
  'repair:updated',
  'repair:status-changed',
  'system:notification',
  'system:alert',
  'user:created',
  'user:updated',
  'user:deleted',
  'user:online-count-changed',
  'pong',
];
const SPEC_OUTGOING = ['ping', 'subscribe', 'unsubscribe', 'request:refresh', 'rfid:test-scan'];
const REGISTRY = [
  'department:added',
  'department:updated',
  'department:deleted',
  'department:data-reset',
  'station:added',
  'station:updated',
  'station:deleted',
];

const TV = ['tv:screen-changed', 'tv:display-changed'];
const TS = '2024-05-01T12:00:00.000Z';
const department = ZDepartmentSchema.parse({ id: 'DEPT001', name: 'Casting' });
const station = ZStationSchema.parse({ id: 'STATION123456', name: 'Bench 1' });
const item = { itemType: 'order', itemId: 'ord-1', number: 'SO-1001', epc: 'E2801160' };
const order = { orderId: 'ord-1', orderNumber: 'SO-1001', status: 'in-production', timestamp: TS };
const repair = { repairId: 'rep-1', repairNumber: 'R-1', status: 'received', timestamp: TS };
const user = { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima', role: 'manager' };

/** One valid sample and one malformed payload per server → client event. */
const SERVER_SAMPLES: Record<TServerToClientEventName, readonly [unknown, unknown]> = {
  'rfid:tag-read': [
    { epc: 'E2801160', readerId: 'r1', antenna: 2, timestamp: TS, rssi: -55, departmentId: 'DEPT001' },
    { epc: 'e2801160', readerId: 'r1', antenna: 2, timestamp: TS },
  ],
  'rfid:reader-status': [
    { readerId: 'r1', status: 'online', timestamp: TS },
    { readerId: 'r1', status: 'sleepy', timestamp: TS },
  ],
  'tracking:location-update': [
    {
      ...item,
      departmentId: 'DEPT001',
      departmentName: 'Casting',
      stationId: 'S1',
      stationName: 'B1',
      timestamp: TS,
    },
    {
      ...item,
      itemType: 'ring',
      departmentId: 'DEPT001',
      departmentName: 'C',
      stationId: 'S',
      stationName: 'B',
      timestamp: TS,
    },
  ],
  'tracking:offsite-detected': [
    { ...item, lastSeen: TS, detectedAt: TS, isExpectedOffsite: false },
    { ...item, lastSeen: TS, detectedAt: 'now', isExpectedOffsite: false },
  ],
  'tracking:returned-from-offsite': [
    { ...item, itemType: 'repair', returnedAt: TS },
    { ...item, returnedAt: undefined },
  ],
  'workflow:assignment-created': [
    {
      assignmentId: 'a1',
      itemType: 'order',
      itemId: 'ord-1',
      assigneeId: 'u1',
      phase: 'design',
      createdAt: TS,
    },
    { assignmentId: 'a1', itemType: 'order', itemId: 'ord-1', phase: 'design', createdAt: TS },
  ],
  'workflow:phase-completed': [
    { itemType: 'order', itemId: 'ord-1', phase: 'casting', completedBy: null, completedAt: TS },
    { itemType: 'order', itemId: '', phase: 'casting', completedBy: null, completedAt: TS },
  ],
  'workflow:nudge-triggered': [
    { nudgeId: 'n1', userId: 'u1', message: 'Order waiting', triggeredAt: TS },
    { nudgeId: 'n1', userId: 'u1', triggeredAt: TS },
  ],
  'order:created': [order, { ...order, orderId: 1 }],
  'order:updated': [order, { ...order, timestamp: 'yesterday' }],
  'order:status-changed': [
    { ...order, previousStatus: 'new' },
    { ...order, previousStatus: 3 },
  ],
  'order:moved': [
    {
      orderId: 'ord-1',
      orderNumber: 'SO-1001',
      epc: 'E2801160',
      fromDepartmentId: null,
      fromStationId: null,
      departmentId: 'DEPT001',
      departmentName: 'Casting',
      stationId: 'S1',
      stationName: 'B1',
      timestamp: TS,
    },
    { orderId: 'ord-1', orderNumber: 'SO-1001', epc: 'E2801160', timestamp: TS },
  ],
  'order:tracking:started': [
    { orderId: 'ord-1', orderNumber: 'SO-1001', epc: 'E2801160', timestamp: TS },
    { orderId: 'ord-1', orderNumber: 'SO-1001', epc: 'E28', timestamp: TS },
  ],
  'order:tracking:stopped': [
    { orderId: 'ord-1', orderNumber: 'SO-1001', epc: 'E2801160', timestamp: TS },
    { orderId: 'ord-1', orderNumber: 'SO-1001', timestamp: TS },
  ],
  'repair:tracking:started': [
    { repairId: 'rep-1', repairNumber: 'RP-1', epc: 'E2801160', timestamp: TS },
    { repairId: 'rep-1', repairNumber: 'RP-1', epc: 'E28', timestamp: TS },
  ],
  'repair:tracking:stopped': [
    { repairId: 'rep-1', repairNumber: 'RP-1', epc: 'E2801160', timestamp: TS },
    { orderId: 'rep-1', repairNumber: 'RP-1', epc: 'E2801160', timestamp: TS },
  ],
  'repair:moved': [
    {
      repairId: 'rep-1',
      repairNumber: 'RP-1',
      epc: 'E2801160',
      fromDepartmentId: 'DEPT001',
      fromStationId: 'S1',
      departmentId: 'DEPT002',
      departmentName: 'Setting',
      stationId: 'S2',
      stationName: 'B2',
      timestamp: TS,
    },
    { repairId: 'rep-1', repairNumber: 'RP-1', epc: 'E2801160', departmentId: 'DEPT002', timestamp: TS },
  ],
  'repair:created': [repair, { ...repair, repairId: undefined }],
  'repair:updated': [repair, { ...repair, status: null }],
  'repair:status-changed': [
    { ...repair, previousStatus: null },
    { ...repair, previousStatus: undefined },
  ],
  'system:notification': [
    { id: 'x1', level: 'warning', title: 'Reader offline', message: 'Reader r1 stopped', timestamp: TS },
    { id: 'x1', level: 'loud', title: 'T', message: 'M', timestamp: TS },
  ],
  'system:alert': [
    { id: 'al1', severity: 'high', title: 'Overdue', message: 'Order late', timestamp: TS },
    { id: 'al1', severity: 'apocalyptic', title: 'T', message: 'M', timestamp: TS },
  ],
  'user:created': [user, { ...user, role: 'owner' }],
  'user:updated': [user, { ...user, email: 'not-an-email' }],
  'user:deleted': [{ userId: 'u1' }, {}],
  'user:online-count-changed': [{ count: 3 }, { count: -1 }],
  pong: [{ timestamp: TS }, { timestamp: 5 }],
  'department:added': [{ department }, { department: { ...department, id: 'D1' } }],
  'department:updated': [{ department }, {}],
  'department:deleted': [{ departmentId: 'DEPT001' }, { departmentId: '' }],
  'department:data-reset': [{ departments: [department] }, { departments: department }],
  'station:added': [{ departmentId: 'DEPT001', station }, { departmentId: 'DEPT001' }],
  'station:updated': [
    { departmentId: 'DEPT001', station },
    { departmentId: 'DEPT001', station: { id: 'S' } },
  ],
  'station:deleted': [
    { departmentId: 'DEPT001', stationId: 'STATION123456' },
    { stationId: 'STATION123456' },
  ],
  'tv:screen-changed': [{ stationId: 'STATION123456', timestamp: TS }, { stationId: 'STATION123456' }],
  'tv:display-changed': [
    { displayId: 'd1', stationId: null, revoked: true },
    { displayId: 'd1', stationId: 'S1' },
  ],
  'design:request-changed': [
    {
      requestId: 'req-1',
      orderId: 'ord-1',
      orderNumber: 'SO-1001',
      status: 'approved',
      summary: 'Revision 1 approved by the customer',
      timestamp: TS,
    },
    { requestId: 'req-1', orderId: 'ord-1', status: 'approved', timestamp: TS },
  ],
  'materials:changed': [
    { itemType: 'repair', itemId: 'rep-1', timestamp: TS },
    { itemType: 'bracelet', itemId: 'rep-1', timestamp: TS },
  ],
  'safe-count:updated': [
    { countId: 'count-1', locationId: 'LOC001', status: 'running' },
    { countId: 'count-1', locationId: 'LOC001', status: 'paused' },
  ],
  'transfer:changed': [
    {
      transfer: {
        id: '00000000-0000-4000-8000-000000000001',
        number: 'TRF-00001',
        fromLocationId: 'LOC002',
        fromLocationName: 'Store',
        toLocationId: 'LOC001',
        toLocationName: 'Main Workshop',
        toLocationKind: 'workshop',
        status: 'in_transit',
        carrier: 'Courier',
        trackingNumber: '',
        bagLabel: '',
        expectedOn: '2026-11-30',
        overdue: false,
        counts: { expected: 2, received: 0, missing: 0, extra: 0 },
        createdAt: TS,
        createdBy: null,
        sentAt: TS,
        sentBy: null,
        receivedAt: null,
        receivedBy: null,
      },
    },
    { transfer: { id: 'not-a-uuid' } },
  ],
  'work:timer-changed': [
    {
      itemType: 'order',
      itemId: 'ord-1',
      phaseKey: 'bench',
      userId: 'u1',
      state: 'stopped',
      reason: 'paused',
      stationId: null,
      timestamp: TS,
    },
    { itemType: 'order', itemId: 'ord-1', userId: 'u1', state: 'running', timestamp: TS },
  ],
};

describe('realtime event names', () => {
  it('has every spec §7 incoming name, exactly', () => {
    expect([...INCOMING_EVENT_NAMES]).toEqual(SPEC_INCOMING);
  });

  it('has every spec §7 outgoing name, exactly', () => {
    expect([...OUTGOING_EVENT_NAMES]).toEqual(SPEC_OUTGOING);
    expect(Object.keys(CLIENT_TO_SERVER_EVENT_SCHEMAS).sort()).toEqual([...SPEC_OUTGOING].sort());
  });

  it('adds the registry events of spec §4', () => {
    expect([...REGISTRY_EVENT_NAMES]).toEqual(REGISTRY);
  });

  it('adds the design request event of issue 17', () => {
    expect([...DESIGN_EVENT_NAMES]).toEqual(['design:request-changed']);
  });

  it('adds the materials event of issue 37 §4', () => {
    expect([...MATERIAL_EVENT_NAMES]).toEqual(['materials:changed']);
  });

  it('adds the closing count event of issue 37 §5', () => {
    expect([...SAFE_COUNT_EVENT_NAMES]).toEqual(['safe-count:updated']);
  });

  it('adds the transfer event of issue 39', () => {
    expect([...TRANSFER_EVENT_NAMES]).toEqual(['transfer:changed']);
  });

  it('adds the station TV events, in rooms no client can subscribe to', () => {
    expect([...TV_EVENT_NAMES]).toEqual(TV);
    expect(parseRoom(tvStationRoom('STATION1'))).toBeNull();
    expect(parseRoom(tvDisplayRoom('d1'))).toBeNull();
  });

  it('adds the tracking events spec §4 names and §7 does not list', () => {
    expect([...TRACKING_LIFECYCLE_EVENT_NAMES]).toEqual([
      'order:tracking:stopped',
      'repair:tracking:started',
      'repair:tracking:stopped',
      'repair:moved',
    ]);
  });

  it('adds the work timer event of issue 37 §3, parsed with its payload schema', () => {
    expect([...WORK_EVENT_NAMES]).toEqual(['work:timer-changed']);
    const payload = {
      itemType: 'order',
      itemId: 'o1',
      phaseKey: 'bench',
      userId: 'u1',
      state: 'running',
      reason: null,
      stationId: 'STATION1',
      timestamp: '2026-11-28T10:00:00.000Z',
    };
    expect(parseServerToClientEvent('work:timer-changed', payload).ok).toBe(true);
    expect(parseServerToClientEvent('work:timer-changed', { ...payload, state: 'ticking' }).ok).toBe(false);
  });

  it('has a schema for every incoming and registry event and for nothing else', () => {
    expect(Object.keys(SERVER_TO_CLIENT_EVENT_SCHEMAS).sort()).toEqual(
      [
        ...SPEC_INCOMING,
        ...REGISTRY,
        ...TV,
        ...DESIGN_EVENT_NAMES,
        ...TRACKING_LIFECYCLE_EVENT_NAMES,
        ...MATERIAL_EVENT_NAMES,
        ...SAFE_COUNT_EVENT_NAMES,
        ...TRANSFER_EVENT_NAMES,
        ...WORK_EVENT_NAMES,
      ].sort(),
    );
  });

  it('knows the four connection states of spec §4', () => {
    expect(REALTIME_CONNECTION_STATES).toEqual(['connected', 'disconnected', 'reconnecting', 'failed']);
    expect(ZRealtimeConnectionStateSchema.safeParse('connecting').success).toBe(false);
  });

  it('carries the message and the attempt count when the connection fails (spec §8)', () => {
    expect(ZConnectionFailedSchema.parse({ message: 'gave up', attempts: 5 })).toEqual({
      message: 'gave up',
      attempts: 5,
    });
    expect(ZConnectionFailedSchema.safeParse({ message: 'gave up' }).success).toBe(false);
  });

  it.each([
    ['pong', true],
    ['department:added', true],
    ['ping', false],
    ['toString', false],
  ])('%s is a server → client event: %s', (name, expected) => {
    expect(isServerToClientEventName(name)).toBe(expected);
  });

  it.each([
    ['ping', true],
    ['rfid:test-scan', true],
    ['pong', false],
    ['constructor', false],
  ])('%s is a client → server event: %s', (name, expected) => {
    expect(isClientToServerEventName(name)).toBe(expected);
  });
});

describe('server → client payloads', () => {
  it.each(Object.entries(SERVER_SAMPLES))(
    '%s accepts a sample and rejects a malformed one',
    (name, [good, bad]) => {
      if (!isServerToClientEventName(name)) throw new Error(`unknown event ${name}`);
      expect(parseServerToClientEvent(name, good)).toEqual({ ok: true, payload: good });
      const rejected = parseServerToClientEvent(name, bad);
      expect(rejected.ok).toBe(false);
      expect(rejected.ok || rejected.message.length > 0).toBe(true);
    },
  );
});

describe('client → server payloads', () => {
  it.each([
    ['ping', { timestamp: TS }, { timestamp: 'later' }],
    ['subscribe', { room: 'department:DEPT001' }, { room: 'lobby' }],
    ['unsubscribe', { room: 'order:ord-1' }, { room: 'order:' }],
    ['request:refresh', { dataType: 'orders' }, { dataType: 'everything' }],
    [
      'rfid:test-scan',
      { readerId: 'r1', antenna: 1, epc: 'E2801160' },
      { readerId: 'r1', antenna: 0, epc: 'E2801160' },
    ],
  ] as const)('%s accepts a sample and rejects a malformed one', (name, good, bad) => {
    expect(parseClientToServerEvent(name, good)).toEqual({ ok: true, payload: good });
    expect(parseClientToServerEvent(name, bad).ok).toBe(false);
  });

  it('normalizes the EPC of a test scan', () => {
    expect(parseClientToServerEvent('rfid:test-scan', { readerId: 'r1', antenna: 1, epc: 'e2-80' })).toEqual({
      ok: true,
      payload: { readerId: 'r1', antenna: 1, epc: 'E280' },
    });
  });
});

describe('acknowledgements', () => {
  const SUMMARY = {
    accepted: 1,
    repeats: 0,
    rejected: [{ index: 2, message: 'bad EPC' }],
    ignored: 0,
    heartbeats: 0,
  };

  it.each([
    ['a test scan the pipeline took', ZTestScanAnswerSchema, { ok: true, result: SUMMARY }],
    [
      'a refused test scan',
      ZTestScanAnswerSchema,
      { ok: false, code: 'FORBIDDEN', message: 'Only admins and managers can send test scans.' },
    ],
    ['a refresh with its data', ZRefreshAnswerSchema, { ok: true, dataType: 'stats', data: { total: 3 } }],
    ['a refused refresh', ZRefreshAnswerSchema, { ok: false, code: 'FORBIDDEN', message: 'Not allowed.' }],
  ] as const)('reads %s', (_, schema, answer) => {
    expect(schema.parse(answer)).toEqual(answer);
  });

  it.each([
    ['a test scan without its summary', ZTestScanAnswerSchema, { ok: true }],
    [
      'a test scan with a negative count',
      ZTestScanAnswerSchema,
      { ok: true, result: { ...SUMMARY, repeats: -1 } },
    ],
    ['a refusal without a message', ZTestScanAnswerSchema, { ok: false }],
    ['a refresh of an unknown kind', ZRefreshAnswerSchema, { ok: true, dataType: 'everything', data: [] }],
    ['a refused refresh without a code', ZRefreshAnswerSchema, { ok: false, message: 'Not allowed.' }],
  ] as const)('rejects %s', (_, schema, answer) => {
    expect(schema.safeParse(answer).success).toBe(false);
  });
});

describe('rooms', () => {
  it.each([
    ['department:DEPT001', { kind: 'department', id: 'DEPT001' }],
    ['order:ord-1', { kind: 'order', id: 'ord-1' }],
    ['repair:42', { kind: 'repair', id: '42' }],
    ['repair:a_b', { kind: 'repair', id: 'a_b' }],
  ] as const)('parses %s', (room, expected) => {
    expect(parseRoom(room)).toEqual(expected);
    expect(roomName(expected)).toBe(room);
    expect(ZRoomSchema.safeParse(room).success).toBe(true);
  });

  it.each([
    'station:S1',
    'user:u1',
    'department:',
    'department',
    'order:a:b',
    'Order:1',
    ' order:1',
    'order:1 ',
    `order:${'x'.repeat(101)}`,
    '',
  ])('rejects %j', (room) => {
    expect(parseRoom(room)).toBeNull();
    expect(ZRoomSchema.safeParse(room).success).toBe(false);
  });
});

describe('event map types', () => {
  it('types every handler as (payload) => void for socket.io generics', () => {
    expectTypeOf<ServerToClientEvents['order:moved']>().parameter(0).toHaveProperty('stationName');
    expectTypeOf<ServerToClientEvents['pong']>().returns.toEqualTypeOf<void>();
    expectTypeOf<ClientToServerEvents['subscribe']>().parameter(0).toEqualTypeOf<{ room: string }>();
    // socket.io's EventsMap is `{ [event: string]: any }`: the maps must fit it.
    expectTypeOf<ServerToClientEvents>().toExtend<Record<string, (...args: never[]) => void>>();
    expectTypeOf<ClientToServerEvents>().toExtend<Record<string, (...args: never[]) => void>>();
  });
});

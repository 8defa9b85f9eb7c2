import { describe, expect, it } from 'vitest';
import { makeLocationHistoryEntry } from './location-history';
import {
  clientStatusFromBackend,
  parseTrackedOrdersResponse,
  toClientTrackedOrder,
  ZBackendTrackedOrderSchema,
  ZTrackedOrderSchema,
} from './tracked-order';

const history = [
  makeLocationHistoryEntry({
    department: { id: 'DEPT001', name: 'Casting', gradient: 'g' },
    station: { id: 'STATION000001', name: 'Bench 1' },
    at: new Date('2024-05-01T10:00:00Z'),
    since: null,
  }),
];

const camel = {
  orderId: 'ord-1',
  order: { orderNumber: 'SO-1001' },
  epcCode: 'E2801160',
  status: 'tracking',
  currentDepartment: { name: 'Casting' },
  currentDepartmentId: 'DEPT001',
  currentStation: { name: 'Bench 1' },
  currentStationId: 'STATION000001',
  locationHistory: history,
  lastSeenAt: '2024-05-01T10:00:00.000Z',
  expectedOffsite: true,
};

const snake = {
  order_id: 'ord-1',
  order: { orderNumber: 'SO-1001' },
  epc_code: 'E2801160',
  status: 'tracking',
  currentDepartment: { name: 'Casting' },
  currentDepartmentId: 'DEPT001',
  currentStation: { name: 'Bench 1' },
  currentStationId: 'STATION000001',
  locationHistory: history,
  last_seen_at: '2024-05-01T10:00:00.000Z',
  expected_offsite: true,
};

const client = {
  orderId: 'ord-1',
  orderNumber: 'SO-1001',
  epcCode: 'E2801160',
  status: 'active',
  currentLocation: {
    departmentId: 'DEPT001',
    departmentName: 'Casting',
    stationId: 'STATION000001',
    stationName: 'Bench 1',
    machineId: null,
    antennaNumber: null,
  },
  locationHistory: history,
  lastSeen: '2024-05-01T10:00:00.000Z',
  offsiteDetectedAt: null,
  offsiteReturnedAt: null,
  isExpectedOffsite: true,
};

describe('clientStatusFromBackend', () => {
  it.each([
    ['tracking', 'active'],
    ['offsite', 'offsite'],
    ['returned', 'returned'],
    ['completed', 'active'],
    ['', 'active'],
    ['OFFSITE', 'active'],
    ['toString', 'active'],
  ])('maps backend %j to client %j', (backend, expected) => {
    expect(clientStatusFromBackend(backend)).toBe(expected);
  });
});

describe('ZBackendTrackedOrderSchema', () => {
  it('accepts the camelCase spelling', () => {
    expect(ZBackendTrackedOrderSchema.parse(camel)).toEqual(ZBackendTrackedOrderSchema.parse(snake));
  });

  it('normalises the snake_case spelling to camelCase', () => {
    const parsed = ZBackendTrackedOrderSchema.parse(snake);
    expect(parsed).toMatchObject({
      orderId: 'ord-1',
      epcCode: 'E2801160',
      lastSeenAt: '2024-05-01T10:00:00.000Z',
      expectedOffsite: true,
    });
    expect(parsed).not.toHaveProperty('order_id');
    expect(parsed).not.toHaveProperty('epc_code');
  });

  it('prefers the camelCase field when both spellings are present', () => {
    const parsed = ZBackendTrackedOrderSchema.parse({ ...snake, orderId: 'ord-2', expectedOffsite: false });
    expect(parsed.orderId).toBe('ord-2');
    expect(parsed.expectedOffsite).toBe(false);
  });

  it('turns numeric ids into strings', () => {
    const parsed = ZBackendTrackedOrderSchema.parse({ ...camel, orderId: 42, order: { orderNumber: 1001 } });
    expect(parsed.orderId).toBe('42');
    expect(parsed.order.orderNumber).toBe('1001');
  });

  it('defaults missing optional fields', () => {
    const parsed = ZBackendTrackedOrderSchema.parse({
      orderId: 'o',
      order: { orderNumber: 'n' },
      epcCode: 'E280',
      status: 'x',
    });
    expect(parsed).toEqual({
      orderId: 'o',
      order: { orderNumber: 'n' },
      epcCode: 'E280',
      status: 'x',
      currentDepartment: null,
      currentDepartmentId: null,
      currentStation: null,
      currentStationId: null,
      locationHistory: [],
      lastSeenAt: null,
      expectedOffsite: false,
    });
  });

  it.each([
    ['without an order id', { ...camel, orderId: undefined }, 'orderId'],
    ['without an EPC', { ...camel, epcCode: undefined }, 'epcCode'],
    ['without an order number', { ...camel, order: {} }, 'order'],
    ['with a last-seen time that is not ISO', { ...camel, lastSeenAt: 'yesterday' }, 'lastSeenAt'],
  ])('rejects an order %s', (_label, value, path) => {
    const result = ZBackendTrackedOrderSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(path);
  });
});

describe('toClientTrackedOrder', () => {
  it('maps the backend shape to the client shape of spec §3', () => {
    const order = toClientTrackedOrder(ZBackendTrackedOrderSchema.parse(camel));
    expect(order).toEqual(client);
    expect(ZTrackedOrderSchema.parse(order)).toEqual(order);
  });

  it('maps the backend status through clientStatusFromBackend', () => {
    expect(
      toClientTrackedOrder(ZBackendTrackedOrderSchema.parse({ ...camel, status: 'offsite' })).status,
    ).toBe('offsite');
  });

  it('has no current location when the backend has no current department', () => {
    const order = toClientTrackedOrder(
      ZBackendTrackedOrderSchema.parse({ ...camel, currentDepartmentId: null }),
    );
    expect(order.currentLocation).toBeNull();
  });

  it('keeps a department without names or station as a partial location', () => {
    const order = toClientTrackedOrder(
      ZBackendTrackedOrderSchema.parse({
        ...camel,
        currentDepartment: null,
        currentStation: null,
        currentStationId: null,
      }),
    );
    expect(order.currentLocation).toEqual({
      departmentId: 'DEPT001',
      departmentName: '',
      stationId: null,
      stationName: null,
      machineId: null,
      antennaNumber: null,
    });
  });
});

describe('offsite times sent by Loupe’s server', () => {
  it('carries offsiteDetectedAt and offsiteReturnedAt into the client shape', () => {
    const order = toClientTrackedOrder(
      ZBackendTrackedOrderSchema.parse({
        ...camel,
        status: 'returned',
        offsiteDetectedAt: '2024-05-01T11:00:00.000Z',
        offsiteReturnedAt: '2024-05-01T12:00:00.000Z',
      }),
    );
    expect(order).toMatchObject({
      status: 'returned',
      offsiteDetectedAt: '2024-05-01T11:00:00.000Z',
      offsiteReturnedAt: '2024-05-01T12:00:00.000Z',
    });
  });

  it('treats null offsite times as absent', () => {
    const parsed = ZBackendTrackedOrderSchema.parse({
      ...camel,
      offsiteDetectedAt: null,
      offsiteReturnedAt: null,
    });
    expect(parsed).not.toHaveProperty('offsiteDetectedAt');
    expect(toClientTrackedOrder(parsed)).toEqual(client);
  });

  it('rejects an offsite time that is not ISO', () => {
    expect(ZBackendTrackedOrderSchema.safeParse({ ...camel, offsiteDetectedAt: 'noon' }).success).toBe(false);
  });
});

describe('parseTrackedOrdersResponse', () => {
  it('accepts a plain list', () => {
    expect(parseTrackedOrdersResponse([camel])).toEqual({ ok: true, orders: [client], invalid: [] });
  });

  it('accepts an object with a data list', () => {
    expect(parseTrackedOrdersResponse({ data: [snake] })).toEqual({
      ok: true,
      orders: [client],
      invalid: [],
    });
  });

  it('keeps the valid orders and reports the malformed ones by index', () => {
    const result = parseTrackedOrdersResponse([{ nonsense: true }, camel]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.orders).toEqual([client]);
    expect(result.invalid).toHaveLength(1);
    expect(result.invalid[0]?.index).toBe(0);
    expect(result.invalid[0]?.message).toContain('at order');
  });

  it.each([
    ['null', null],
    ['a string', 'orders'],
    ['an object without data', { orders: [] }],
    ['an object whose data is not a list', { data: { orderId: 'x' } }],
  ])('rejects %s as not a list', (_label, body) => {
    expect(parseTrackedOrdersResponse(body)).toEqual({ ok: false, reason: 'not-a-list' });
  });
});

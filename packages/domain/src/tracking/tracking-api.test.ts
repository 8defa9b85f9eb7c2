import { describe, expect, it } from 'vitest';
import { makeLocationHistoryEntry } from './location-history';
import { clientStatusFromBackend, parseTrackedOrdersResponse } from './tracked-order';
import {
  BACKEND_TRACKING_STATUSES,
  backendStatusFromClient,
  computeLocalTrackingStats,
  type TTrackedOrderResponse,
  ZAssignOrderEpcSchema,
  ZAssignRepairEpcSchema,
  ZExpectedOffsiteSchema,
  ZLocationUpdateResultSchema,
  ZOffsiteItemSchema,
  ZOrderLocationUpdateSchema,
  ZRepairLocationUpdateSchema,
  ZTrackedOrderResponseSchema,
  ZTrackingStatsSchema,
} from './tracking-api';
import { TRACKING_STATUSES } from './tracking-status';

const history = [
  makeLocationHistoryEntry({
    department: { id: 'DEPT002', name: 'Setting', gradient: 'from-a to-b' },
    station: { id: 'STATION000002', name: 'Bench 2' },
    at: new Date('2024-05-01T10:45:00Z'),
    since: new Date('2024-05-01T10:00:00Z'),
    epc: 'E2801160',
  }),
  makeLocationHistoryEntry({
    department: { id: 'DEPT001', name: 'Casting', gradient: 'from-c to-d' },
    station: { id: 'STATION000001', name: 'Bench 1' },
    at: new Date('2024-05-01T10:00:00Z'),
    since: null,
    epc: 'E2801160',
  }),
];

const serverOrder: TTrackedOrderResponse = {
  orderId: '3f1c2a9e-0000-4000-8000-000000000001',
  order: { orderNumber: 'ORD-00001' },
  epcCode: 'E2801160',
  status: 'tracking',
  currentDepartment: { name: 'Setting' },
  currentDepartmentId: 'DEPT002',
  currentStation: { name: 'Bench 2' },
  currentStationId: 'STATION000002',
  locationHistory: history,
  lastSeenAt: '2024-05-01T10:50:00.000Z',
  expectedOffsite: false,
  offsiteDetectedAt: null,
  offsiteReturnedAt: null,
};

describe('backendStatusFromClient', () => {
  it.each([
    ['active', 'tracking'],
    ['offsite', 'offsite'],
    ['returned', 'returned'],
  ] as const)('sends client %s as backend %s', (client, backend) => {
    expect(backendStatusFromClient(client)).toBe(backend);
  });

  it('is undone by clientStatusFromBackend for every status (spec §4)', () => {
    for (const status of TRACKING_STATUSES) {
      expect(clientStatusFromBackend(backendStatusFromClient(status))).toBe(status);
    }
    expect(BACKEND_TRACKING_STATUSES).toEqual(['tracking', 'offsite', 'returned']);
  });
});

describe('the GET /tracking/orders answer', () => {
  it('is what the web client’s parseTrackedOrdersResponse reads, offsite times included', () => {
    const answer = { success: true, data: [ZTrackedOrderResponseSchema.parse(serverOrder)] };
    const parsed = parseTrackedOrdersResponse(answer);
    expect(parsed).toEqual({
      ok: true,
      invalid: [],
      orders: [
        {
          orderId: serverOrder.orderId,
          orderNumber: 'ORD-00001',
          epcCode: 'E2801160',
          status: 'active',
          currentLocation: {
            departmentId: 'DEPT002',
            departmentName: 'Setting',
            stationId: 'STATION000002',
            stationName: 'Bench 2',
            machineId: null,
            antennaNumber: null,
          },
          locationHistory: history,
          lastSeen: '2024-05-01T10:50:00.000Z',
          offsiteDetectedAt: null,
          offsiteReturnedAt: null,
          isExpectedOffsite: false,
        },
      ],
    });
  });

  it('reads an order that has no location yet', () => {
    const unplaced = {
      ...serverOrder,
      currentDepartment: null,
      currentDepartmentId: null,
      currentStation: null,
      currentStationId: null,
      locationHistory: [],
      lastSeenAt: null,
    };
    const parsed = parseTrackedOrdersResponse({ data: [ZTrackedOrderResponseSchema.parse(unplaced)] });
    expect(parsed.ok && parsed.orders[0]?.currentLocation).toBeNull();
  });

  it('refuses a status outside the backend’s words', () => {
    expect(ZTrackedOrderResponseSchema.safeParse({ ...serverOrder, status: 'active' }).success).toBe(false);
  });
});

describe('request schemas', () => {
  it('normalizes the EPC of an update-location and leaves reader, antenna and time optional', () => {
    const parsed = ZOrderLocationUpdateSchema.parse({
      orderId: 'o1',
      epcCode: ' e2-80-11-60 ',
      departmentId: 'DEPT001',
      stationId: 'STATION000001',
    });
    expect(parsed).toEqual({
      orderId: 'o1',
      epcCode: 'E2801160',
      departmentId: 'DEPT001',
      stationId: 'STATION000001',
    });
  });

  it.each([
    ['an EPC that is not hex', { epcCode: 'XYZ1' }],
    ['an empty department', { departmentId: '' }],
    ['antenna 0', { antennaNumber: 0 }],
    ['a timestamp without offset', { timestamp: '2024-05-01T10:00:00' }],
    // Issue 20 §6: a read time outside 2000–2100 is a reader's broken clock or an attack.
    ['a timestamp in 1970', { timestamp: '1970-01-01T00:00:00Z' }],
    ['a timestamp in 2101', { timestamp: '2101-01-01T00:00:00Z' }],
  ])('refuses an update-location with %s', (_label, change) => {
    const body = {
      orderId: 'o1',
      epcCode: 'E2801160',
      departmentId: 'DEPT001',
      stationId: 'STATION000001',
      ...change,
    };
    expect(ZOrderLocationUpdateSchema.safeParse(body).success).toBe(false);
  });

  it('asks repairs for a repairId instead of an orderId', () => {
    const body = { epcCode: 'E2801160', departmentId: 'DEPT001', stationId: 'STATION000001' };
    expect(ZRepairLocationUpdateSchema.safeParse({ ...body, repairId: 'r1' }).success).toBe(true);
    expect(ZRepairLocationUpdateSchema.safeParse({ ...body, orderId: 'o1' }).success).toBe(false);
  });

  it('takes assign-epc with or without the informative number', () => {
    expect(ZAssignOrderEpcSchema.parse({ orderId: 'o1', epcCode: 'e280 1160' })).toEqual({
      orderId: 'o1',
      epcCode: 'E2801160',
    });
    expect(
      ZAssignRepairEpcSchema.parse({ repairId: 'r1', epcCode: 'E2801160', repairNumber: 'REP-00001' }),
    ).toEqual({ repairId: 'r1', epcCode: 'E2801160', repairNumber: 'REP-00001' });
  });

  it('wants a boolean for expected-offsite', () => {
    expect(ZExpectedOffsiteSchema.safeParse({ expectedOffsite: 'yes' }).success).toBe(false);
    expect(ZExpectedOffsiteSchema.parse({ expectedOffsite: true })).toEqual({ expectedOffsite: true });
  });
});

describe('answer schemas', () => {
  it('describes an update-location answer with locationChanged (spec §7)', () => {
    const answer = { locationChanged: true, outcome: 'moved', returnedFromOffsite: false };
    expect(ZLocationUpdateResultSchema.parse(answer)).toEqual(answer);
    expect(ZLocationUpdateResultSchema.safeParse({ ...answer, outcome: 'teleported' }).success).toBe(false);
  });

  it('describes an offsite row', () => {
    const row = {
      itemKind: 'repair',
      itemId: 'r1',
      number: 'REP-00001',
      customerName: 'Ada',
      epc: 'E2801160',
      lastSeen: null,
      offsiteDetectedAt: '2024-05-01T11:00:00.000Z',
      offsiteSince: '2024-05-01T11:00:00.000Z',
      isExpectedOffsite: true,
      lastDepartmentName: null,
      lastStationName: null,
    };
    expect(ZOffsiteItemSchema.parse(row)).toEqual(row);
    expect(ZOffsiteItemSchema.safeParse({ ...row, itemKind: 'design' }).success).toBe(false);
  });
});

describe('computeLocalTrackingStats', () => {
  const at = (departmentName: string) => ({
    departmentId: 'D',
    departmentName,
    stationId: null,
    stationName: null,
    machineId: null,
    antennaNumber: null,
  });

  it('counts orders by status and by department, leaving offsite and unplaced orders out of departments', () => {
    const stats = computeLocalTrackingStats([
      { status: 'active', currentLocation: at('Casting') },
      { status: 'active', currentLocation: at('Casting') },
      { status: 'returned', currentLocation: at('Setting') },
      { status: 'offsite', currentLocation: at('Setting') },
      { status: 'active', currentLocation: null },
    ]);
    expect(stats).toEqual({
      totalTracked: 5,
      activeOrders: 3,
      offsiteOrders: 1,
      returnedOrders: 1,
      activeRepairs: 0,
      offsiteRepairs: 0,
      returnedRepairs: 0,
      departmentCounts: { Casting: 2, Setting: 1 },
    });
    expect(ZTrackingStatsSchema.parse(stats)).toEqual(stats);
  });

  it('says zero for an empty list', () => {
    expect(computeLocalTrackingStats([])).toMatchObject({ totalTracked: 0, departmentCounts: {} });
  });
});

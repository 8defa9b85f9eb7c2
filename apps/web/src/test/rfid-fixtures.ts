import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import type { TBackendTrackedOrderInput } from '@loupe/domain/tracking/tracked-order';

/** An antenna of reader dock-1 mapped to Casting › Bench 1, unless `overrides` say otherwise. */
export function makeAntennaMapping(
  overrides: Partial<TAntennaMapping> & Pick<TAntennaMapping, 'antenna'>,
): TAntennaMapping {
  return {
    readerId: 'dock-1',
    departmentId: 'DEPT001',
    departmentName: 'Casting',
    stationId: 'STATION000001',
    stationName: 'Bench 1',
    isTagAssignment: false,
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The tag-assignment antenna `antenna` of `readerId`: it places nothing, so it names no station. */
export function makeTagAssignmentAntenna(readerId: string, antenna: number): TAntennaMapping {
  return makeAntennaMapping({
    readerId,
    antenna,
    isTagAssignment: true,
    departmentId: null,
    departmentName: null,
    stationId: null,
    stationName: null,
  });
}

/** A tracked order at Casting › Bench 1 as GET /tracking/orders answers it (the backend shape of spec §3). */
export function backendTrackedOrder(
  orderNumber: string,
  epc = 'E28011606000020800000001',
): TBackendTrackedOrderInput {
  return {
    orderId: `order-${orderNumber}`,
    order: { orderNumber },
    epcCode: epc,
    status: 'tracking',
    currentDepartment: { name: 'Casting' },
    currentDepartmentId: 'DEPT001',
    currentStation: { name: 'Bench 1' },
    currentStationId: 'STATION000001',
    locationHistory: [],
    lastSeenAt: '2025-06-15T11:55:00.000Z',
    expectedOffsite: false,
    offsiteDetectedAt: null,
    offsiteReturnedAt: null,
  };
}

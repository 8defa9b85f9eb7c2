import { describe, expect, it } from 'vitest';
import {
  addDays,
  closeOutcome,
  expectedOnOf,
  isFullyReceived,
  isTransferOverdue,
  naturalDestination,
  planTransferRead,
  type TJobBag,
  type TTransferReadInput,
  transferCounts,
  transferNumber,
  transitDaysBetween,
} from './transfer-rules';

const workshop = { kind: 'workshop' as const, settings: {} };
const store = (transitDays?: number) => ({
  kind: 'store' as const,
  settings: transitDays === undefined ? {} : { transitDays },
});

describe('transfer numbers and dates', () => {
  it('numbers bags TRF-00001', () => {
    expect(transferNumber(1)).toBe('TRF-00001');
    expect(transferNumber(123456)).toBe('TRF-123456');
  });

  it('takes the transit days of the store end, 1 by default', () => {
    expect(transitDaysBetween(workshop, store(3))).toBe(3);
    expect(transitDaysBetween(store(2), workshop)).toBe(2);
    expect(transitDaysBetween(store(), workshop)).toBe(1);
    expect(transitDaysBetween(store(0), workshop)).toBe(0);
    expect(transitDaysBetween(store(1), store(4))).toBe(4);
  });

  it('expects a bag on the send date plus the transit days; a vendor bag when it is due back', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(expectedOnOf({ sentOn: '2026-11-29', toKind: 'store', transitDays: 2 })).toBe('2026-12-01');
    expect(
      expectedOnOf({ sentOn: '2026-11-29', toKind: 'vendor', transitDays: 2, expectedBackOn: '2026-12-10' }),
    ).toBe('2026-12-10');
  });

  it('is overdue only on its way and after the expected day', () => {
    expect(isTransferOverdue({ status: 'in_transit', expectedOn: '2026-11-29' }, '2026-11-29')).toBe(false);
    expect(isTransferOverdue({ status: 'in_transit', expectedOn: '2026-11-29' }, '2026-11-30')).toBe(true);
    expect(isTransferOverdue({ status: 'received', expectedOn: '2026-11-29' }, '2026-11-30')).toBe(false);
    expect(isTransferOverdue({ status: 'in_transit', expectedOn: null }, '2026-11-30')).toBe(false);
  });
});

describe('counts and closing', () => {
  it('counts the manifest and the extras apart', () => {
    expect(transferCounts(['expected', 'received', 'missing', 'extra', 'received'])).toEqual({
      expected: 4,
      received: 2,
      missing: 1,
      extra: 1,
    });
  });

  it('is received when nothing is still expected; closes short with the rest missing', () => {
    expect(isFullyReceived(['received', 'extra'])).toBe(true);
    expect(isFullyReceived(['received', 'expected'])).toBe(false);
    expect(closeOutcome(['received', 'extra'])).toEqual({ status: 'received', missing: 0 });
    expect(closeOutcome(['received', 'expected', 'expected'])).toEqual({
      status: 'received_short',
      missing: 2,
    });
  });

  it('sends a store’s bag to the workshop and the workshop’s to the pickup location', () => {
    const base = { workshopLocationId: 'LOC001', pickupLocationId: 'LOC002' };
    expect(naturalDestination({ ...base, fromLocationId: 'LOC003', fromKind: 'store' })).toBe('LOC001');
    expect(naturalDestination({ ...base, fromLocationId: 'LOC001', fromKind: 'workshop' })).toBe('LOC002');
    expect(
      naturalDestination({
        ...base,
        pickupLocationId: 'LOC001',
        fromLocationId: 'LOC001',
        fromKind: 'workshop',
      }),
    ).toBeNull();
    expect(naturalDestination({ ...base, fromLocationId: 'LOC009', fromKind: 'vendor' })).toBeNull();
  });
});

describe('planTransferRead', () => {
  const read = (overrides: Partial<TTransferReadInput>): TTransferReadInput => ({
    stationRole: 'work',
    locationId: 'LOC001',
    locationKind: 'workshop',
    lastLocationId: null,
    bags: [],
    packingHere: null,
    inTransitFromLast: null,
    naturalDestination: null,
    ...overrides,
  });
  const bag = (overrides: Partial<TJobBag>): TJobBag => ({
    transferId: 'b1',
    status: 'in_transit',
    fromLocationId: 'LOC002',
    toLocationId: 'LOC001',
    toKind: 'workshop',
    state: 'expected',
    ...overrides,
  });

  it('packs at a shipping station into the bag being packed there, else a new bag', () => {
    expect(planTransferRead(read({ stationRole: 'shipping', packingHere: { transferId: 'p1' } }))).toEqual([
      { type: 'pack', transferId: 'p1' },
    ]);
    expect(planTransferRead(read({ stationRole: 'shipping', naturalDestination: 'LOC002' }))).toEqual([
      { type: 'pack-new', toLocationId: 'LOC002' },
    ]);
    expect(planTransferRead(read({ stationRole: 'shipping' }))).toEqual([]);
  });

  it('does not pack a job already in an open bag (the same read twice changes nothing)', () => {
    const packed = bag({ status: 'packing', fromLocationId: 'LOC001', toLocationId: 'LOC002' });
    expect(
      planTransferRead(read({ stationRole: 'shipping', packingHere: { transferId: 'b1' }, bags: [packed] })),
    ).toEqual([]);
  });

  it('receives a piece read at any station of its bag’s destination', () => {
    expect(planTransferRead(read({ bags: [bag({})] }))).toEqual([{ type: 'receive', transferId: 'b1' }]);
    expect(planTransferRead(read({ bags: [bag({ state: 'received' })] }))).toEqual([]);
    expect(planTransferRead(read({ locationId: 'LOC003', bags: [bag({})] }))).toEqual([]);
  });

  it('receives a vendor’s piece when it is read again at any of the workshop’s own locations', () => {
    const vendor = bag({ fromLocationId: 'LOC001', toLocationId: 'LOC009', toKind: 'vendor' });
    expect(planTransferRead(read({ locationId: 'LOC003', locationKind: 'store', bags: [vendor] }))).toEqual([
      { type: 'receive', transferId: 'b1' },
    ]);
    // Read at the vendor itself, it is still out.
    expect(planTransferRead(read({ locationId: 'LOC009', locationKind: 'vendor', bags: [vendor] }))).toEqual(
      [],
    );
  });

  it('adds an extra at a receiving station when a bag from where it was is on its way', () => {
    const input = read({
      stationRole: 'receiving',
      lastLocationId: 'LOC002',
      inTransitFromLast: { transferId: 'b2' },
    });
    expect(planTransferRead(input)).toEqual([{ type: 'extra', transferId: 'b2' }]);
    // Already in that bag as an extra, or on its manifest: nothing more.
    expect(planTransferRead({ ...input, bags: [bag({ transferId: 'b2', state: 'extra' })] })).toEqual([]);
    expect(planTransferRead({ ...input, bags: [bag({ transferId: 'b2' })] })).toEqual([
      { type: 'receive', transferId: 'b2' },
    ]);
    // No bag on its way from there: nothing.
    expect(planTransferRead({ ...input, inTransitFromLast: null })).toEqual([]);
  });
});

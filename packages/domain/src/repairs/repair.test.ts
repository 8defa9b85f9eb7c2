import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '../api/dates';
import {
  canChangeRepairStatus,
  FINISHED_REPAIR_STATUSES,
  formatRepairNumber,
  OPEN_REPAIR_STATUSES,
  REPAIR_STATUS_LABELS,
  REPAIR_STATUS_TRANSITIONS,
  REPAIR_STATUSES,
  REPAIR_TYPE_LABELS,
  REPAIR_TYPES,
  repairSearchText,
  type TRepairStatus,
  ZCreateRepairInputSchema,
  ZRepairListQuerySchema,
  ZUpdateRepairInputSchema,
} from './repair';

const CUSTOMER = '3f2b4a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('repair statuses', () => {
  it('counts as finished exactly the statuses nothing can follow, and the rest as open', () => {
    const deadEnds = REPAIR_STATUSES.filter((status) => REPAIR_STATUS_TRANSITIONS[status].length === 0);
    expect([...FINISHED_REPAIR_STATUSES].sort()).toEqual(deadEnds.sort());
    expect([...OPEN_REPAIR_STATUSES, ...FINISHED_REPAIR_STATUSES].sort()).toEqual(
      [...REPAIR_STATUSES].sort(),
    );
  });

  const ALLOWED: readonly (readonly [TRepairStatus, TRepairStatus])[] = [
    ['received', 'awaiting_approval'],
    ['received', 'in_progress'],
    ['received', 'cancelled'],
    ['awaiting_approval', 'in_progress'],
    ['awaiting_approval', 'cancelled'],
    ['in_progress', 'waiting_parts'],
    ['in_progress', 'quality_check'],
    ['in_progress', 'cancelled'],
    ['waiting_parts', 'in_progress'],
    ['waiting_parts', 'cancelled'],
    ['quality_check', 'in_progress'],
    ['quality_check', 'ready'],
    ['ready', 'quality_check'],
    ['ready', 'picked_up'],
  ];
  const pairs = REPAIR_STATUSES.flatMap((from) => REPAIR_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', (from, to) => {
    const expected = from === to || ALLOWED.some(([a, b]) => a === from && b === to);
    expect(canChangeRepairStatus(from, to)).toBe(expected);
  });

  it('keeps picked-up and cancelled repairs final, and labels every status and type', () => {
    expect(REPAIR_STATUS_TRANSITIONS.picked_up).toEqual([]);
    expect(REPAIR_STATUS_TRANSITIONS.cancelled).toEqual([]);
    expect(Object.keys(REPAIR_STATUS_LABELS).sort()).toEqual([...REPAIR_STATUSES].sort());
    expect(Object.keys(REPAIR_TYPE_LABELS).sort()).toEqual([...REPAIR_TYPES].sort());
  });
});

describe('repair numbers and search', () => {
  it('numbers repairs like orders, with their own prefix', () => {
    expect(formatRepairNumber(7)).toBe('REP-00007');
    expect(formatRepairNumber(7, 'FIX')).toBe('FIX-00007');
  });

  it('searches the number, the customer’s name and the item, lower-cased', () => {
    expect(
      repairSearchText({
        repairNumber: 'REP-00007',
        customerName: 'Lise Meitner',
        itemDescription: 'Cameo BROOCH',
      }),
    ).toBe('rep-00007 lise meitner cameo brooch');
  });
});

describe('repair input', () => {
  it('needs a customer, a described item and at least one repair type', () => {
    const parsed = ZCreateRepairInputSchema.safeParse({
      customerId: 'x',
      itemDescription: ' ',
      repairTypes: [],
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose a customer',
      'Describe the item',
      'Choose at least one repair type',
    ]);
    expect(
      ZCreateRepairInputSchema.safeParse({
        customerId: CUSTOMER,
        itemDescription: 'Ring',
        repairTypes: ['sizing'],
      }).success,
    ).toBe(true);
  });

  it('refuses a promised date outside 2000–2100, saying which dates it takes (issue 20 §6)', () => {
    const input = { customerId: CUSTOMER, itemDescription: 'Ring', repairTypes: ['sizing'] };
    for (const promisedDate of ['1999-12-31', '2101-01-01']) {
      expect(
        ZCreateRepairInputSchema.safeParse({ ...input, promisedDate }).error?.issues,
        promisedDate,
      ).toEqual([expect.objectContaining({ path: ['promisedDate'], message: DATE_RANGE_MESSAGE })]);
      expect(ZUpdateRepairInputSchema.safeParse({ promisedDate }).success, promisedDate).toBe(false);
    }
    expect(ZCreateRepairInputSchema.safeParse({ ...input, promisedDate: '2100-12-31' }).success).toBe(true);
  });

  it('refuses an unknown repair type and changes field by field', () => {
    expect(ZUpdateRepairInputSchema.safeParse({ repairTypes: ['welding'] }).success).toBe(false);
    expect(ZUpdateRepairInputSchema.parse({ status: 'ready' })).toEqual({ status: 'ready' });
  });

  it('reads list filters from the query string', () => {
    expect(ZRepairListQuerySchema.parse({ status: 'received', isRush: 'false' })).toEqual({
      status: 'received',
      isRush: false,
      sort: 'newest',
      limit: 50,
    });
    expect(ZRepairListQuerySchema.parse({ tracked: 'true', sort: 'promised' })).toMatchObject({
      tracked: true,
      sort: 'promised',
    });
    expect(ZRepairListQuerySchema.safeParse({ tracked: 'maybe' }).success).toBe(false);
  });
});

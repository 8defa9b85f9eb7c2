import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '../api/dates';
import {
  balanceCents,
  canChangeOrderStatus,
  FINISHED_ORDER_STATUSES,
  formatOrderNumber,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  orderSearchText,
  type TOrderStatus,
  ZCreateOrderInputSchema,
  ZOrderListQuerySchema,
  ZUpdateOrderInputSchema,
} from './order';

const CUSTOMER = '3f2b4a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('order statuses', () => {
  // Written out pair by pair, so a wrong table in the code cannot also make the expectation wrong.
  const ALLOWED: readonly (readonly [TOrderStatus, TOrderStatus])[] = [
    ['new', 'in_design'],
    ['new', 'in_production'],
    ['new', 'cancelled'],
    ['in_design', 'awaiting_approval'],
    ['in_design', 'in_production'],
    ['in_design', 'cancelled'],
    ['awaiting_approval', 'in_design'],
    ['awaiting_approval', 'in_production'],
    ['awaiting_approval', 'cancelled'],
    ['in_production', 'in_design'],
    ['in_production', 'quality_check'],
    ['in_production', 'cancelled'],
    ['quality_check', 'in_production'],
    ['quality_check', 'ready'],
    ['quality_check', 'cancelled'],
    ['ready', 'quality_check'],
    ['ready', 'delivered'],
  ];
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', (from, to) => {
    const expected = from === to || ALLOWED.some(([a, b]) => a === from && b === to);
    expect(canChangeOrderStatus(from, to)).toBe(expected);
  });

  it('lets finished orders stay finished', () => {
    expect(ORDER_STATUS_TRANSITIONS.delivered).toEqual([]);
    expect(ORDER_STATUS_TRANSITIONS.cancelled).toEqual([]);
    expect(OPEN_ORDER_STATUSES).not.toContain('delivered');
    expect(OPEN_ORDER_STATUSES).not.toContain('cancelled');
    expect(OPEN_ORDER_STATUSES).toHaveLength(ORDER_STATUSES.length - 2);
  });

  it('counts as finished exactly the statuses nothing can follow', () => {
    const deadEnds = ORDER_STATUSES.filter((status) => ORDER_STATUS_TRANSITIONS[status].length === 0);
    expect([...FINISHED_ORDER_STATUSES].sort()).toEqual(deadEnds.sort());
  });

  it('labels every status', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('order numbers, money and search', () => {
  it.each([
    [1, undefined, 'ORD-00001'],
    [42, 'JOB', 'JOB-00042'],
    [123456, undefined, 'ORD-123456'],
  ])('numbers sequence %i with prefix %s as %s', (sequence, prefix, number) => {
    expect(formatOrderNumber(sequence, prefix)).toBe(number);
  });

  it.each([
    [1000, 250, 750],
    [1000, 1000, 0],
    [1000, 1500, 0],
  ])('price %i less deposit %i leaves %i', (price, deposit, balance) => {
    expect(balanceCents(price, deposit)).toBe(balance);
  });

  it('searches the number, the customer’s name and the description, lower-cased', () => {
    expect(
      orderSearchText({ orderNumber: 'ORD-00042', customerName: 'Ada Lovelace', description: 'Ruby RING' }),
    ).toBe('ord-00042 ada lovelace ruby ring');
  });
});

describe('order input', () => {
  it('needs a customer and keeps the deposit at or below the price', () => {
    expect(ZCreateOrderInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Choose a customer');
    const over = ZCreateOrderInputSchema.safeParse({
      customerId: CUSTOMER,
      priceCents: 100,
      depositCents: 101,
    });
    expect(over.error?.issues).toEqual([
      expect.objectContaining({
        path: ['depositCents'],
        message: 'The deposit cannot be more than the price',
      }),
    ]);
    expect(
      ZCreateOrderInputSchema.safeParse({ customerId: CUSTOMER, priceCents: 100, depositCents: 100 }).success,
    ).toBe(true);
  });

  it('refuses a day that is not on the calendar', () => {
    expect(
      ZCreateOrderInputSchema.safeParse({ customerId: CUSTOMER, promisedDate: '2031-02-30' }).success,
    ).toBe(false);
    expect(
      ZCreateOrderInputSchema.safeParse({ customerId: CUSTOMER, promisedDate: '2031-02-28' }).success,
    ).toBe(true);
  });

  it('refuses a promised date outside 2000–2100, saying which dates it takes (issue 20 §6)', () => {
    for (const promisedDate of ['1999-12-31', '2101-01-01', '0205-06-01']) {
      const created = ZCreateOrderInputSchema.safeParse({ customerId: CUSTOMER, promisedDate });
      expect(created.error?.issues, promisedDate).toEqual([
        expect.objectContaining({ path: ['promisedDate'], message: DATE_RANGE_MESSAGE }),
      ]);
      expect(ZUpdateOrderInputSchema.safeParse({ promisedDate }).success, promisedDate).toBe(false);
    }
  });

  it('changes field by field, the deposit checked against the price only when both are given', () => {
    expect(ZUpdateOrderInputSchema.parse({ depositCents: 500 })).toEqual({ depositCents: 500 });
    expect(ZUpdateOrderInputSchema.safeParse({ priceCents: 1, depositCents: 2 }).success).toBe(false);
    expect(ZUpdateOrderInputSchema.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('reads list filters from the query string', () => {
    expect(ZOrderListQuerySchema.parse({ isRush: 'true', tracked: 'false', limit: '20' })).toEqual({
      isRush: true,
      tracked: false,
      sort: 'newest',
      limit: 20,
    });
    expect(ZOrderListQuerySchema.safeParse({ sort: 'random' }).success).toBe(false);
    expect(ZOrderListQuerySchema.safeParse({ isRush: 'yes' }).success).toBe(false);
  });
});

import type { TOrder, TOrderListItem } from '@loupe/domain/orders/order';
import { JOB_CUSTOMER, jobListItemBase, jobNumber } from '@/test/job-fixtures';

export const ORDER_ID = '22222222-2222-4222-8222-222222222222';

export function listItem(index: number, overrides: Partial<TOrderListItem> = {}): TOrderListItem {
  return {
    ...jobListItemBase(index),
    orderNumber: jobNumber('ORD', index),
    productType: null,
    metalType: null,
    design: null,
    description: `Ring ${index + 1}`,
    salesperson: null,
    designer: null,
    priceCents: 100_000,
    depositCents: 25_000,
    balanceCents: 75_000,
    status: 'new',
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<TOrder> = {}): TOrder {
  return {
    ...listItem(41),
    id: ORDER_ID,
    orderNumber: 'ORD-00042',
    customer: { ...JOB_CUSTOMER },
    description: 'Solitaire ring, size 6',
    notes: '',
    photos: [],
    ...overrides,
  };
}

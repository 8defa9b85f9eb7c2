import type { TLocation } from '@loupe/domain/registry/locations';
import type { TTransferDetail, TTransferItem } from '@loupe/domain/transfers/transfers';

/** Bags as the server sends them, for the transfers screens' tests. */
export const LOCATIONS: TLocation[] = [
  {
    id: 'LOC001',
    name: 'Main workshop',
    address: '',
    description: '',
    kind: 'workshop',
    departmentCount: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 'LOC002',
    name: 'Downtown store',
    address: '12 Main St',
    description: '',
    kind: 'store',
    departmentCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

export function makeItem(
  overrides: Partial<TTransferItem> & Pick<TTransferItem, 'itemNumber'>,
): TTransferItem {
  return {
    itemKind: 'order',
    itemId: `7a3c1f0e-1111-4222-8333-9444555566${overrides.itemNumber.slice(-2)}`,
    customerName: 'Ada Lovelace',
    description: 'Sapphire ring',
    epc: `E2801160600002${overrides.itemNumber.slice(-2)}`,
    state: 'expected',
    receivedAt: null,
    ...overrides,
  };
}

export function makeTransfer(overrides: Partial<TTransferDetail> = {}): TTransferDetail {
  const items = overrides.items ?? [
    makeItem({ itemNumber: 'ORD-00001' }),
    makeItem({ itemNumber: 'ORD-00002' }),
  ];
  const count = (state: TTransferItem['state']) => items.filter((item) => item.state === state).length;
  return {
    id: '0b8e6a52-2222-4333-8444-955566667777',
    number: 'TRF-00001',
    fromLocationId: 'LOC001',
    fromLocationName: 'Main workshop',
    toLocationId: 'LOC002',
    toLocationName: 'Downtown store',
    toLocationKind: 'store',
    status: 'in_transit',
    carrier: 'FedEx',
    trackingNumber: '7712 3456',
    bagLabel: '',
    expectedOn: '2026-12-02',
    overdue: false,
    counts: {
      expected: items.filter((item) => item.state !== 'extra').length,
      received: count('received'),
      missing: count('missing'),
      extra: count('extra'),
    },
    createdAt: '2026-11-30T09:00:00.000Z',
    createdBy: { id: 'u1', name: 'Maya Manager' },
    sentAt: '2026-11-30T10:00:00.000Z',
    sentBy: { id: 'u1', name: 'Maya Manager' },
    receivedAt: null,
    receivedBy: null,
    ...overrides,
    items,
  };
}

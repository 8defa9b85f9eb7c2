import type { TRepair, TRepairListItem } from '@loupe/domain/repairs/repair';
import { JOB_CUSTOMER, jobListItemBase, jobNumber } from '@/test/job-fixtures';

export const REPAIR_ID = '33333333-3333-4333-8333-333333333333';

export function listItem(index: number, overrides: Partial<TRepairListItem> = {}): TRepairListItem {
  return {
    ...jobListItemBase(index),
    repairNumber: jobNumber('REP', index),
    itemDescription: `Ring ${index + 1}`,
    repairTypes: ['sizing'],
    declaredValueCents: 50_000,
    estimateCents: 8_000,
    status: 'received',
    ...overrides,
  };
}

export function makeRepair(overrides: Partial<TRepair> = {}): TRepair {
  return {
    ...listItem(6),
    id: REPAIR_ID,
    repairNumber: 'REP-00007',
    customer: { ...JOB_CUSTOMER },
    itemDescription: 'White gold ring, 1 ct diamond',
    repairTypes: ['sizing', 'prong_retipping'],
    conditionNotes: 'Worn prongs',
    photos: [],
    ...overrides,
  };
}

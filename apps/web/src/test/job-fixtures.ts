import { makeJobState } from './factories';

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';

/** The customer of the order or repair a detail or form test opens. */
export const JOB_CUSTOMER = {
  id: CUSTOMER_ID,
  name: 'Ana Silva',
  phone: '+1 555 010 2030',
  email: 'ana@example.test',
} as const;

/** The number of list row `index` (from 0): 'ORD-00001' for the first order. */
export function jobNumber(prefix: string, index: number): string {
  return `${prefix}-${String(index + 1).padStart(5, '0')}`;
}

/**
 * What every order and repair list row carries besides its own fields: untagged, not rush, no promise, open
 * with nothing wrong (its state as the job read model sends it).
 */
export function jobListItemBase(index: number) {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    customer: { id: CUSTOMER_ID, name: `Customer ${index + 1}`, phone: null, email: null },
    isRush: false,
    promisedDate: null,
    tracking: null,
    state: makeJobState({ due: 'none' }),
    intakeLocationId: 'LOC001',
    pickupLocationId: 'LOC001',
    currentLocationId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

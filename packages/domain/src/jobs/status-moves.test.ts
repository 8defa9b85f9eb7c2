import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_TRANSITIONS, ORDER_STATUSES } from '../orders/order';
import { REPAIR_STATUS_TRANSITIONS } from '../repairs/repair';
import { commonNextStatuses, nextStatuses } from './status-moves';

describe('nextStatuses', () => {
  it('offers the allowed next statuses, cancelling last', () => {
    expect(nextStatuses(ORDER_STATUS_TRANSITIONS, 'new')).toEqual([
      'in_design',
      'in_production',
      'cancelled',
    ]);
    expect(nextStatuses(ORDER_STATUS_TRANSITIONS, 'quality_check')).toEqual([
      'in_production',
      'ready',
      'cancelled',
    ]);
    expect(nextStatuses(ORDER_STATUS_TRANSITIONS, 'delivered')).toEqual([]);
  });

  it('offers for repairs exactly what their transitions allow', () => {
    for (const [from, allowed] of Object.entries(REPAIR_STATUS_TRANSITIONS)) {
      expect(new Set(nextStatuses(REPAIR_STATUS_TRANSITIONS, from as never))).toEqual(new Set(allowed));
    }
  });
});

describe('commonNextStatuses', () => {
  it('offers only what every selected job may move to', () => {
    expect(commonNextStatuses(ORDER_STATUS_TRANSITIONS, ['quality_check', 'ready'])).toEqual([]);
    expect(commonNextStatuses(ORDER_STATUS_TRANSITIONS, ['new', 'in_design'])).toEqual([
      'in_production',
      'cancelled',
    ]);
    expect(commonNextStatuses(ORDER_STATUS_TRANSITIONS, [])).toEqual([]);
  });

  it('never offers a status that one of the selection cannot take', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER_STATUSES), { minLength: 1, maxLength: 6 }), (froms) => {
        for (const status of commonNextStatuses(ORDER_STATUS_TRANSITIONS, froms)) {
          for (const from of froms) expect(ORDER_STATUS_TRANSITIONS[from]).toContain(status);
        }
      }),
    );
  });
});

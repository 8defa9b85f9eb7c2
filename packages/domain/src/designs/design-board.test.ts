import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_PHASES } from '../workflow/workflow-template';
import { designBoardColumn, orderDesignStage } from './design-board';
import { DESIGN_REQUEST_STATUSES } from './design-requests';

const phases = DEFAULT_ORDER_PHASES.map(({ key }) => ({ key }));

describe('orderDesignStage', () => {
  it.each([
    { phaseKey: 'design', isComplete: false, expected: 'in-design' },
    { phaseKey: 'approval', isComplete: false, expected: 'in-design' },
    { phaseKey: 'cad', isComplete: false, expected: 'past-design' },
    { phaseKey: 'qa', isComplete: false, expected: 'past-design' },
    { phaseKey: 'ready', isComplete: true, expected: 'past-design' },
  ] as const)('an order in $phaseKey is $expected', ({ phaseKey, isComplete, expected }) => {
    expect(orderDesignStage(phases, { phaseKey, isComplete })).toBe(expected);
  });

  it('knows a phase before design, in a template that starts elsewhere', () => {
    const withIntake = [{ key: 'intake' }, ...phases];
    expect(orderDesignStage(withIntake, { phaseKey: 'intake', isComplete: false })).toBe('before-design');
  });

  it('leaves a template without design phases to the request status', () => {
    const bench = [{ key: 'bench' }, { key: 'qa' }];
    expect(orderDesignStage(bench, { phaseKey: 'qa', isComplete: false })).toBe('in-design');
  });
});

describe('designBoardColumn (issue 35 §7)', () => {
  it.each(DESIGN_REQUEST_STATUSES)(
    'keeps a %s request in its own column while the order is in design',
    (status) => {
      expect(designBoardColumn({ status, orderStatus: 'in_design', stage: 'in-design' })).toBe(status);
      expect(designBoardColumn({ status, orderStatus: 'new', stage: 'before-design' })).toBe(status);
    },
  );

  it('moves a request with its order past design: approved stays approved, the rest go to Past design', () => {
    expect(
      designBoardColumn({ status: 'approved', orderStatus: 'in_production', stage: 'past-design' }),
    ).toBe('approved');
    for (const status of ['new', 'in-progress', 'waiting-for-customer', 'changes-requested'] as const) {
      expect(designBoardColumn({ status, orderStatus: 'quality_check', stage: 'past-design' })).toBe(
        'past-design',
      );
    }
  });

  it("takes a delivered or cancelled order's request off the board", () => {
    for (const orderStatus of ['delivered', 'cancelled']) {
      expect(designBoardColumn({ status: 'approved', orderStatus, stage: 'past-design' })).toBeNull();
      expect(designBoardColumn({ status: 'new', orderStatus, stage: 'in-design' })).toBeNull();
    }
  });
});

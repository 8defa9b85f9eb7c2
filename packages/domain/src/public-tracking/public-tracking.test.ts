import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../orders/order';
import { REPAIR_STATUSES } from '../repairs/repair';
import { PUBLIC_STAGE_LABELS, publicStageOf, publicStepOf, TRACKING_TOKEN_PATTERN } from './public-tracking';

describe('publicStageOf', () => {
  it.each([
    ['order', 'new', 'received'],
    ['order', 'in_production', 'in_progress'],
    ['order', 'ready', 'ready'],
    ['order', 'delivered', 'completed'],
    ['repair', 'received', 'received'],
    ['repair', 'waiting_parts', 'waiting_parts'],
    ['repair', 'picked_up', 'completed'],
  ] as const)('shows a %s that is %s as %s', (kind, status, stage) => {
    expect(publicStageOf({ kind, status, isWithSpecialist: false } as never)).toBe(stage);
  });

  it('shows a job sent out on purpose as with a specialist while it is being worked on', () => {
    expect(publicStageOf({ kind: 'repair', status: 'in_progress', isWithSpecialist: true })).toBe(
      'with_specialist',
    );
    // Ready or collected stays what it is, wherever the piece was last seen.
    expect(publicStageOf({ kind: 'order', status: 'ready', isWithSpecialist: true })).toBe('ready');
  });

  it('gives every status of both kinds a labelled stage', () => {
    for (const status of ORDER_STATUSES) {
      expect(PUBLIC_STAGE_LABELS[publicStageOf({ kind: 'order', status, isWithSpecialist: false })]).toMatch(
        /\S/,
      );
    }
    for (const status of REPAIR_STATUSES) {
      expect(PUBLIC_STAGE_LABELS[publicStageOf({ kind: 'repair', status, isWithSpecialist: false })]).toMatch(
        /\S/,
      );
    }
  });

  it('orders the steps and leaves a cancelled job off them', () => {
    expect(publicStepOf('received')).toBeLessThan(publicStepOf('in_progress'));
    expect(publicStepOf('ready')).toBeLessThan(publicStepOf('completed'));
    expect(publicStepOf('cancelled')).toBe(-1);
  });
});

describe('TRACKING_TOKEN_PATTERN', () => {
  it('accepts URL-safe tokens of at least 128 bits and refuses anything else', () => {
    expect(TRACKING_TOKEN_PATTERN.test('A'.repeat(22))).toBe(true);
    expect(TRACKING_TOKEN_PATTERN.test('A'.repeat(21))).toBe(false);
    expect(TRACKING_TOKEN_PATTERN.test(`${'A'.repeat(30)}/..`)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../orders/order';
import { REPAIR_STATUSES } from '../repairs/repair';
import { DEFAULT_ORDER_PHASES, DEFAULT_REPAIR_PHASES } from '../workflow/workflow-template';
import {
  PHASE_STATUSES,
  phaseForStatus,
  phaseStatuses,
  statusAfterPhaseChange,
  statusForPhase,
  statusWhenWorkStarts,
} from './job-status';

const orderPhases = DEFAULT_ORDER_PHASES.map(({ key }) => ({ key }));
const repairPhases = DEFAULT_REPAIR_PHASES.map(({ key }) => ({ key }));

describe('the status each phase stands for', () => {
  it('names a status of its kind for every default phase', () => {
    for (const { key } of orderPhases) expect(ORDER_STATUSES).toContain(PHASE_STATUSES.order[key]);
    for (const { key } of repairPhases) expect(REPAIR_STATUSES).toContain(PHASE_STATUSES.repair[key]);
  });

  it('gives a phase a workshop added the status of the phase before it', () => {
    const phases = [
      { key: 'sketch' },
      { key: 'design' },
      { key: 'setting' },
      { key: 'engraving' },
      { key: 'qa' },
    ];
    expect(phaseStatuses('order', phases)).toEqual([
      'in_production',
      'in_design',
      'in_production',
      'in_production',
      'quality_check',
    ]);
  });
});

describe('statusAfterPhaseChange', () => {
  it.each([
    ['order', 'new', 'casting', 'in_production'],
    ['order', 'new', 'design', 'in_design'],
    ['order', 'in_design', 'cad', null],
    ['order', 'in_production', 'qa', 'quality_check'],
    ['order', 'quality_check', 'bench', 'in_production'],
    ['order', 'quality_check', 'ready', 'ready'],
    ['order', 'delivered', 'bench', null],
    ['order', 'cancelled', 'bench', null],
    ['order', 'new', 'no-such-phase', null],
    ['repair', 'received', 'bench', 'in_progress'],
    ['repair', 'waiting_parts', 'polishing', 'in_progress'],
    ['repair', 'picked_up', 'bench', null],
  ] as const)('moves a %s from %s into phase %s to %s', (kind, from, phase, to) => {
    const phases = kind === 'order' ? orderPhases : repairPhases;
    expect(statusAfterPhaseChange(kind, from, phases, phase)).toBe(to);
  });

  it('answers null for a phase the job does not have', () => {
    expect(statusForPhase('order', orderPhases, 'intake')).toBeNull();
  });
});

describe('phaseForStatus', () => {
  it.each([
    ['design', 'in_production', 'casting'],
    ['bench', 'in_production', null],
    ['setting', 'quality_check', 'qa'],
    ['qa', 'in_design', 'design'],
    ['bench', 'ready', 'ready'],
    ['bench', 'delivered', null],
    ['bench', 'new', null],
  ] as const)('moves an order in %s set to %s by hand to %s', (current, status, phase) => {
    expect(phaseForStatus('order', orderPhases, current, status)).toBe(phase);
  });

  it('keeps a repair waiting for parts in its phase', () => {
    expect(phaseForStatus('repair', repairPhases, 'bench', 'waiting_parts')).toBeNull();
  });
});

describe('statusWhenWorkStarts', () => {
  it('starts the work of a new job read in its current phase, and leaves a status set by hand alone', () => {
    expect(statusWhenWorkStarts('order', 'new', orderPhases, 'design')).toBe('in_design');
    expect(statusWhenWorkStarts('repair', 'received', repairPhases, 'bench')).toBe('in_progress');
    expect(statusWhenWorkStarts('repair', 'received', repairPhases, 'intake')).toBeNull();
    expect(statusWhenWorkStarts('repair', 'waiting_parts', repairPhases, 'bench')).toBeNull();
    expect(statusWhenWorkStarts('order', 'in_design', orderPhases, 'design')).toBeNull();
  });
});

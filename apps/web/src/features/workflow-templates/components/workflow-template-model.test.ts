import { describe, expect, it } from 'vitest';
import {
  movePhase,
  newPhase,
  parsePhases,
  parseRepairSteps,
  phaseKeyFor,
  type TPhaseDraft,
  toggle,
} from './workflow-template-model';

const draft = (key: string, overrides: Partial<TPhaseDraft> = {}): TPhaseDraft => ({
  key,
  name: key,
  departmentIds: [],
  targetHours: '8',
  completerRoles: [],
  needsSignOff: false,
  nudgeEveryHours: '',
  ...overrides,
});

describe('the workflow template editor model', () => {
  it('makes a unique key from a new phase name', () => {
    expect(phaseKeyFor('Stone setting', [])).toBe('stone-setting');
    expect(phaseKeyFor('Stone setting', ['stone-setting'])).toBe('stone-setting-2');
    expect(phaseKeyFor('3D print!', [])).toBe('d-print');
    expect(phaseKeyFor('', [])).toBe('phase');
    expect(newPhase([draft('new-phase')]).key).toBe('new-phase-2');
  });

  it('moves a phase up and down, and not past either end', () => {
    const phases = [draft('a'), draft('b'), draft('c')];
    expect(movePhase(phases, 2, -1).map((p) => p.key)).toEqual(['a', 'c', 'b']);
    expect(movePhase(phases, 0, -1).map((p) => p.key)).toEqual(['a', 'b', 'c']);
    expect(toggle(['x'], 'y', true)).toEqual(['x', 'y']);
    expect(toggle(['x', 'y'], 'x', false)).toEqual(['y']);
  });

  it('says under each phase what is wrong, and sends numbers', () => {
    const result = parsePhases([
      draft('a', { name: ' ' }),
      draft('b', { targetHours: 'soon' }),
      draft('c', { targetHours: '1,5' }),
    ]);
    expect(result).toEqual({
      ok: false,
      errors: {
        0: { name: 'Enter a phase name' },
        1: { targetHours: 'Between 0.25 and 2000 working hours' },
      },
      formError: null,
    });
    const ok = parsePhases([draft('c', { targetHours: '1,5', name: ' Casting ' })]);
    expect(ok).toEqual({
      ok: true,
      phases: [expect.objectContaining({ key: 'c', name: 'Casting', targetHours: 1.5 })],
    });
  });
});

describe('extra steps by repair type', () => {
  const step = {
    id: 's1',
    repairType: 'plating',
    before: 'qa',
    key: '',
    name: 'Rhodium plating',
    targetHours: '2',
  };
  it('gives a new step a key of its own and keeps an existing one', () => {
    expect(
      parseRepairSteps([step, { ...step, id: 's2', key: 'plating', name: 'Plating again' }], ['bench', 'qa']),
    ).toEqual({
      ok: true,
      steps: [
        expect.objectContaining({
          repairType: 'plating',
          before: 'qa',
          phase: expect.objectContaining({ key: 'rhodium-plating', targetHours: 2 }),
        }),
        expect.objectContaining({
          phase: expect.objectContaining({ key: 'plating', name: 'Plating again' }),
        }),
      ],
    });
  });
  it('names the step that is wrong', () => {
    expect(parseRepairSteps([{ ...step, name: '' }], ['qa'])).toEqual({
      ok: false,
      message: 'Extra step 1: enter a name',
    });
    expect(parseRepairSteps([{ ...step, before: 'gone' }], ['qa'])).toEqual({
      ok: false,
      message: 'Extra step 1: choose the phase it comes before',
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDER_PHASES,
  DEFAULT_REPAIR_PHASES,
  defaultPhases,
  nextPhaseKey,
  phaseChangeForRead,
  phasesFor,
  placeDepartment,
  withoutDepartment,
  ZWorkflowPhasesSchema,
} from './workflow-template';

const DEPARTMENTS = [
  { id: 'D-DES', name: 'Design' },
  { id: 'D-CAD', name: 'CAD' },
  { id: 'D-CAST', name: 'Casting' },
  { id: 'D-BENCH', name: 'Bench' },
  { id: 'D-SET', name: 'Stone setting' },
  { id: 'D-POL', name: 'Polishing' },
  { id: 'D-QA', name: 'QA' },
  { id: 'D-VEN', name: 'Outside vendors' },
];

const ORDER = defaultPhases(DEFAULT_ORDER_PHASES, DEPARTMENTS);

describe('default phases', () => {
  it("fill in a workshop's departments by their names, each department in one phase", () => {
    const where = Object.fromEntries(ORDER.map((phase) => [phase.key, phase.departmentIds]));
    expect(where).toEqual({
      design: ['D-DES'],
      approval: [],
      cad: ['D-CAD'],
      casting: ['D-CAST'],
      bench: ['D-BENCH'],
      setting: ['D-SET'],
      polishing: ['D-POL'],
      qa: ['D-QA'],
      ready: [],
    });
    expect(ZWorkflowPhasesSchema.safeParse(ORDER).success).toBe(true);
    expect(ZWorkflowPhasesSchema.safeParse(defaultPhases(DEFAULT_REPAIR_PHASES, DEPARTMENTS)).success).toBe(
      true,
    );
  });

  it('give a phase no more departments than a template may hold, however many names match', () => {
    const benches = Array.from({ length: 48 }, (_, index) => ({
      id: `D-B${index + 1}`,
      name: `Bench room ${index + 1}`,
    }));
    const phases = defaultPhases(DEFAULT_ORDER_PHASES, [...DEPARTMENTS, ...benches]);
    const bench = phases.find((phase) => phase.key === 'bench');
    expect(bench?.departmentIds).toEqual([
      'D-BENCH',
      ...benches.slice(0, 19).map((department) => department.id),
    ]);
    expect(ZWorkflowPhasesSchema.safeParse(phases).success).toBe(true);
  });

  it('refuse two phases with one key', () => {
    const twice = [ORDER[0], ORDER[0]];
    expect(ZWorkflowPhasesSchema.safeParse(twice).success).toBe(false);
  });
});

describe('phaseChangeForRead', () => {
  it('stays for a read in the current phase, and for a department no phase names', () => {
    expect(phaseChangeForRead(ORDER, 'bench', 'D-BENCH')).toEqual({ kind: 'none' });
    expect(phaseChangeForRead(ORDER, 'bench', 'D-VEN')).toEqual({ kind: 'none' });
  });

  it('advances to a later phase, naming the phases it skipped', () => {
    expect(phaseChangeForRead(ORDER, 'casting', 'D-BENCH')).toEqual({
      kind: 'advance',
      to: 'bench',
      skipped: [],
    });
    expect(phaseChangeForRead(ORDER, 'casting', 'D-POL')).toEqual({
      kind: 'advance',
      to: 'polishing',
      skipped: ['bench', 'setting'],
    });
    expect(phaseChangeForRead(ORDER, null, 'D-DES')).toEqual({ kind: 'advance', to: 'design', skipped: [] });
  });

  it('records a read back at an earlier phase as rework', () => {
    expect(phaseChangeForRead(ORDER, 'polishing', 'D-BENCH')).toEqual({ kind: 'rework', to: 'bench' });
  });

  it('never moves to a phase whose departments do not hold the read (property)', () => {
    const keys = ORDER.map((phase) => phase.key);
    fc.assert(
      fc.property(
        fc.constantFrom(null, ...keys),
        fc.constantFrom(...DEPARTMENTS.map((d) => d.id)),
        (current, departmentId) => {
          const change = phaseChangeForRead(ORDER, current, departmentId);
          if (change.kind === 'none') return;
          const target = ORDER.find((phase) => phase.key === change.to);
          expect(target?.departmentIds).toContain(departmentId);
          const from = current === null ? -1 : keys.indexOf(current);
          const to = keys.indexOf(change.to);
          expect(change.kind === 'advance' ? to > from : to < from).toBe(true);
        },
      ),
    );
  });
});

describe('phasesFor', () => {
  it("adds a repair type's steps before the phase they name, once", () => {
    const template = {
      phases: defaultPhases(DEFAULT_REPAIR_PHASES, DEPARTMENTS),
      repairTypeSteps: [
        {
          repairType: 'plating',
          before: 'qa',
          phase: {
            key: 'plating',
            name: 'Rhodium plating',
            departmentIds: [],
            targetHours: 2,
            completerRoles: [],
            needsSignOff: false,
          },
        },
      ],
    };
    expect(phasesFor(template, ['sizing']).map((phase) => phase.key)).not.toContain('plating');
    const keys = phasesFor(template, ['plating', 'sizing']).map((phase) => phase.key);
    expect(keys.indexOf('plating')).toBe(keys.indexOf('qa') - 1);
    expect(nextPhaseKey(phasesFor(template, ['plating']), 'polishing')).toBe('plating');
    expect(nextPhaseKey(template.phases, 'ready')).toBeNull();
  });
});

describe('templates follow the registry', () => {
  const EMPTY = defaultPhases(DEFAULT_ORDER_PHASES, []);

  it('places a department made after the template in the phase its name belongs to', () => {
    const placed = placeDepartment('order', EMPTY, { id: 'D-CAST', name: 'Casting room' });
    expect(placed?.find((phase) => phase.key === 'casting')?.departmentIds).toEqual(['D-CAST']);
    expect(placed?.filter((phase) => phase.departmentIds.length > 0)).toHaveLength(1);
    // A read there now moves a job waiting in design to casting.
    expect(phaseChangeForRead(placed ?? [], 'design', 'D-CAST')).toEqual({
      kind: 'advance',
      to: 'casting',
      skipped: ['approval', 'cad'],
    });
  });

  it('leaves a department a phase already names, or whose name no default phase holds, where it is', () => {
    expect(placeDepartment('order', ORDER, { id: 'D-CAST', name: 'Casting' })).toBeNull();
    expect(placeDepartment('order', EMPTY, { id: 'D-ENG', name: 'Engraving' })).toBeNull();
    const custom = [{ ...EMPTY[0], key: 'wax-room', name: 'Wax room' }] as typeof EMPTY;
    expect(placeDepartment('order', custom, { id: 'D-WAX', name: 'Wax' })).toBeNull();
  });

  it('uses the repair defaults for a repair template', () => {
    const repairs = defaultPhases(DEFAULT_REPAIR_PHASES, []);
    const placed = placeDepartment('repair', repairs, { id: 'D-FRONT', name: 'Front counter' });
    expect(placed?.find((phase) => phase.key === 'intake')?.departmentIds).toEqual(['D-FRONT']);
  });

  it('takes a removed department out of every phase', () => {
    const without = withoutDepartment(ORDER, 'D-QA');
    expect(without?.some((phase) => phase.departmentIds.includes('D-QA'))).toBe(false);
    expect(without?.find((phase) => phase.key === 'casting')?.departmentIds).toEqual(['D-CAST']);
    expect(withoutDepartment(ORDER, 'D-NONE')).toBeNull();
  });
});

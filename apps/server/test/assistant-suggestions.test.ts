import { makeJobState } from '@loupe/domain/jobs/job-state.fixture';
import type { TWorkflowJob, TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import type { TWorkflowPhase } from '@loupe/domain/workflow/workflow-template';
import { describe, expect, it } from 'vitest';
import { actionsFor, assigneeFor, isLeaving } from '../src/modules/assistant/suggestions.ts';

const person = (name: string, role: string, openAssignments: number): TWorkflowStaff => ({
  id: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  role,
  openAssignments,
});
const STAFF = [
  person('Amelia Hart', 'designer', 0),
  person('Jonas Berg', 'operator', 3),
  person('Marco Bellini', 'production', 5),
  person('Elena Rossi', 'qa', 2),
  person('Margaret Liu', 'manager', 0),
];
const phase = (key: string, completerRoles: string[], departmentIds: string[]): TWorkflowPhase =>
  ({ key, name: key, departmentIds, targetHours: 4, completerRoles, needsSignOff: false }) as TWorkflowPhase;
const PHASES = [
  phase('design', ['designer'], ['d-design']),
  phase('polishing', ['production', 'operator'], ['d-polishing']),
  phase('qa', ['qa'], ['d-qa']),
];
const STATIONS = [
  { departmentId: 'd-polishing', jewelerName: 'Marco Bellini' },
  { departmentId: 'd-qa', jewelerName: 'Elena Rossi' },
  { departmentId: 'd-vendors', jewelerName: null },
];

function card(overrides: Partial<TWorkflowJob> & { phaseIndex?: number } = {}): TWorkflowJob {
  const { phaseIndex = 1, ...rest } = overrides;
  return {
    kind: 'order',
    id: 'o1',
    number: 'ORD-00001',
    customerName: 'Noah Williams',
    description: 'Ring',
    productTypeName: null,
    status: 'in_production',
    isRush: false,
    promisedDate: '2026-03-20',
    salesperson: null,
    workflow: {
      phaseKey: PHASES[phaseIndex]?.key ?? 'design',
      phaseName: PHASES[phaseIndex]?.name ?? 'design',
      phaseIndex,
      phaseCount: PHASES.length,
      phaseStartedAt: '2026-03-11T10:00:00.000Z',
      hoursInPhase: 1,
      targetHours: 4,
      reworkCount: 0,
      isComplete: false,
    },
    state: makeJobState(),
    prediction: null,
    location: {
      departmentId: 'd-polishing',
      departmentName: 'Polishing',
      stationId: 's1',
      stationName: 'Polishing lathe',
      trackingStatus: 'active',
      expectedOffsite: false,
      lastSeenAt: '2026-03-11T13:00:00.000Z',
    },
    assignment: null,
    ...rest,
  };
}

describe('who a phase is offered to (issue 32 §4)', () => {
  it('offers polishing to a bench role, never to the designer with the most room', () => {
    expect(assigneeFor(PHASES[1] as TWorkflowPhase, STAFF, STATIONS)?.name).toBe('Marco Bellini');
  });

  it('prefers who works in the phase’s department, then who has the fewest assignments', () => {
    expect(assigneeFor(PHASES[1] as TWorkflowPhase, STAFF, [])?.name).toBe('Jonas Berg');
    expect(assigneeFor(PHASES[2] as TWorkflowPhase, STAFF, STATIONS)?.name).toBe('Elena Rossi');
    expect(assigneeFor(PHASES[0] as TWorkflowPhase, STAFF, STATIONS)?.name).toBe('Amelia Hart');
  });

  it('offers nobody when no one’s role completes the phase', () => {
    expect(assigneeFor(phase('engraving', ['qa'], []), STAFF.slice(0, 3), STATIONS)).toBeNull();
  });
});

describe('which one-click actions an answer offers', () => {
  const admin = { role: 'admin' as const };
  const kinds = (job: TWorkflowJob) =>
    actionsFor(admin, { card: job, phases: PHASES }, STAFF, STATIONS).map((action) => action.kind);

  it('expects offsite only a piece leaving or gone unannounced, not one at work in its phase', () => {
    expect(isLeaving({ card: card(), phases: PHASES })).toBe(false);
    const atVendors = card({
      location: { ...(card().location as NonNullable<TWorkflowJob['location']>), departmentId: 'd-vendors' },
    });
    expect(isLeaving({ card: atVendors, phases: PHASES })).toBe(true);
    const gone = card({ state: { ...card().state, isOffsite: true } });
    expect(isLeaving({ card: gone, phases: PHASES })).toBe(true);
    const expected = card({
      state: { ...card().state, isOffsite: true },
      location: { ...(card().location as NonNullable<TWorkflowJob['location']>), expectedOffsite: true },
    });
    expect(isLeaving({ card: expected, phases: PHASES })).toBe(false);
    expect(kinds(card())).toEqual(['open', 'assign']);
    expect(kinds(atVendors)).toEqual(['open', 'assign', 'expect-offsite']);
  });

  it('nudges only about work that is behind', () => {
    const assigned = card({
      assignment: { id: 'a1', assignee: { id: 'marco-bellini', name: 'Marco Bellini' }, dueAt: null },
    });
    expect(kinds(assigned)).toEqual(['open']);
    expect(kinds({ ...assigned, state: { ...assigned.state, isOverPhaseTarget: true } })).toEqual([
      'open',
      'nudge',
    ]);
  });

  it('offers nothing to do to those who may not do it', () => {
    const designer = { role: 'designer' as const };
    const atVendors = card({
      location: { ...(card().location as NonNullable<TWorkflowJob['location']>), departmentId: 'd-vendors' },
    });
    expect(
      actionsFor(designer, { card: atVendors, phases: PHASES }, STAFF, STATIONS).map((a) => a.kind),
    ).toEqual(['open']);
  });
});

import { describe, expect, it } from 'vitest';
import { makeJobState } from '../jobs/job-state.fixture';
import { COMING_NEXT_MAX, myFloor, myStationDepartments, type TFloorJob } from './my-floor';

const PHASES = [
  { key: 'casting', name: 'Casting', departmentIds: ['cast'] },
  { key: 'bench', name: 'Bench work', departmentIds: ['bench', 'bench-annex'] },
  { key: 'polishing', name: 'Polishing', departmentIds: ['polish'] },
];

const calm = makeJobState();

function job(
  number: string,
  phaseIndex: number,
  departmentId: string | null,
  extra: Partial<TFloorJob> = {},
): TFloorJob {
  return {
    number,
    promisedDate: null,
    state: calm,
    phaseIndex,
    isComplete: false,
    location: departmentId === null ? null : { departmentId, trackingStatus: 'active' },
    phases: PHASES,
    ...extra,
  };
}

describe('myStationDepartments', () => {
  it('is the departments of the phases of my steps, and none without steps', () => {
    expect([...myStationDepartments([{ phaseKey: 'bench', phases: PHASES }])]).toEqual([
      'bench',
      'bench-annex',
    ]);
    expect(myStationDepartments([]).size).toBe(0);
    expect(myStationDepartments([{ phaseKey: 'gone', phases: PHASES }]).size).toBe(0);
  });
});

describe('myFloor', () => {
  const bench = new Set(['bench', 'bench-annex']);

  it('lists what stands in my departments and what comes to them next, not what is elsewhere', () => {
    const here = job('ORD-1', 1, 'bench-annex');
    const next = job('ORD-2', 0, 'cast');
    const later = job('ORD-3', 2, 'polish');
    const offsite = job('ORD-4', 1, 'bench', {
      location: { departmentId: 'bench', trackingStatus: 'offsite' },
    });
    const done = job('ORD-5', 1, 'bench', { isComplete: true });
    const floor = myFloor([here, next, later, offsite, done], bench);
    expect(floor.atMyStations).toEqual([here]);
    expect(floor.comingNext).toEqual([{ job: next, nextPhaseName: 'Bench work' }]);
  });

  it('does not list a job coming next that is already at my stations', () => {
    const early = job('ORD-1', 0, 'bench');
    expect(myFloor([early], bench)).toEqual({ atMyStations: [early], comingNext: [] });
  });

  it('is empty for someone with no stations', () => {
    expect(myFloor([job('ORD-1', 1, 'bench'), job('ORD-2', 0, 'cast')], new Set())).toEqual({
      atMyStations: [],
      comingNext: [],
    });
  });

  it('ranks the coming jobs rush and overdue first and keeps the first few', () => {
    const jobs = Array.from({ length: COMING_NEXT_MAX + 3 }, (_, index) => job(`ORD-${10 + index}`, 0, null));
    const rush = job('ORD-99', 0, 'cast', { state: { ...calm, isRush: true } });
    const overdue = job('ORD-98', 0, 'cast', {
      state: { ...calm, isOverdue: true, daysOverdue: 2, due: 'overdue' },
    });
    const { comingNext } = myFloor([...jobs, overdue, rush], bench);
    expect(comingNext).toHaveLength(COMING_NEXT_MAX);
    expect(comingNext.map((entry) => entry.job.number).slice(0, 3)).toEqual(['ORD-99', 'ORD-98', 'ORD-10']);
  });
});

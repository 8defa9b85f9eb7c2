import { describe, expect, it } from 'vitest';
import { mainCause, rankCauses, type TStepTime } from './root-cause';

const steps: TStepTime[] = [
  { kind: 'phase', id: 'casting', name: 'Casting', hours: 30, medianHours: 20 },
  { kind: 'station', id: 'polish-1', name: 'Polishing 1', hours: 5, medianHours: 6 },
  { kind: 'offsite', id: 'setting-2', name: 'Offsite from Setting 2', hours: 40, medianHours: 16 },
];

describe('mainCause', () => {
  it('names the step that ran the most hours over its median', () => {
    // Casting +10 h, polishing −1 h, the offsite leg +24 h.
    expect(mainCause(steps)).toEqual({ ...steps[2], excessHours: 24 });
  });

  it('finds no cause when every step kept to its median', () => {
    expect(mainCause(steps.map((step) => ({ ...step, hours: step.medianHours })))).toBeNull();
  });
});

describe('rankCauses', () => {
  it('counts late jobs per cause, the most first, hours breaking ties', () => {
    const a = { kind: 'phase', id: 'a', name: 'A', hours: 0, medianHours: 0 } as const;
    const b = { kind: 'station', id: 'b', name: 'B', hours: 0, medianHours: 0 } as const;
    expect(
      rankCauses([{ ...a, excessHours: 2 }, { ...b, excessHours: 5 }, { ...a, excessHours: 3 }, null]),
    ).toEqual([
      { kind: 'phase', id: 'a', name: 'A', lateJobs: 2, excessHours: 5 },
      { kind: 'station', id: 'b', name: 'B', lateJobs: 1, excessHours: 5 },
    ]);
  });
});

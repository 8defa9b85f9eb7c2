import { describe, expect, it } from 'vitest';
import { jobUrgency } from './workflow-api';

describe('jobUrgency', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('is late past the due time, at risk within a quarter of the target, else on track', () => {
    const base = { targetHours: 8, isComplete: false };
    expect(jobUrgency({ ...base, phaseDueAt: '2026-11-26T11:59:00Z' }, now)).toBe('late');
    expect(jobUrgency({ ...base, phaseDueAt: '2026-11-26T13:59:00Z' }, now)).toBe('at-risk');
    expect(jobUrgency({ ...base, phaseDueAt: '2026-11-26T14:01:00Z' }, now)).toBe('on-track');
    expect(jobUrgency({ ...base, phaseDueAt: null }, now)).toBe('on-track');
    expect(jobUrgency({ ...base, isComplete: true, phaseDueAt: '2026-11-20T00:00:00Z' }, now)).toBe(
      'on-track',
    );
  });
});

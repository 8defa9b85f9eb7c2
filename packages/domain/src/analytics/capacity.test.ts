import { describe, expect, it } from 'vitest';
import { comingWeeks, delayByRushJob, weeklyLoad } from './capacity';

// A Thursday noon.
const NOW = new Date('2026-11-26T12:00:00Z');

describe('weeklyLoad', () => {
  it('lays remaining steps end to end and adds each to the week it starts in', () => {
    const weeks = comingWeeks('2026-11-26', 2);
    expect(weeks).toEqual(['2026-11-23', '2026-11-30']);
    const load = weeklyLoad(
      [
        {
          id: 'j1',
          dueAt: null,
          steps: [
            { stationId: 's1', departmentId: 'd1', hours: 10 }, // Thu 12:00 → week of 23 Nov
            { stationId: 's2', departmentId: 'd2', hours: 100 }, // Thu 22:00 → week of 23 Nov
            { stationId: 's3', departmentId: 'd3', hours: 5 }, // Tue 1 Dec 02:00 → week of 30 Nov
            { stationId: 's1', departmentId: 'd1', hours: 8 }, // Tue 1 Dec 07:00 → week of 30 Nov
          ],
        },
        {
          id: 'j2',
          dueAt: null,
          steps: [
            { stationId: 's4', departmentId: 'd4', hours: 400 }, // this week
            { stationId: 's5', departmentId: 'd5', hours: 2 }, // 13 Dec: beyond the two weeks
          ],
        },
      ],
      NOW,
      weeks,
    );
    expect(
      Object.fromEntries([...load].map(([station, byWeek]) => [station, Object.fromEntries(byWeek)])),
    ).toEqual({
      s1: { '2026-11-23': 10, '2026-11-30': 8 },
      s2: { '2026-11-23': 100 },
      s3: { '2026-11-30': 5 },
      s4: { '2026-11-23': 400 },
    });
  });
});

describe('weeklyLoad at the turn of a week', () => {
  it('counts a step starting at Monday 00:00 UTC to the new week and one at Sunday 23:00 to the old', () => {
    const weeks = comingWeeks('2026-11-26', 2);
    const load = weeklyLoad(
      [
        {
          id: 'j1',
          dueAt: null,
          steps: [
            { stationId: 's1', departmentId: 'd1', hours: 84 }, // Thu 12:00 → week of 23 Nov
            { stationId: 's2', departmentId: 'd2', hours: 1 }, // Mon 30 Nov 00:00 → week of 30 Nov
          ],
        },
        {
          id: 'j2',
          dueAt: null,
          steps: [
            { stationId: 's1', departmentId: 'd1', hours: 83 }, // Thu 12:00 → week of 23 Nov
            { stationId: 's3', departmentId: 'd3', hours: 1 }, // Sun 29 Nov 23:00 → week of 23 Nov
            { stationId: 's3', departmentId: 'd3', hours: 168 }, // Mon 30 Nov 00:00 → week of 30 Nov
            { stationId: 's4', departmentId: 'd4', hours: 1 }, // Mon 7 Dec 00:00 → beyond the two weeks
          ],
        },
      ],
      NOW,
      weeks,
    );
    expect(
      Object.fromEntries([...load].map(([station, byWeek]) => [station, Object.fromEntries(byWeek)])),
    ).toEqual({
      s1: { '2026-11-23': 167 },
      s2: { '2026-11-30': 1 },
      s3: { '2026-11-23': 1, '2026-11-30': 168 },
    });
  });

  it('counts steps started before the first week to the first week', () => {
    const load = weeklyLoad(
      [{ id: 'j', dueAt: null, steps: [{ stationId: 's1', departmentId: 'd1', hours: 3 }] }],
      NOW,
      ['2026-11-30', '2026-12-07'],
    );
    expect(Object.fromEntries(load.get('s1') ?? [])).toEqual({ '2026-11-30': 3 });
  });
});

describe('delayByRushJob', () => {
  it('holds up jobs at the stations they share with the rush job, stretched by how busy each is', () => {
    const predicted = new Date('2026-12-01T00:00:00Z');
    const after = delayByRushJob({
      rushSteps: [
        { stationId: 's1', departmentId: 'd1', hours: 4 },
        { stationId: 's2', departmentId: 'd2', hours: 2 },
      ],
      jobs: [
        // s1 twice counts once: 4 h of work at 40 h a week is 4 × 168 / 40 = 16.8 hours of calendar time.
        {
          id: 'j',
          predicted,
          steps: [
            { stationId: 's1', departmentId: 'd1', hours: 1 },
            { stationId: 's3', departmentId: 'd3', hours: 1 },
            { stationId: 's1', departmentId: 'd1', hours: 1 },
          ],
        },
        // s2 has no capacity on record: the rush job's 2 hours as they are.
        { id: 'k', predicted, steps: [{ stationId: 's2', departmentId: 'd2', hours: 3 }] },
        { id: 'l', predicted, steps: [{ stationId: 's3', departmentId: 'd3', hours: 3 }] },
      ],
      weeklyCapacityHours: (stationId) => (stationId === 's1' ? 40 : 0),
    });
    expect(after.get('j')?.toISOString()).toBe('2026-12-01T16:48:00.000Z');
    expect(after.get('k')?.toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(after.get('l')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStaleRead, planLocationMove, type TTrackedPosition } from './location-move';

const at = (iso: string) => new Date(iso);

const atBench = (overrides: Partial<TTrackedPosition> = {}): TTrackedPosition => ({
  status: 'active',
  departmentId: 'DEPT001',
  stationId: 'STATION000001',
  arrivedAt: at('2024-05-01T10:00:00Z'),
  lastSeen: at('2024-05-01T10:20:00Z'),
  ...overrides,
});

const read = (iso: string, departmentId = 'DEPT001', stationId = 'STATION000001') => ({
  departmentId,
  stationId,
  at: at(iso),
});

describe('planLocationMove', () => {
  it('only refreshes lastSeen at the same department and station', () => {
    expect(planLocationMove(atBench(), read('2024-05-01T10:30:00Z'))).toEqual({
      kind: 'seen',
      lastSeen: at('2024-05-01T10:30:00Z'),
      returnsFromOffsite: false,
      resumesActive: false,
    });
  });

  it('moves to another station of the same department, counting whole minutes at the previous one', () => {
    expect(planLocationMove(atBench(), read('2024-05-01T10:45:59Z', 'DEPT001', 'STATION000002'))).toEqual({
      kind: 'moved',
      arrivedAt: at('2024-05-01T10:45:59Z'),
      lastSeen: at('2024-05-01T10:45:59Z'),
      durationMinutes: 45,
      returnsFromOffsite: false,
      resumesActive: false,
    });
  });

  it('moves to a station of another department even when the station id is the same', () => {
    const plan = planLocationMove(atBench(), read('2024-05-01T10:30:00Z', 'DEPT002', 'STATION000001'));
    expect(plan.kind).toBe('moved');
  });

  it('places an item that has no location yet with a duration of 0', () => {
    const item = atBench({ departmentId: null, stationId: null, arrivedAt: null, lastSeen: null });
    expect(planLocationMove(item, read('2024-05-01T09:00:00Z'))).toEqual({
      kind: 'moved',
      arrivedAt: at('2024-05-01T09:00:00Z'),
      lastSeen: at('2024-05-01T09:00:00Z'),
      durationMinutes: 0,
      returnsFromOffsite: false,
      resumesActive: false,
    });
  });

  it('ignores a read older than the current arrival, wherever it was', () => {
    expect(planLocationMove(atBench(), read('2024-05-01T09:59:59Z'))).toEqual({ kind: 'stale' });
    expect(planLocationMove(atBench(), read('2024-05-01T09:00:00Z', 'DEPT002', 'STATION000009'))).toEqual({
      kind: 'stale',
    });
  });

  it('never moves lastSeen backwards for a read between the arrival and the last sighting', () => {
    expect(planLocationMove(atBench(), read('2024-05-01T10:10:00Z'))).toEqual({
      kind: 'seen',
      lastSeen: at('2024-05-01T10:20:00Z'),
      returnsFromOffsite: false,
      resumesActive: false,
    });
    const moved = planLocationMove(atBench(), read('2024-05-01T10:10:00Z', 'DEPT002', 'STATION000002'));
    expect(moved).toMatchObject({ kind: 'moved', lastSeen: at('2024-05-01T10:20:00Z'), durationMinutes: 10 });
  });

  it('returns an offsite item seen again, at its station or elsewhere', () => {
    const offsite = atBench({ status: 'offsite' });
    expect(planLocationMove(offsite, read('2024-05-01T11:30:00Z'))).toMatchObject({
      kind: 'seen',
      returnsFromOffsite: true,
    });
    expect(planLocationMove(offsite, read('2024-05-01T11:30:00Z', 'DEPT002', 'STATION000002'))).toMatchObject(
      {
        kind: 'moved',
        returnsFromOffsite: true,
      },
    );
  });

  it('does not return an offsite item on a late read from before its last sighting', () => {
    const offsite = atBench({ status: 'offsite' });
    expect(planLocationMove(offsite, read('2024-05-01T10:20:00Z'))).toEqual({ kind: 'stale' });
    expect(planLocationMove(offsite, read('2024-05-01T10:15:00Z', 'DEPT002', 'STATION000002'))).toEqual({
      kind: 'stale',
    });
  });

  it('tracks a returned item as active again from its next read, here or elsewhere (issue 21 §3)', () => {
    const returned = atBench({ status: 'returned' });
    expect(planLocationMove(returned, read('2024-05-01T11:00:00Z', 'DEPT002', 'S2'))).toMatchObject({
      kind: 'moved',
      returnsFromOffsite: false,
      resumesActive: true,
    });
    expect(planLocationMove(returned, read('2024-05-01T11:00:00Z'))).toMatchObject({
      kind: 'seen',
      resumesActive: true,
    });
    expect(planLocationMove(atBench(), read('2024-05-01T11:00:00Z'))).toMatchObject({ resumesActive: false });
  });

  it('never lets lastSeen go backwards and never counts a negative duration', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.boolean(),
        (arrived, seenAfter, readOffset, sameStation) => {
          const item = atBench({
            arrivedAt: new Date(arrived * 1000),
            lastSeen: new Date((arrived + seenAfter) * 1000),
          });
          const plan = planLocationMove(item, {
            departmentId: 'DEPT001',
            stationId: sameStation ? 'STATION000001' : 'STATION000002',
            at: new Date((arrived + readOffset) * 1000),
          });
          if (plan.kind === 'stale') return;
          expect(plan.lastSeen.getTime()).toBeGreaterThanOrEqual((item.lastSeen ?? new Date(0)).getTime());
          if (plan.kind === 'moved') expect(plan.durationMinutes).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('isStaleRead', () => {
  it('is false for any read of an item that has never been placed', () => {
    const item = atBench({ arrivedAt: null, lastSeen: null });
    expect(isStaleRead(item, at('1970-01-01T00:00:00Z'))).toBe(false);
  });

  it('is false for a read at exactly the arrival time of an active item', () => {
    expect(isStaleRead(atBench(), at('2024-05-01T10:00:00Z'))).toBe(false);
  });
});

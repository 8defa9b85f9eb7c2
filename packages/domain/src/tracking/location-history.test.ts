import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  locationLabel,
  makeLocationHistoryEntry,
  ZLocationHistoryEntrySchema,
} from './location-history';

const at = (iso: string) => new Date(iso);

describe('durationMinutes', () => {
  it.each([
    ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z', 0],
    ['2024-05-01T10:00:00Z', '2024-05-01T10:00:59.999Z', 0],
    ['2024-05-01T10:00:00Z', '2024-05-01T10:01:00Z', 1],
    ['2024-05-01T10:00:00Z', '2024-05-01T10:45:30Z', 45],
    ['2024-05-01T10:00:00Z', '2024-05-02T10:00:00Z', 1440],
    ['2024-05-01T10:00:00Z', '2024-05-01T09:00:00Z', 0],
  ])('counts whole minutes from %s to %s, rounding down and never negative: %i', (from, to, expected) => {
    expect(durationMinutes(at(from), at(to))).toBe(expected);
  });

  it('is 0 for an invalid date', () => {
    expect(durationMinutes(new Date(Number.NaN), at('2024-05-01T10:00:00Z'))).toBe(0);
  });

  it('is a non-negative whole number for any two times', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), fc.date({ noInvalidDate: true }), (a, b) => {
        const minutes = durationMinutes(a, b);
        expect(Number.isInteger(minutes) && minutes >= 0).toBe(true);
        expect(minutes * 60_000).toBeLessThanOrEqual(Math.max(0, b.getTime() - a.getTime()));
      }),
    );
  });
});

describe('makeLocationHistoryEntry', () => {
  const department = { id: 'DEPT002', name: 'Stone Setting', gradient: 'from-a to-b', machineId: 'M1' };
  const station = { id: 'STATION123456', name: 'Bench 2' };

  it("labels the location 'department - station'", () => {
    expect(locationLabel('Casting', 'Bench 1')).toBe('Casting - Bench 1');
  });

  it('records the arrival and the whole minutes spent at the previous location', () => {
    const entry = makeLocationHistoryEntry({
      department,
      station,
      at: at('2024-05-01T11:30:59Z'),
      since: at('2024-05-01T10:00:00Z'),
      epc: 'E2801160',
    });
    expect(entry).toEqual({
      location: 'Stone Setting - Bench 2',
      department: 'Stone Setting',
      timestamp: '2024-05-01T11:30:59.000Z',
      duration: 90,
      currentDepartment: { id: 'DEPT002', name: 'Stone Setting', gradient: 'from-a to-b' },
      currentStation: { id: 'STATION123456', name: 'Bench 2' },
      lastScanned: '2024-05-01T11:30:59.000Z',
      rfidTag: 'E2801160',
    });
    expect(ZLocationHistoryEntrySchema.parse(entry)).toEqual(entry);
  });

  it('gives duration 0 when there was no previous location, and omits rfidTag without an EPC', () => {
    const entry = makeLocationHistoryEntry({
      department,
      station,
      at: at('2024-05-01T11:00:00Z'),
      since: null,
    });
    expect(entry.duration).toBe(0);
    expect(entry).not.toHaveProperty('rfidTag');
  });

  it('rejects an entry with a fractional or negative duration', () => {
    const entry = makeLocationHistoryEntry({
      department,
      station,
      at: at('2024-05-01T11:00:00Z'),
      since: null,
    });
    expect(ZLocationHistoryEntrySchema.safeParse({ ...entry, duration: 1.5 }).success).toBe(false);
    expect(ZLocationHistoryEntrySchema.safeParse({ ...entry, duration: -1 }).success).toBe(false);
  });
});

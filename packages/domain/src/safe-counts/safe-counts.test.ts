import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles';
import type { TWorkingCalendar } from '../workflow/working-calendar';
import {
  canChooseSafe,
  canReadSafeCounts,
  canStartSafeCount,
  closingCountDue,
  countEndsAt,
  countResult,
  expectedSet,
  isRemoval,
  isWhileClosed,
  SAFE_COUNT_WINDOW_MINUTES,
  type TCountCandidate,
} from './safe-counts';

const at = (iso: string) => new Date(iso);
const LONDON: TWorkingCalendar = {
  timeZone: 'Europe/London',
  openDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:30',
  closedDates: ['2026-12-25'],
};

const job = (id: string, over: Partial<TCountCandidate> = {}): TCountCandidate => ({
  kind: 'order',
  id,
  number: id.toUpperCase(),
  status: 'in_production',
  locationId: 'LOC001',
  isOffsite: false,
  ...over,
});

describe('the count’s expected set', () => {
  it('expects the open jobs of the location that are not offsite', () => {
    const jobs = [
      job('a'),
      job('b', { locationId: 'LOC002' }),
      job('c', { isOffsite: true }),
      job('d', { status: 'delivered' }),
      job('e', { status: 'cancelled' }),
      job('f', { kind: 'repair', status: 'picked_up' }),
      job('g', { kind: 'repair', status: 'received' }),
      job('h', { locationId: null }),
      job('i', { status: 'ready' }),
    ];
    expect(expectedSet(jobs, 'LOC001').map((j) => j.id)).toEqual(['a', 'g', 'i']);
  });
});

describe('what a count found', () => {
  const startedAt = at('2026-11-30T17:30:00Z');
  const endsAt = countEndsAt(startedAt);
  const expected = [job('a'), job('b'), job('c'), job('d')];
  const read = (id: string, stationId: string, iso: string) => ({
    kind: 'order' as const,
    id,
    stationId,
    at: at(iso),
  });

  it('ends the window after the set minutes', () => {
    expect(endsAt.getTime() - startedAt.getTime()).toBe(SAFE_COUNT_WINDOW_MINUTES * 60_000);
  });

  it('counts a job whose latest read in the window is at the safe, and lists the rest as missing', () => {
    const result = countResult({
      expected,
      safeStationId: 'SAFE',
      startedAt,
      endsAt,
      reads: [
        read('a', 'SAFE', '2026-11-30T17:31:00Z'),
        // Read at the safe, then taken to the bench within the window: missing.
        read('b', 'SAFE', '2026-11-30T17:31:00Z'),
        read('b', 'BENCH', '2026-11-30T17:33:00Z'),
        // At the bench, then into the safe: counted.
        read('c', 'BENCH', '2026-11-30T17:31:00Z'),
        read('c', 'SAFE', '2026-11-30T17:32:00Z'),
        // Read at the safe before the count started only: missing.
        read('d', 'SAFE', '2026-11-30T17:20:00Z'),
        // A job nobody expected, in the safe: extra.
        read('x', 'SAFE', '2026-11-30T17:34:00Z'),
        // After the window: not counted, not extra.
        read('y', 'SAFE', '2026-11-30T17:45:00Z'),
      ],
    });
    expect(result.counted.map((j) => j.id)).toEqual(['a', 'c']);
    expect(result.missing.map((j) => j.id)).toEqual(['b', 'd']);
    expect(result.extra).toEqual([{ kind: 'order', id: 'x' }]);
  });

  it('tells an order from a repair of the same id', () => {
    const result = countResult({
      expected: [job('a', { kind: 'repair' })],
      safeStationId: 'SAFE',
      startedAt,
      endsAt,
      reads: [read('a', 'SAFE', '2026-11-30T17:31:00Z')],
    });
    expect(result.counted).toEqual([]);
    expect(result.missing.map((j) => j.id)).toEqual(['a']);
    expect(result.extra).toEqual([{ kind: 'order', id: 'a' }]);
  });

  it('finds everything missing when nothing was read', () => {
    const result = countResult({ expected, safeStationId: 'SAFE', startedAt, endsAt, reads: [] });
    expect(result.missing).toHaveLength(4);
    expect(result.counted).toEqual([]);
  });
});

describe('when the closing count is due', () => {
  it('is due on an open day once closing has passed', () => {
    expect(closingCountDue(at('2026-11-30T17:29:00Z'), LONDON)).toBeNull();
    expect(closingCountDue(at('2026-11-30T17:30:00Z'), LONDON)).toEqual({
      date: '2026-11-30',
      closesAt: at('2026-11-30T17:30:00Z'),
    });
    expect(closingCountDue(at('2026-11-30T23:59:00Z'), LONDON)?.date).toBe('2026-11-30');
  });

  it('follows the workshop’s zone (summer time)', () => {
    expect(closingCountDue(at('2026-06-01T16:30:00Z'), LONDON)?.closesAt).toEqual(at('2026-06-01T16:30:00Z'));
  });

  it('is not due on a closed day or a weekend', () => {
    expect(closingCountDue(at('2026-12-25T18:00:00Z'), LONDON)).toBeNull();
    expect(closingCountDue(at('2026-11-28T18:00:00Z'), LONDON)).toBeNull();
  });
});

describe('removals from the safe', () => {
  const base = {
    countedKeys: new Set(['order:a']),
    finishedAt: at('2026-11-30T17:40:00Z'),
    safeStationId: 'SAFE',
  };
  const move = { kind: 'order' as const, id: 'a', stationId: 'BENCH', at: at('2026-12-01T09:05:00Z') };

  it('logs a counted piece read elsewhere after the count', () => {
    expect(isRemoval({ ...base, move })).toBe(true);
  });

  it('ignores pieces not counted, reads at the safe and reads before the count finished', () => {
    expect(isRemoval({ ...base, move: { ...move, id: 'b' } })).toBe(false);
    expect(isRemoval({ ...base, move: { ...move, kind: 'repair' } })).toBe(false);
    expect(isRemoval({ ...base, move: { ...move, stationId: 'SAFE' } })).toBe(false);
    expect(isRemoval({ ...base, move: { ...move, at: at('2026-11-30T17:35:00Z') } })).toBe(false);
  });

  it('tells a removal while the workshop was closed', () => {
    expect(isWhileClosed(at('2026-12-01T09:05:00Z'), LONDON)).toBe(false);
    expect(isWhileClosed(at('2026-12-01T03:00:00Z'), LONDON)).toBe(true);
    expect(isWhileClosed(at('2026-12-05T11:00:00Z'), LONDON)).toBe(true);
  });
});

describe('who may count', () => {
  it.each(ROLES)('lets %s start and read counts only if admin or manager', (role) => {
    const allowed = role === 'admin' || role === 'manager';
    expect(canStartSafeCount({ role })).toBe(allowed);
    expect(canReadSafeCounts({ role })).toBe(allowed);
    expect(canChooseSafe({ role })).toBe(allowed);
  });

  it('denies nobody signed in', () => {
    expect(canStartSafeCount(null)).toBe(false);
  });
});

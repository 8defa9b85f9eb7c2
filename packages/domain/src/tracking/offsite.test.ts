import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFSITE_DEFAULTS } from '../settings/general-settings';
import {
  canReturnFromOffsite,
  detectOffsite,
  isOffsiteDue,
  offsiteSweepIntervalMs,
  offsiteThresholdMinutes,
  type TOffsiteCandidate,
} from './offsite';

const NOW = new Date('2024-05-01T12:00:00.000Z');
const minutesBefore = (minutes: number, ms = 0) =>
  new Date(NOW.getTime() - minutes * 60_000 - ms).toISOString();

const item = (
  overrides: Partial<TOffsiteCandidate & { id: string }> = {},
): TOffsiteCandidate & { id: string } => ({
  id: 'a',
  status: 'active',
  lastSeen: minutesBefore(31),
  isExpectedOffsite: false,
  offsiteDetectedAt: null,
  ...overrides,
});

describe('isOffsiteDue', () => {
  it.each([
    ['marks an active order offsite after offsiteTimeout', item({ lastSeen: minutesBefore(30, 1) }), true],
    ['does not mark it at exactly offsiteTimeout', item({ lastSeen: minutesBefore(30) }), false],
    ['does not mark it before offsiteTimeout', item({ lastSeen: minutesBefore(29) }), false],
    [
      'waits for expectedOffsiteGracePeriod when offsite is expected',
      item({ lastSeen: minutesBefore(45), isExpectedOffsite: true }),
      false,
    ],
    [
      'marks an expected-offsite item after expectedOffsiteGracePeriod',
      item({ lastSeen: minutesBefore(60, 1), isExpectedOffsite: true }),
      true,
    ],
    ['never marks an item without lastSeen', item({ lastSeen: null }), false],
    ['never marks an item whose lastSeen is unreadable', item({ lastSeen: 'not a date' }), false],
    [
      'never re-marks an item already offsite',
      item({ status: 'offsite', lastSeen: minutesBefore(600) }),
      false,
    ],
    ['never marks a returned item', item({ status: 'returned', lastSeen: minutesBefore(600) }), false],
    ['never marks an item last seen in the future', item({ lastSeen: minutesBefore(-120) }), false],
  ])('%s', (_label, candidate, expected) => {
    expect(isOffsiteDue(candidate, OFFSITE_DEFAULTS, NOW)).toBe(expected);
  });

  it('uses the configured thresholds, not the defaults', () => {
    const settings = { offsiteTimeout: 5, expectedOffsiteGracePeriod: 10 };
    expect(isOffsiteDue(item({ lastSeen: minutesBefore(6) }), settings, NOW)).toBe(true);
    expect(isOffsiteDue(item({ lastSeen: minutesBefore(6), isExpectedOffsite: true }), settings, NOW)).toBe(
      false,
    );
    expect(offsiteThresholdMinutes({ isExpectedOffsite: true }, settings)).toBe(10);
  });

  it('is monotonic in time: due at t means due at every later t', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 600 }),
        (seenOffset, t, later, isExpectedOffsite, offsiteTimeout, expectedOffsiteGracePeriod) => {
          const settings = { offsiteTimeout, expectedOffsiteGracePeriod };
          const candidate = item({ lastSeen: new Date(seenOffset * 1000).toISOString(), isExpectedOffsite });
          const at = new Date(t * 1000);
          const after = new Date((t + later) * 1000);
          if (isOffsiteDue(candidate, settings, at))
            expect(isOffsiteDue(candidate, settings, after)).toBe(true);
        },
      ),
    );
  });
});

describe('detectOffsite', () => {
  it('marks the due items offsite with offsiteDetectedAt = now and leaves the others', () => {
    const due = item({ id: 'due' });
    const fresh = item({ id: 'fresh', lastSeen: minutesBefore(1) });
    const result = detectOffsite([due, fresh], OFFSITE_DEFAULTS, NOW);
    const marked = { ...due, status: 'offsite', offsiteDetectedAt: NOW.toISOString() };
    expect(result.marked).toEqual([marked]);
    expect(result.items).toEqual([marked, fresh]);
    expect(result.items[1]).toBe(fresh);
  });

  it('does not mutate its input', () => {
    const due = item();
    const items = [due];
    detectOffsite(items, OFFSITE_DEFAULTS, NOW);
    expect(items).toEqual([item()]);
    expect(due.status).toBe('active');
  });

  it('keeps the original detection time of an item already offsite', () => {
    const offsite = item({
      status: 'offsite',
      offsiteDetectedAt: minutesBefore(100),
      lastSeen: minutesBefore(200),
    });
    expect(detectOffsite([offsite], OFFSITE_DEFAULTS, NOW)).toEqual({ items: [offsite], marked: [] });
  });
});

describe('offsiteSweepIntervalMs', () => {
  it('runs every offsiteCheckInterval minutes when auto detection is on', () => {
    expect(offsiteSweepIntervalMs(OFFSITE_DEFAULTS)).toBe(5 * 60_000);
  });

  it('does not run when auto detection is off', () => {
    expect(offsiteSweepIntervalMs({ ...OFFSITE_DEFAULTS, autoOffsiteDetection: false })).toBeNull();
  });
});

describe('canReturnFromOffsite', () => {
  it.each([
    ['offsite', true],
    ['active', false],
    ['returned', false],
  ] as const)('allows the return of a %s item: %s', (status, expected) => {
    expect(canReturnFromOffsite({ status })).toBe(expected);
  });
});

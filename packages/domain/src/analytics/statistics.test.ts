import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketBounds,
  changeOf,
  daysLate,
  durationStats,
  isOnTime,
  minutesBucket,
  percentile,
  percentileFromBuckets,
  percentileOfCounts,
  previousPeriod,
  rate,
  weekStartOf,
  weeksBetween,
} from './statistics';

describe('percentile', () => {
  it('interpolates between the closest ranks as percentile_cont does', () => {
    // [1,2,3,4]: rank 0.5 × 3 = 1.5, halfway between 2 and 3.
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2.5);
    // [1..10]: rank 0.9 × 9 = 8.1, 9 + 0.1 × (10 − 9).
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1, 10);
    // [10..50]: rank 0.25 × 4 = 1, exactly the second value.
    expect(percentile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('lies between the smallest and the largest value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, p) => {
          const value = percentile(values, p) as number;
          return value >= Math.min(...values) - 1e-9 && value <= Math.max(...values) + 1e-9;
        },
      ),
    );
  });

  it('refuses a quantile outside 0–1', () => {
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
  });
});

describe('durationStats', () => {
  it('gives count, average, median and p90', () => {
    // [1,2,3,10]: average 16/4 = 4; median (2+3)/2; p90 rank 2.7 → 3 + 0.7 × 7 = 7.9.
    expect(durationStats([10, 1, 3, 2])).toEqual({ count: 4, average: 4, median: 2.5, p90: 7.9 });
    expect(durationStats([])).toEqual({ count: 0, average: null, median: null, p90: null });
  });
});

describe('on time', () => {
  it('counts days late by the workshop-local day of delivery', () => {
    const lateEvening = new Date('2026-03-10T23:30:00Z');
    expect(daysLate('2026-03-10', lateEvening, 'UTC')).toBe(0);
    // Berlin is UTC+1 in early March: half past midnight on the 11th there.
    expect(daysLate('2026-03-10', lateEvening, 'Europe/Berlin')).toBe(1);
    expect(daysLate('2026-03-12', lateEvening, 'UTC')).toBe(-2);
  });

  it('is on time on the promised day or before', () => {
    expect([-3, 0, 1].map(isOnTime)).toEqual([true, true, false]);
  });

  it('gives a rate only when there is something to divide by', () => {
    expect(rate(3, 4)).toBe(0.75);
    expect(rate(1, 3)).toBe(0.3333);
    expect(rate(0, 0)).toBeNull();
  });
});

describe('weeks and periods', () => {
  it('starts weeks on Monday', () => {
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weeksBetween('2026-11-26', '2026-12-08')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
  });

  it('compares a period with the one of the same length before it', () => {
    // March has 31 days: the 31 before it run from 29 January to 28 February.
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });

  it('gives the change and the change relative to side B', () => {
    expect(changeOf(0.8, 0.5)).toEqual({ change: 0.3, changeRatio: 0.6 });
    expect(changeOf(3, 0)).toEqual({ change: 3, changeRatio: null });
    expect(changeOf(null, 2)).toEqual({ change: null, changeRatio: null });
  });
});

describe('duration buckets', () => {
  it('counts minutes in quarter octaves', () => {
    expect([0, 1, 3, 15, 60].map(minutesBucket)).toEqual([0, 4, 8, 16, 23]); // log2(61) = 5.93 → 23
    expect(bucketBounds(8).lower).toBe(3);
    expect(bucketBounds(8).upper).toBeCloseTo(3.7568, 4); // 2^(9/4) − 1
  });

  it('places a percentile inside the bucket that holds its rank', () => {
    // Two visits in bucket 8: rank 0.5 sits half-way through it, 3 + 0.7568 / 2.
    expect(percentileFromBuckets([{ bucket: 8, count: 2 }], 0.5)).toBeCloseTo(3.3784, 4);
    // Nine near-zero visits and one of ~15 minutes: p90's rank 8.1 is still in bucket 0, p100 in bucket 16.
    const buckets = [
      { bucket: 16, count: 1 },
      { bucket: 0, count: 9 },
    ];
    expect(percentileFromBuckets(buckets, 0.9)).toBeCloseTo(0.1892 * (8.6 / 9), 4);
    expect(percentileFromBuckets(buckets, 1)).toBeCloseTo(15 + 3.0273 / 2, 3);
    expect(percentileFromBuckets([], 0.5)).toBeNull();
  });
});

describe('percentiles of counted values', () => {
  it('equals percentile_cont over the values written out', () => {
    // 120, 120, 180, 3,000: the bench phase of the analytics test; p90 = 180 + 0.7 × 2,820.
    const counts = [
      { value: 3000, count: 1 },
      { value: 120, count: 2 },
      { value: 180, count: 1 },
    ];
    expect(percentileOfCounts(counts, 0.5)).toBe(150);
    expect(percentileOfCounts(counts, 0.9)).toBeCloseTo(2154, 6);
    expect(percentileOfCounts(counts, 0)).toBe(120);
    expect(percentileOfCounts(counts, 1)).toBe(3000);
    expect(percentileOfCounts([{ value: 7, count: 0 }], 0.5)).toBeNull();
  });

  it('gives what percentile gives for any list of whole minutes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, p) => {
          const counts = new Map<number, number>();
          for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
          const fromCounts = percentileOfCounts(
            [...counts].map(([value, count]) => ({ value, count })),
            p,
          );
          expect(fromCounts).toBeCloseTo(percentile(values, p) as number, 9);
        },
      ),
    );
  });
});

import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';
import { describe, expect, it } from 'vitest';
import { createDedupe, type TDedupe } from './dedupe.ts';

const read = (overrides: Partial<TTagReadEvent> & { at: number }): TTagReadEvent => ({
  epc: 'E2801160',
  readerId: 'bench-1',
  readerName: null,
  antenna: 1,
  rssi: null,
  location: null,
  ...overrides,
  timestamp: new Date(Date.UTC(2026, 10, 21, 10, 0, 0) + overrides.at).toISOString(),
});

/** Each read in a batch of its own that commits, as when every payload is recorded. */
function judgeCommitted(dedupe: TDedupe, reads: readonly TTagReadEvent[]): string[] {
  return reads.map((each) => {
    const batch = dedupe.begin();
    const verdict = batch.judge(each);
    batch.commit();
    return verdict.kind;
  });
}

const at = (...times: number[]) => times.map((time) => read({ at: time }));

describe('createDedupe', () => {
  it('passes the first read and marks repeats inside the window', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect(judgeCommitted(dedupe, at(0, 100, 900))).toEqual(['fresh', 'repeat', 'repeat']);
  });

  it('slides the window: a tag that stays in the field stays a repeat; one that left comes back fresh', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect(judgeCommitted(dedupe, at(0, 800, 1600, 2400))).toEqual(['fresh', 'repeat', 'repeat', 'repeat']);
    expect(judgeCommitted(dedupe, at(3401))).toEqual(['fresh']);
  });

  it('keeps tags, readers and antennas apart', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect(
      judgeCommitted(dedupe, [
        read({ at: 0 }),
        read({ at: 1, epc: 'E2801161' }),
        read({ at: 2, antenna: 2 }),
        read({ at: 3, readerId: 'qa-1' }),
        read({ at: 4 }),
      ]),
    ).toEqual(['fresh', 'fresh', 'fresh', 'fresh', 'repeat']);
  });

  it('does not let an out-of-order older read restart the window', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect(judgeCommitted(dedupe, at(5000, 4500, 5900))).toEqual(['fresh', 'repeat', 'repeat']);
  });

  it('tells the very fresh read delivered again from a repeat, and says which fresh read a repeat is of', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    const batch = dedupe.begin();
    const fresh = read({ at: 0 });
    expect(batch.judge(fresh)).toEqual({ kind: 'fresh' });
    expect(batch.judge(read({ at: 300 }))).toEqual({ kind: 'repeat', freshAt: Date.parse(fresh.timestamp) });
    expect(batch.judge(fresh)).toEqual({ kind: 'redelivery', freshAt: Date.parse(fresh.timestamp) });
  });

  // Issue 34 §1: a batch that failed was taken as seen, and its redelivery dropped as already recorded.
  it('remembers only what committed: the reads of a batch that failed are fresh when they come again', () => {
    const dedupe = createDedupe({ windowMs: 5000 });
    const failed = dedupe.begin();
    expect(failed.judge(read({ at: 0 })).kind).toBe('fresh');
    expect(failed.judge(read({ at: 12_000 })).kind).toBe('fresh');
    // Never committed: the reader's redelivery of both reads is judged as if they had never come.
    expect(judgeCommitted(dedupe, at(0, 12_000))).toEqual(['fresh', 'fresh']);
    expect(dedupe.size).toBe(1);
  });

  it('judges a late read far from every presence fresh, not a repeat of a newer read', () => {
    const dedupe = createDedupe({ windowMs: 5000 });
    // Reads 12 s apart; the one at 12 s comes last, after a redelivery.
    expect(judgeCommitted(dedupe, at(0, 24_000, 36_000, 12_000))).toEqual([
      'fresh',
      'fresh',
      'fresh',
      'fresh',
    ]);
    // Its presence is remembered like the others: its repeats are repeats, it again is a redelivery.
    expect(judgeCommitted(dedupe, at(13_000, 12_000))).toEqual(['repeat', 'redelivery']);
  });

  it('is not silenced by one read stamped far in the future', () => {
    const dedupe = createDedupe({ windowMs: 5000 });
    const future = read({ at: 10 * 365 * 86_400_000 });
    expect(judgeCommitted(dedupe, [future, ...at(0, 1000, 12_000)])).toEqual([
      'fresh',
      'fresh',
      'repeat',
      'fresh',
    ]);
  });

  it('keeps a few presences per key, forgetting the one seen longest ago', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    judgeCommitted(dedupe, at(0, 10_000, 20_000, 30_000, 40_000));
    // The presence at 0 is forgotten; the one at 10 s is still known.
    expect(judgeCommitted(dedupe, at(10_000, 500))).toEqual(['redelivery', 'fresh']);
  });
});

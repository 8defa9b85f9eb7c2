import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';
import { describe, expect, it } from 'vitest';
import { createDedupe } from './dedupe.ts';

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

describe('createDedupe', () => {
  it('passes the first read and marks repeats inside the window', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect([0, 100, 900].map((at) => dedupe.judge(read({ at })))).toEqual(['fresh', 'repeat', 'repeat']);
  });

  it('slides the window: a tag that stays in the field stays a repeat; one that left comes back fresh', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect([0, 800, 1600, 2400].map((at) => dedupe.judge(read({ at })))).toEqual([
      'fresh',
      'repeat',
      'repeat',
      'repeat',
    ]);
    expect(dedupe.judge(read({ at: 3401 }))).toBe('fresh');
  });

  it('keeps tags, readers and antennas apart', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    expect(
      [
        read({ at: 0 }),
        read({ at: 1, epc: 'E2801161' }),
        read({ at: 2, antenna: 2 }),
        read({ at: 3, readerId: 'qa-1' }),
        read({ at: 4 }),
      ].map((r) => dedupe.judge(r)),
    ).toEqual(['fresh', 'fresh', 'fresh', 'fresh', 'repeat']);
  });

  it('does not let an out-of-order older read restart the window', () => {
    const dedupe = createDedupe({ windowMs: 1000 });
    dedupe.judge(read({ at: 5000 }));
    expect(dedupe.judge(read({ at: 4500 }))).toBe('repeat');
    expect(dedupe.judge(read({ at: 5900 }))).toBe('repeat');
  });
});

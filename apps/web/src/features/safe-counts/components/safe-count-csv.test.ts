import type { TSafeCount } from '@loupe/domain/safe-counts/safe-counts';
import { describe, expect, it } from 'vitest';
import { safeCountCsv } from './safe-count-csv';

const piece = (number: string, station: string | null, description = 'Sapphire ring') => ({
  kind: 'order' as const,
  id: number,
  number,
  description,
  lastStationName: station,
  lastReadAt: station ? '2026-11-30T17:31:00.000Z' : null,
});

const count: TSafeCount = {
  id: 'c1',
  locationId: 'LOC001',
  locationName: 'Main workshop',
  safeStationName: 'Safe',
  trigger: 'closing',
  status: 'finished',
  startedAt: '2026-11-30T17:30:00.000Z',
  endsAt: '2026-11-30T17:40:00.000Z',
  finishedAt: '2026-11-30T17:40:00.000Z',
  startedBy: null,
  finishedBy: null,
  expectedCount: 2,
  countedCount: 1,
  missingCount: 1,
  extraCount: 1,
  counted: [piece('ORD-00001', 'Safe')],
  missing: [piece('ORD-00002', null, '=HYPERLINK("x")')],
  extra: [piece('ORD-00003', 'Safe', 'Delivered, envelope kept')],
  removals: [
    {
      kind: 'order',
      id: 'ORD-00001',
      number: 'ORD-00001',
      at: '2026-12-01T09:05:00.000Z',
      stationName: 'Bench 1',
      isWhileClosed: false,
    },
  ],
};

describe('the closing count’s CSV for the insurer', () => {
  it('has a line a piece: counted, missing, extra, then what left the safe', () => {
    const { text, fileName } = safeCountCsv(count);
    const lines = text.split('\r\n');
    expect(lines).toEqual([
      'Result,Job,Kind,Description,Station,Read at',
      'counted,ORD-00001,order,Sapphire ring,Safe,2026-11-30T17:31:00.000Z',
      // A description a spreadsheet would run as a formula is neutralised.
      `missing,ORD-00002,order,"'=HYPERLINK(""x"")",,`,
      'extra,ORD-00003,order,"Delivered, envelope kept",Safe,2026-11-30T17:31:00.000Z',
      'removed,ORD-00001,order,,Bench 1,2026-12-01T09:05:00.000Z',
    ]);
    expect(fileName).toBe('safe-count-main-workshop-2026-11-30t17-30.csv');
  });
});

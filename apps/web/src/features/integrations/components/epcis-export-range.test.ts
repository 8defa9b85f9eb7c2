import { describe, expect, it } from 'vitest';
import { epcisExportFileName, epcisExportRange } from './epcis-export-range';

describe('epcisExportRange', () => {
  it.each([
    ['UTC', { from: '2026-11-02', to: '2026-11-02' }, '2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z'],
    [
      'Europe/Berlin',
      { from: '2026-10-24', to: '2026-10-25' },
      // Summer time on the first day, winter time after the last (the clocks went back on the 25th).
      '2026-10-23T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ],
    [
      'America/New_York',
      { from: '2026-11-01', to: '2026-11-30' },
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
    ],
  ])('covers whole workshop days in %s', (timeZone, days, from, to) => {
    expect(epcisExportRange(days, timeZone)).toEqual({ from, to });
  });

  it.each([
    [{ from: '', to: '2026-11-02' }],
    [{ from: '2026-11-02', to: '' }],
    [{ from: '2026-11-03', to: '2026-11-02' }],
  ])('has no range for missing or reversed days: %o', (days) => {
    expect(epcisExportRange(days, 'UTC')).toBeNull();
  });

  it('names the file by its days', () => {
    expect(epcisExportFileName({ from: '2026-11-01', to: '2026-11-30' })).toBe(
      'loupe-epcis-2026-11-01_2026-11-30.jsonld',
    );
  });
});

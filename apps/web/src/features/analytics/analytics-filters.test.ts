import { describe, expect, it } from 'vitest';
import { analyticsQuery, hasNarrowingFilters, readAnalyticsFilters } from './analytics-filters';

const TODAY = '2026-11-27';
const read = (query: string) => readAnalyticsFilters(new URLSearchParams(query), TODAY);

describe('readAnalyticsFilters', () => {
  it('looks back 90 days up to today, both included, when the address names no dates', () => {
    expect(read('')).toEqual({
      from: '2026-08-30',
      to: TODAY,
      kind: 'all',
      locationId: null,
      departmentId: null,
      productTypeId: null,
      salespersonId: null,
    });
  });

  it('ends the 90 days on the day the address names', () => {
    expect(read('to=2026-03-31')).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('puts a range given backwards the right way round', () => {
    expect(read('from=2026-10-31&to=2026-08-01')).toMatchObject({ from: '2026-08-01', to: '2026-10-31' });
  });

  it('falls back to the default range for a date that does not exist or is not a day', () => {
    expect(read('from=2026-02-30&to=yesterday')).toMatchObject({ from: '2026-08-30', to: TODAY });
  });

  it('keeps the ids and a known kind, and drops an unknown kind and blank ids', () => {
    const filters = read('kind=repair&locationId=%20BENCH-A%20&salespersonId=%20&departmentId=D1');
    expect(filters).toMatchObject({
      kind: 'repair',
      locationId: 'BENCH-A',
      departmentId: 'D1',
      salespersonId: null,
    });
    expect(read('kind=everything').kind).toBe('all');
  });
});

describe('analyticsQuery', () => {
  it('sends the dates always and leaves out what narrows nothing', () => {
    expect(analyticsQuery(read('from=2026-08-01&to=2026-10-31'))).toEqual({
      from: '2026-08-01',
      to: '2026-10-31',
    });
    expect(analyticsQuery(read('from=2026-08-01&to=2026-10-31&kind=order&productTypeId=P1'))).toEqual({
      from: '2026-08-01',
      to: '2026-10-31',
      kind: 'order',
      productTypeId: 'P1',
    });
  });

  it('says whether anything beyond the dates narrows the figures', () => {
    expect(hasNarrowingFilters(read('from=2026-08-01'))).toBe(false);
    expect(hasNarrowingFilters(read('salespersonId=S1'))).toBe(true);
  });
});

import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cellText, csvFileName, type TColumn, toCsv } from './columns';

type TRow = { name: string; rate: number | null };
const COLUMNS: TColumn<TRow>[] = [
  { key: 'name', header: 'Salesperson', value: (row) => row.name },
  {
    key: 'rate',
    header: 'On-time rate (%)',
    value: (row) => row.rate,
    format: (value) => (value === null ? '—' : `${value}%`),
    isNumeric: true,
  },
];

describe('toCsv', () => {
  it('writes a header line and the raw figures, quoting what needs it and leaving gaps empty', () => {
    const csv = toCsv(COLUMNS, [
      { name: 'Moreau, Evelyn', rate: 87.5 },
      { name: 'Sam "Ace" Lee', rate: null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Salesperson,On-time rate (%)',
      '"Moreau, Evelyn",87.5',
      '"Sam ""Ace"" Lee",',
    ]);
    expect(Papa.parse(csv, { header: true }).data).toEqual([
      { Salesperson: 'Moreau, Evelyn', 'On-time rate (%)': '87.5' },
      { Salesperson: 'Sam "Ace" Lee', 'On-time rate (%)': '' },
    ]);
  });

  it('keeps a name that starts like a formula from running in a spreadsheet', () => {
    expect(toCsv(COLUMNS, [{ name: '=HYPERLINK("x")', rate: 1 }])).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('cellText', () => {
  it('shows a figure through its format, and a dash for none', () => {
    expect(cellText(COLUMNS[1] as TColumn<TRow>, { name: 'A', rate: 90 })).toBe('90%');
    expect(cellText(COLUMNS[0] as TColumn<TRow>, { name: 'A', rate: 90 })).toBe('A');
  });
});

describe('csvFileName', () => {
  it('names the file after the chart and the period', () => {
    expect(csvFileName('On-time rate by month', { from: '2026-08-01', to: '2026-10-31' })).toBe(
      'on-time-rate-by-month-2026-08-01-to-2026-10-31.csv',
    );
  });
});

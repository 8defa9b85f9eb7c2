import Papa from 'papaparse';

/** A raw figure as a table cell and a CSV field hold it; null is "no figure". */
export type TCellValue = string | number | null;

/**
 * One column of a table of figures (a chart's, a report's). `value` is the raw figure (what the CSV gets);
 * `format` is how the table and a chart's labels show it, so the two always agree.
 */
export type TColumn<Row> = {
  readonly key: string;
  readonly header: string;
  readonly value: (row: Row) => TCellValue;
  readonly format?: (value: TCellValue, row: Row) => string;
  /** Right-aligned, as figures are. */
  readonly isNumeric?: boolean;
  /** Colours a change as good or bad (its text says so too, for those who cannot see the colour). */
  readonly tone?: (row: Row) => 'good' | 'bad' | null;
  /** Where the cell links to (a job's page). */
  readonly href?: (row: Row) => string | null;
};

export const NO_FIGURE = '—';

/** The text a cell shows. */
export function cellText<Row>(column: TColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (column.format) return column.format(value, row);
  return value === null ? NO_FIGURE : String(value);
}

/**
 * The table as CSV: a header line, then the raw figures (quoted by papaparse where a field needs it). Not in the
 * workshop's locale on purpose (issue 35 §5): a spreadsheet must parse what it opens, so days stay ISO
 * (2026-03-08), figures plain decimals with a '.' (87.5, 1234) — never '8 Mar 2026', '1.234' or '88 %', which a
 * spreadsheet in another locale would misread. The table beside it shows the same figures formatted.
 */
export function toCsv<Row>(columns: readonly TColumn<Row>[], rows: readonly Row[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row) ?? '')),
    },
    // A leading =, +, - or @ would run as a formula in a spreadsheet: papaparse neutralises it.
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** 'On-time rate by month' → 'on-time-rate-by-month-2026-08-01-to-2026-10-31.csv'. */
export function csvFileName(title: string, range?: { from: string; to: string }): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base}${range ? `-${range.from}-to-${range.to}` : ''}.csv`;
}

import {
  safeCountReportRows,
  type TSafeCount,
  type TSafeCountReportRow,
} from '@loupe/domain/safe-counts/safe-counts';
import { csvFileName, type TColumn, toCsv } from '@/components/data-table/columns';

/** The report's lines for the insurer: one a piece, what the count found of it, where and when it was read. */
export const SAFE_COUNT_CSV_COLUMNS: readonly TColumn<TSafeCountReportRow>[] = [
  { key: 'result', header: 'Result', value: (row) => row.result },
  { key: 'number', header: 'Job', value: (row) => row.number },
  { key: 'kind', header: 'Kind', value: (row) => row.kind },
  { key: 'description', header: 'Description', value: (row) => row.description },
  { key: 'station', header: 'Station', value: (row) => row.station },
  { key: 'at', header: 'Read at', value: (row) => row.at },
];

export function safeCountCsv(count: TSafeCount): { text: string; fileName: string } {
  return {
    text: toCsv(SAFE_COUNT_CSV_COLUMNS, safeCountReportRows(count)),
    fileName: csvFileName(`safe count ${count.locationName} ${count.startedAt.slice(0, 16)}`),
  };
}

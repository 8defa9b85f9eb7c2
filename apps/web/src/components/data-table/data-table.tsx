import { Link } from 'react-router';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { cellText, type TColumn } from './columns';

export type TDataTableProps<Row> = {
  /** Names the table for screen readers: the chart's or the card's title. */
  readonly caption: string;
  readonly columns: readonly TColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row, index: number) => string;
};

/**
 * Rows of figures under named columns, the first column heading each row: a chart's figures (the way a
 * keyboard or screen-reader user reads the chart) or a report's.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: TDataTableProps<Row>) {
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.key} scope="col" className={cn(column.isNumeric && 'text-right')}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)}>
            {columns.map((column, columnIndex) => {
              const text = cellText(column, row);
              const href = column.href?.(row) ?? null;
              const content = href ? (
                <Link
                  key="link"
                  to={href}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {text}
                </Link>
              ) : (
                text
              );
              return columnIndex === 0 ? (
                <TableHead key={column.key} scope="row" className="font-normal">
                  {content}
                </TableHead>
              ) : (
                <TableCell
                  key={column.key}
                  className={cn(
                    column.isNumeric && 'text-right tabular-nums',
                    column.tone?.(row) === 'good' && 'text-emerald-700 dark:text-emerald-400',
                    column.tone?.(row) === 'bad' && 'text-destructive',
                  )}
                >
                  {content}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

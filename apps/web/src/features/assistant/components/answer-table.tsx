import type { TAssistantTable } from '@loupe/domain/assistant/assistant-api';
import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** A table that came with an answer; cells that name a record link to it. */
export function AnswerTable({ table }: { readonly table: TAssistantTable }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            {table.columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a finished answer never move
            <TableRow key={index}>
              {row.map((cell, column) => (
                <TableCell key={table.columns[column] ?? column} className="text-xs">
                  {typeof cell === 'string' ? (
                    cell
                  ) : (
                    <Link to={cell.href} className="font-medium text-primary underline underline-offset-2">
                      {cell.text}
                    </Link>
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

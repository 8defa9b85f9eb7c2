import type { TTransfer } from '@loupe/domain/transfers/transfers';
import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths, pathTo } from '@/lib/paths';
import { OverdueBadge, TransferStatusBadge } from './transfer-badges';
import { carrierText, expectedText, TransferRoute } from './transfer-summary';

/** Bags as rows: number, route, status, carrier, counts and when each is expected. Scrolls inside its card. */
export function TransferTable({
  transfers,
  label,
}: {
  readonly transfers: readonly TTransfer[];
  readonly label: string;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Bag</TableHead>
          <TableHead>Route</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Carrier</TableHead>
          <TableHead className="text-right">Received</TableHead>
          <TableHead className="text-right">Missing</TableHead>
          <TableHead className="text-right">Extra</TableHead>
          <TableHead>Expected</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transfers.map((transfer) => (
          <TableRow key={transfer.id} data-testid="transfer-row">
            <TableCell className="font-medium whitespace-nowrap">
              <Link
                className="underline-offset-4 hover:underline"
                to={pathTo(paths.transferDetail, { transferId: transfer.id })}
              >
                {transfer.number}
              </Link>
              {transfer.bagLabel ? (
                <span className="block text-xs font-normal text-muted-foreground">{transfer.bagLabel}</span>
              ) : null}
            </TableCell>
            <TableCell className="min-w-40">
              <TransferRoute transfer={transfer} />
            </TableCell>
            <TableCell>
              <TransferStatusBadge status={transfer.status} />
            </TableCell>
            <TableCell className="min-w-32">{carrierText(transfer)}</TableCell>
            <TableCell className="text-right tabular-nums whitespace-nowrap">
              {transfer.counts.received}/{transfer.counts.expected}
            </TableCell>
            <TableCell
              className={`text-right tabular-nums ${transfer.counts.missing > 0 ? 'font-semibold text-destructive' : ''}`}
            >
              {transfer.counts.missing}
            </TableCell>
            <TableCell className="text-right tabular-nums">{transfer.counts.extra}</TableCell>
            <TableCell className="whitespace-nowrap">
              <span className="inline-flex items-center gap-2">
                {expectedText(transfer)}
                {transfer.overdue ? <OverdueBadge /> : null}
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import type { TTransferItem, TTransferItemRef } from '@loupe/domain/transfers/transfers';
import { XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';
import { TransferItemStateBadge } from './transfer-badges';

export const jobPath = (item: TTransferItemRef) =>
  item.itemKind === 'order'
    ? pathTo(paths.orderDetail, { orderId: item.itemId })
    : pathTo(paths.repairDetail, { repairId: item.itemId });

/** The bag's envelopes: each job, its tag and whether it has been seen at the destination. */
export function ManifestTable({
  items,
  onRemove,
  isRemoving = false,
}: {
  readonly items: readonly TTransferItem[];
  /** While packing: takes an envelope back out. */
  readonly onRemove?: ((item: TTransferItem) => void) | undefined;
  readonly isRemoving?: boolean;
}) {
  return (
    <Table aria-label="Manifest">
      <TableHeader>
        <TableRow>
          <TableHead>Item</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Description</TableHead>
          <TableHead>EPC</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Received</TableHead>
          {onRemove ? (
            <TableHead>
              <span className="sr-only">Take out</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow
            key={`${item.itemKind}:${item.itemId}`}
            data-testid="manifest-row"
            data-state={item.state}
          >
            <TableCell className="font-medium whitespace-nowrap">
              <Link className="underline-offset-4 hover:underline" to={jobPath(item)}>
                {item.itemNumber}
              </Link>
            </TableCell>
            <TableCell className="min-w-32">{item.customerName}</TableCell>
            <TableCell className="min-w-48">{item.description || '—'}</TableCell>
            <TableCell className="font-mono text-xs break-all">{item.epc ?? 'No tag'}</TableCell>
            <TableCell>
              <TransferItemStateBadge state={item.state} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {item.receivedAt ? formatDateTime(item.receivedAt) : '—'}
            </TableCell>
            {onRemove ? (
              <TableCell className="text-right">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Take ${item.itemNumber} out of the bag`}
                  disabled={isRemoving}
                  onClick={() => onRemove(item)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

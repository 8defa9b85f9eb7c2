import type { TStationItem } from '@loupe/domain/tracking/tracking-api';
import { PackageOpenIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { formatElapsed } from '@/lib/elapsed-time';
import { paths, pathTo } from '@/lib/paths';
import { useScanToastsFor } from '@/lib/realtime/scan-toast-interest';

/** What stands at the station now, longest there first, each with how long it has been here. */
export function StationItems({
  items,
  stationName,
  now,
}: {
  items: readonly TStationItem[];
  stationName: string;
  now: number;
}) {
  useScanToastsFor(items.map((item) => item.id));
  if (items.length === 0) {
    return (
      <EmptyState
        icon={PackageOpenIcon}
        title="Nothing here right now"
        text={`Orders and repairs read or scanned at ${stationName} appear here.`}
      />
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label={`Items at ${stationName}`}>
      {items.map((item) => (
        <li
          key={`${item.kind}-${item.id}`}
          aria-label={item.number}
          className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={
                  item.kind === 'order'
                    ? pathTo(paths.orderDetail, { orderId: item.id })
                    : pathTo(paths.repairDetail, { repairId: item.id })
                }
                className="font-medium underline underline-offset-4"
              >
                {item.number}
              </Link>
              <Badge variant="outline">{item.kind === 'order' ? 'Order' : 'Repair'}</Badge>
              {item.status === 'returned' ? <Badge variant="secondary">Back from offsite</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground break-words">{item.customerName}</p>
            <p className="font-mono text-xs text-muted-foreground break-all">{item.epc}</p>
          </div>
          <span className="text-sm tabular-nums">
            {item.arrivedAt ? `Here for ${formatElapsed(now - Date.parse(item.arrivedAt))}` : 'Just placed'}
          </span>
        </li>
      ))}
    </ul>
  );
}

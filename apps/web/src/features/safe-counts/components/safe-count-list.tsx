import { ClipboardListIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-format';
import { useSafeCounts } from '../api/get-safe-counts';
import { TRIGGER_LABELS } from './safe-count-report';

/** Every count kept, newest first: when, where, what it found, who closed. */
export function SafeCountList({ onOpenCount }: { readonly onOpenCount: (id: string) => void }) {
  const query = useSafeCounts();
  if (query.isPending) return <LoadingSpinner label="Loading the counts" />;
  if (query.isError) return <QueryLoadError title="Could not load the counts" query={query} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={ClipboardListIcon}
        title="No counts yet"
        text="A count starts by itself at closing at each location with a safe, or with its Start count button."
      />
    );
  return (
    <Table aria-label="Counts">
      <TableHeader>
        <TableRow>
          <TableHead>Started</TableHead>
          <TableHead>Location</TableHead>
          <TableHead>How</TableHead>
          <TableHead className="text-right">Expected</TableHead>
          <TableHead className="text-right">Counted</TableHead>
          <TableHead className="text-right">Missing</TableHead>
          <TableHead>Closed by</TableHead>
          <TableHead>
            <span className="sr-only">Open</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {query.data.map((count) => (
          <TableRow key={count.id} data-testid="safe-count-row">
            <TableCell>{formatDateTime(count.startedAt)}</TableCell>
            <TableCell>{count.locationName}</TableCell>
            <TableCell>
              {count.status === 'running' ? <Badge>Counting</Badge> : TRIGGER_LABELS[count.trigger]}
            </TableCell>
            <TableCell className="text-right tabular-nums">{count.expectedCount}</TableCell>
            <TableCell className="text-right tabular-nums">{count.countedCount}</TableCell>
            <TableCell
              className={`text-right tabular-nums ${count.missingCount > 0 ? 'font-semibold text-destructive' : ''}`}
            >
              {count.missingCount}
            </TableCell>
            <TableCell>{count.finishedBy ?? count.startedBy ?? 'Loupe, at closing'}</TableCell>
            <TableCell className="text-right">
              <Button type="button" variant="outline" size="sm" onClick={() => onOpenCount(count.id)}>
                {count.status === 'running' ? 'Watch' : 'Report'}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

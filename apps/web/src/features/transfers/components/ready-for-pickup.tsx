import type { TLocationToday } from '@loupe/domain/transfers/transfers';
import { TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { jobPath } from './manifest-table';

type TPickup = TLocationToday['readyForPickup'][number];

/** "At Main workshop — must travel here", or "At an unknown location" when the piece was never read. */
export function wrongLocationText(job: TPickup): string {
  return `At ${job.currentLocationName ?? 'an unknown location'} — must travel here`;
}

/** The jobs ready for their customers here; one not here yet says where it is, in plain sight. */
export function ReadyForPickup({ jobs }: { readonly jobs: TLocationToday['readyForPickup'] }) {
  if (jobs.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing is waiting for pickup here.</p>;
  }
  return (
    <ul aria-label="Ready for pickup" className="flex flex-col divide-y">
      {jobs.map((job) => (
        <li
          key={`${job.itemKind}:${job.itemId}`}
          data-testid="pickup-row"
          className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="min-w-0">
            <Link className="font-medium underline-offset-4 hover:underline" to={jobPath(job)}>
              {job.itemNumber}
            </Link>
            <span className="text-muted-foreground"> · {job.customerName}</span>
          </span>
          {job.atWrongLocation ? (
            <Badge variant="destructive" className="h-auto whitespace-normal">
              <TriangleAlertIcon aria-hidden="true" />
              {wrongLocationText(job)}
            </Badge>
          ) : (
            <Badge variant="secondary">Here</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

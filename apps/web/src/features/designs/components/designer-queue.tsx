import {
  DESIGN_REQUEST_STATUS_LABELS,
  DESIGN_REQUEST_STATUSES,
  type TDesignRequestSummary,
} from '@loupe/domain/designs/design-requests';
import { CalendarIcon, LayersIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';

export type TDesignerQueueProps = {
  readonly requests: readonly TDesignRequestSummary[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
};

/** The designer's queue (issue 17 §2): one column per status, each by due date as the server sorted it. */
export function DesignerQueue({ requests, selectedId, onSelect }: TDesignerQueueProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      {DESIGN_REQUEST_STATUSES.map((status) => {
        const inColumn = requests.filter((request) => request.status === status);
        const headingId = `design-column-${status}`;
        return (
          <section key={status} aria-labelledby={headingId} className="grid content-start gap-2">
            <h2 id={headingId} className="flex items-center justify-between text-sm font-semibold">
              {DESIGN_REQUEST_STATUS_LABELS[status]}
              <span className="rounded-full bg-muted px-2 text-xs text-muted-foreground">
                {inColumn.length}
              </span>
            </h2>
            {inColumn.length === 0 ? (
              <p className="rounded-md border border-dashed p-3 text-xs text-muted-foreground">
                Nothing here.
              </p>
            ) : (
              // A long column scrolls on its own (on wide screens), so the request below stays in reach.
              <ul className="grid gap-2 xl:max-h-[60vh] xl:overflow-y-auto xl:pr-1">
                {inColumn.map((request) => (
                  <li key={request.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(request.id)}
                      aria-current={request.id === selectedId ? 'true' : undefined}
                      className={cn(
                        'grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm shadow-sm transition-colors hover:bg-accent',
                        request.id === selectedId && 'border-primary ring-1 ring-primary',
                      )}
                    >
                      <span className="font-mono font-medium">{request.orderNumber}</span>
                      <span>{request.customerName}</span>
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                        <span className="inline-flex items-center gap-1">
                          <CalendarIcon className="size-3" aria-hidden="true" />
                          {request.dueDate ? `Due ${formatCalendarDate(request.dueDate)}` : 'No due date'}
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <LayersIcon className="size-3" aria-hidden="true" />
                          {request.revisionCount === 1 ? '1 revision' : `${request.revisionCount} revisions`}
                        </span>
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {request.designer ? request.designer.name : 'Unassigned'}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

import {
  DESIGN_BOARD_COLUMN_LABELS,
  DESIGN_BOARD_COLUMNS,
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

/**
 * The designer's queue (issue 17 §2): one column per board column, each by due date as the server sorted it.
 * The server puts each request in its column from its status and its order's phase (issue 35 §7); the count
 * is the length of the very list the column shows.
 */
export function DesignerQueue({ requests, selectedId, onSelect }: TDesignerQueueProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
      {DESIGN_BOARD_COLUMNS.map((column) => {
        const inColumn = requests.filter((request) => request.column === column);
        const headingId = `design-column-${column}`;
        return (
          <section key={column} aria-labelledby={headingId} className="grid content-start gap-2">
            <h2 id={headingId} className="flex items-center justify-between text-sm font-semibold">
              {DESIGN_BOARD_COLUMN_LABELS[column]}
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
              <ul className="grid gap-2 lg:max-h-[60vh] lg:overflow-y-auto lg:pr-1">
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
                        {request.orderPhase ? ` · Order at ${request.orderPhase.name}` : ''}
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

import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import { JOB_VIEW_LABELS, type TJobState } from '@loupe/domain/jobs/job-views';
import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { JobStateBadges, RushBadge } from '@/components/job-state/job-state-badges';
import { PredictionLine } from '@/components/prediction/predicted-completion';
import { currentLocationText } from '@/components/tracking/tracking-labels';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';
import { formatCents } from '@/lib/number-format';

/** Row heights (px) of the virtualized list: one line of columns on wide screens, three lines below 1024 px. */
export const JOB_ROW_HEIGHT = { wide: 64, narrow: 100 } as const;

/**
 * Where rows take three lines: below Tailwind's `lg`, as the columns need about 480 px and beside the
 * sidebar a 768 px tablet leaves 464 (issue 35). The classes below use `lg:` to match.
 */
export const JOB_ROW_NARROW_MEDIA_QUERY = '(max-width: 1023px)';

// The number column fits a number and the rush mark side by side, whatever the workshop's prefix length.
// The status column holds the status and the state's badges (Overdue, At risk…) beside or under it.
const COLUMNS = 'lg:grid-cols-[9.5rem_minmax(0,1fr)_minmax(0,13rem)_8rem_minmax(0,12rem)_6.5rem]';

/** The titles of the two columns a kind of job fills its own way. */
export type TJobListColumns = {
  /** 'Customer', or 'Customer and item' when the line below the name is the item. */
  readonly customer: string;
  /** The money column: 'Balance', 'Estimate'. */
  readonly amount: string;
};

/** The column titles above the rows (wide screens); each row also names its values for screen readers. */
export function JobListHeader({ columns }: { columns: TJobListColumns }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'hidden gap-3 px-4 pb-2 text-xs font-medium text-muted-foreground uppercase lg:grid',
        COLUMNS,
      )}
    >
      <span>Number</span>
      <span>{columns.customer}</span>
      <span>Status</span>
      <span>Promised</span>
      <span>Location</span>
      <span className="text-right">{columns.amount}</span>
    </div>
  );
}

export type TJobRowProps = {
  /** The job's detail page. */
  readonly to: string;
  readonly number: string;
  readonly isRush: boolean;
  readonly customerName: string;
  /** The line under the customer's name: what the piece is. */
  readonly summary: string;
  readonly statusBadge: ReactNode;
  readonly promisedDate: string | null;
  /** Overdue, at risk, over its phase target, offsite, as the job read model says; null once finished. */
  readonly state: TJobState | null;
  readonly tracking: TTrackedItemSummary | null;
  /** The money column's value; `amountLabel` names it for screen readers (the column's title). */
  readonly amountCents: number;
  readonly amountLabel: string;
  /** When an open job will likely be done (issue 13), for those who may see predictions. */
  readonly prediction?: TPredictedCompletion | null | undefined;
  /** Issue 39: a ready job away from where its customer collects it: that location's name. */
  readonly sendToPickup?: string | null | undefined;
};

/** One job in a list: a link to it, laid out in the header's columns (three lines on phones). */
export function JobRow(props: TJobRowProps) {
  const { state, tracking } = props;
  const isOverdue = state?.isOverdue ?? false;
  // Promised for today and still in work: the day's pickups and deliveries stand out.
  const isDueToday = state?.due === 'today';
  return (
    <Link
      to={props.to}
      className={cn(
        'grid h-full grid-cols-[minmax(0,1fr)_auto] content-center gap-x-3 gap-y-1 px-4 text-sm outline-none',
        'hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        'lg:items-center lg:gap-y-0',
        // A rush job is marked along its whole row, not only by the badge.
        props.isRush && 'border-l-4 border-l-destructive',
        COLUMNS,
      )}
    >
      <span className="col-start-1 row-start-1 flex min-w-0 items-center gap-1.5 font-mono font-medium whitespace-nowrap">
        <span className="truncate">{props.number}</span>
        {props.isRush ? <RushBadge className="px-1 py-0 font-sans text-[0.7rem] uppercase" /> : null}
      </span>
      <span className="col-start-1 row-start-2 min-w-0 lg:col-start-2 lg:row-start-1">
        <span className="block truncate font-medium">{props.customerName}</span>
        <span className="block truncate text-xs text-muted-foreground">{props.summary}</span>
      </span>
      <span className="col-start-2 row-start-1 flex min-w-0 flex-wrap items-center justify-end gap-1 justify-self-end lg:col-start-3 lg:justify-start lg:justify-self-start">
        {props.statusBadge}
        <JobStateBadges state={state} withRush={false} />
        {props.sendToPickup ? (
          <Badge variant="destructive" className="px-1.5 py-0 text-[0.7rem]">
            {`Send to ${props.sendToPickup}`}
          </Badge>
        ) : null}
      </span>
      <span
        className={cn(
          'col-start-1 row-start-3 min-w-0 truncate text-xs lg:col-start-4 lg:row-start-1 lg:text-sm',
          isOverdue
            ? 'font-semibold text-destructive'
            : isDueToday
              ? 'font-semibold text-amber-700 dark:text-amber-400'
              : 'text-muted-foreground lg:text-foreground',
        )}
      >
        <span className="sr-only">Promised </span>
        {props.promisedDate ? formatCalendarDate(props.promisedDate) : 'No date'}
        {isDueToday ? ` · ${JOB_VIEW_LABELS['due-today']}` : null}
        {props.prediction ? <PredictionLine prediction={props.prediction} /> : null}
      </span>
      <span
        className={cn(
          'col-start-2 row-start-3 min-w-0 justify-self-end truncate text-xs',
          'lg:col-start-5 lg:row-start-1 lg:justify-self-start lg:text-sm',
          tracking === null && 'text-muted-foreground',
        )}
      >
        <span className="sr-only">Location </span>
        {currentLocationText(tracking)}
      </span>
      <span className="col-start-2 row-start-2 justify-self-end text-right tabular-nums lg:col-start-6 lg:row-start-1">
        <span className="sr-only">{`${props.amountLabel} `}</span>
        {formatCents(props.amountCents)}
      </span>
    </Link>
  );
}

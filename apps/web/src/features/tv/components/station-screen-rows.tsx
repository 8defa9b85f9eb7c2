import type { TStationScreenPiece } from '@loupe/domain/tv/tv-displays';
import type { ReactNode } from 'react';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/date-format';
import { formatElapsed } from '@/lib/elapsed-time';
import { PieceTimers, type TScreenTimer } from './piece-timers';
import type { TFitMode } from './use-fitted-pages';
import type { TShownItem } from './use-leaving-items';

/**
 * A piece on a station TV, as a big card or as one line. The same element in both layouts: a re-measure
 * (a piece arriving, a resize) that passes through cards on its way back to rows keeps every piece's
 * element, so only a piece that really arrives or leaves animates.
 */
export function PieceItem({
  shown,
  mode,
  children,
}: {
  shown: TShownItem<TStationScreenPiece>;
  mode: TFitMode;
  children: ReactNode;
}) {
  const { item, leaving } = shown;
  const { state } = item;
  return (
    <li
      className={cn(
        'border-2 bg-card',
        mode === 'cards' ? 'rounded-xl p-4' : 'flex items-center gap-6 rounded-lg px-4 py-2',
        state.isRush || state.isOverdue ? 'border-destructive' : 'border-border',
        leaving ? 'motion-safe:animate-tv-leave' : 'motion-safe:animate-tv-enter',
      )}
      aria-label={`${item.number}${leaving ? ' (leaving)' : ''}`}
    >
      {children}
    </li>
  );
}

/**
 * A piece as one line, for a station with more pieces than big cards can show: the number and its state,
 * who and what, when it was promised and how long it has been here. Read from three metres like a card.
 */
export function PieceRow({
  item,
  now,
  timers,
}: {
  item: TStationScreenPiece;
  now: number;
  /** Who works on it now, with a ticking time (issue 37 §3). */
  timers: readonly TScreenTimer[];
}) {
  const { state } = item;
  return (
    <>
      <p className="flex shrink-0 items-center gap-3 font-mono text-3xl font-bold">
        {item.number}
        <JobStateBadges state={state} now={new Date(now)} size="lg" className="font-sans" />
      </p>
      <p className="min-w-0 flex-1 truncate font-medium">
        {[item.customerFirstName, item.product, item.phaseName].filter(Boolean).join(' · ')}
      </p>
      {timers.length > 0 ? (
        <div className="shrink-0">
          <PieceTimers timers={timers} compact={false} />
        </div>
      ) : null}
      {item.promisedDate ? (
        <p
          className={cn(
            'shrink-0 tabular-nums',
            state.isOverdue ? 'font-bold text-destructive' : 'text-muted-foreground',
          )}
        >
          {formatCalendarDate(item.promisedDate)}
        </p>
      ) : null}
      {item.arrivedAt ? (
        <p className="shrink-0 text-muted-foreground tabular-nums">
          {formatElapsed(now - Date.parse(item.arrivedAt))}
        </p>
      ) : null}
    </>
  );
}

/** "Page 2 of 3" and a dot per page, so everyone at the bench knows more pieces are coming round. */
export function PageIndicator({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount < 2) return null;
  return (
    <p className="flex items-center gap-3 text-muted-foreground">
      <span className="tabular-nums">
        Page {page + 1} of {pageCount}
      </span>
      <span aria-hidden className="flex gap-1.5">
        {Array.from({ length: pageCount }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are the pages, in order.
            key={index}
            className={cn('size-3 rounded-full', index === page ? 'bg-foreground' : 'bg-muted-foreground/40')}
          />
        ))}
      </span>
    </p>
  );
}

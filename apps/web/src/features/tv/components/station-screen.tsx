import type { TStationScreen, TStationScreenPiece } from '@loupe/domain/tv/tv-displays';
import { WORK_TIME_COMPANION } from '@loupe/domain/workflow/work-time';
import { ArrowRight, CheckCircle2, Wifi, WifiOff } from 'lucide-react';
import { useCallback } from 'react';
import { JobStateBadges } from '@/components/job-state/job-state-badges';
import { cn } from '@/lib/cn';
import { formatCalendarDate, formatLongDay, formatTime } from '@/lib/date-format';
import { formatElapsed } from '@/lib/elapsed-time';
import { paths, pathTo } from '@/lib/paths';
import { useNow } from '@/lib/use-now';
import { PieceTimers, type TScreenTimer, timersByPiece } from './piece-timers';
import { PageIndicator, PieceItem, PieceRow } from './station-screen-rows';
import { useFittedPages } from './use-fitted-pages';
import { useLeavingItems } from './use-leaving-items';

export type TScreenConnection = 'live' | 'reconnecting';

/**
 * What a station TV shows (issue 14), readable from three metres: the station and its jeweler, the pieces at
 * the bench now, what comes next, today's finished count, a clock and whether the screen is live. Used by
 * /jeweler-tv and by the preview in Settings › TV Displays (`compact`).
 */
export function StationScreen({
  screen,
  connection,
  compact = false,
}: {
  screen: TStationScreen;
  connection: TScreenConnection;
  compact?: boolean;
}) {
  const now = useNow(15_000);
  const keyOf = useCallback((piece: TStationScreenPiece) => `${piece.kind}:${piece.id}`, []);
  const here = useLeavingItems(screen.here, keyOf);
  const next = useLeavingItems(screen.dueNext, keyOf);
  const herePages = useFittedPages(here.length);
  const nextPages = useFittedPages(next.length);
  const { station } = screen;
  const timers = timersByPiece(screen.timers);
  const timersOf = (piece: TStationScreenPiece) => timers.get(keyOf(piece)) ?? [];
  // A TV cannot be touched: it names where work is started and stopped (decision 020), the station's kiosk.
  const kioskUrl = `${window.location.origin}${pathTo(paths.stationDetail, {
    departmentId: station.departmentId,
    stationId: station.id,
  })}`;

  return (
    <div
      className={cn(
        'flex flex-col gap-6 bg-background text-foreground',
        // A wall TV cannot scroll: the screen is the page, and the lists fit inside it (use-fitted-pages).
        compact ? 'p-4 text-[0.55rem]' : 'h-svh overflow-hidden p-8 text-2xl',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b pb-4">
        <div className="min-w-0">
          <h1 className={cn('font-bold break-words', compact ? 'text-lg' : 'text-6xl')}>{station.name}</h1>
          <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'mt-2 text-3xl')}>
            {[station.departmentName, station.jewelerName].filter(Boolean).join(' · ')}
          </p>
          <p className={cn('text-muted-foreground', compact ? 'text-[0.5rem]' : 'mt-2 text-xl')}>
            {WORK_TIME_COMPANION.tvLine(station.name)}{' '}
            <span className="font-mono break-all text-foreground">{kioskUrl}</span> › Kiosk
          </p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <time
            dateTime={new Date(now).toISOString()}
            className={cn('font-semibold tabular-nums', compact ? 'text-lg' : 'text-6xl')}
          >
            {formatTime(now)}
          </time>
          <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-2xl')}>
            {formatLongDay(now)}
          </p>
          <ConnectionState connection={connection} compact={compact} />
        </div>
      </header>

      <div className={cn('grid min-h-0 flex-1 gap-8', compact ? 'grid-cols-3' : 'lg:grid-cols-3')}>
        <section aria-labelledby="tv-here" className="flex min-h-0 flex-col lg:col-span-2">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-4">
            <h2 id="tv-here" className={cn('font-semibold', compact ? 'text-sm' : 'text-4xl')}>
              At this station <span className="text-muted-foreground">· {screen.here.length}</span>
            </h2>
            <PageIndicator page={herePages.page} pageCount={herePages.pageCount} />
          </div>
          <div ref={herePages.boxRef} className="min-h-0 flex-1 overflow-hidden">
            {here.length === 0 ? (
              <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-3xl')}>
                Nothing here right now. Pieces appear as soon as their tag is read at this station.
              </p>
            ) : (
              <ul
                ref={herePages.listRef}
                className={cn('grid', herePages.mode === 'cards' ? 'gap-4' : 'gap-2')}
                aria-label="Pieces at this station"
              >
                {here.slice(herePages.start, herePages.end).map((shown) => (
                  <PieceItem key={keyOf(shown.item)} shown={shown} mode={herePages.mode}>
                    {herePages.mode === 'cards' ? (
                      <PieceCard
                        item={shown.item}
                        now={now}
                        compact={compact}
                        timers={timersOf(shown.item)}
                      />
                    ) : (
                      <PieceRow item={shown.item} now={now} timers={timersOf(shown.item)} />
                    )}
                  </PieceItem>
                ))}
              </ul>
            )}
          </div>
        </section>

        <aside aria-labelledby="tv-next" className="flex min-h-0 flex-col gap-6">
          <section className="flex min-h-0 flex-1 flex-col">
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-4">
              <h2 id="tv-next" className={cn('font-semibold', compact ? 'text-sm' : 'text-4xl')}>
                Coming next
              </h2>
              <PageIndicator page={nextPages.page} pageCount={nextPages.pageCount} />
            </div>
            <div ref={nextPages.boxRef} className="min-h-0 flex-1 overflow-hidden">
              {next.length === 0 ? (
                <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-2xl')}>
                  Nothing on its way yet.
                </p>
              ) : (
                <ul ref={nextPages.listRef} className="grid gap-3" aria-label="Pieces coming next">
                  {next.slice(nextPages.start, nextPages.end).map(({ item, leaving }) => (
                    <li
                      key={keyOf(item)}
                      className={cn(
                        'rounded-lg border bg-card p-3',
                        leaving ? 'motion-safe:animate-tv-leave' : 'motion-safe:animate-tv-enter',
                      )}
                    >
                      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 font-mono font-semibold">
                        {item.number}
                        <JobStateBadges
                          state={item.state}
                          now={new Date(now)}
                          size={compact ? 'sm' : 'lg'}
                          className="font-sans"
                        />
                      </p>
                      <p className="text-muted-foreground">
                        {[item.product, item.stationName ? `at ${item.stationName}` : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
          <section
            aria-label="Finished today"
            className={cn(
              'flex shrink-0 items-center gap-4 rounded-xl border bg-card p-4',
              compact ? 'text-sm' : 'text-4xl',
            )}
          >
            <CheckCircle2 aria-hidden className={cn('text-emerald-600', compact ? 'size-4' : 'size-12')} />
            <p>
              <span className="font-bold tabular-nums">{screen.finishedToday}</span> finished today
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** A piece as a big card, while every piece at the station fits the screen as one. */
function PieceCard({
  item,
  now,
  compact,
  timers,
}: {
  item: TStationScreenPiece;
  now: number;
  compact: boolean;
  timers: readonly TScreenTimer[];
}) {
  const { state } = item;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <p
          className={cn(
            'flex flex-wrap items-center gap-x-3 gap-y-2 font-mono font-bold',
            compact ? 'text-sm' : 'text-5xl',
          )}
        >
          {item.number}
          <JobStateBadges
            state={state}
            now={new Date(now)}
            size={compact ? 'sm' : 'lg'}
            className="font-sans"
          />
        </p>
        {item.arrivedAt ? (
          <p className="text-muted-foreground tabular-nums">
            {formatElapsed(now - Date.parse(item.arrivedAt))} here
          </p>
        ) : null}
      </div>
      <p className={cn('mt-1 font-medium', compact ? '' : 'text-3xl')}>
        {[item.customerFirstName, item.product, item.metal].filter(Boolean).join(' · ')}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        {item.phaseName ? (
          <p className="flex items-center gap-2">
            <span className="font-semibold">{item.phaseName}</span>
            {item.nextPhaseName ? (
              <>
                <ArrowRight aria-label="then" className={compact ? 'size-3' : 'size-7'} />
                <span className="text-muted-foreground">{item.nextPhaseName}</span>
              </>
            ) : null}
          </p>
        ) : null}
        {item.promisedDate ? (
          <p
            className={cn(
              'tabular-nums',
              state.isOverdue ? 'font-bold text-destructive' : 'text-muted-foreground',
            )}
          >
            Promised {formatCalendarDate(item.promisedDate)}
          </p>
        ) : null}
      </div>
      {timers.length > 0 ? (
        <div className={cn(compact ? 'mt-1' : 'mt-2 text-3xl')}>
          <PieceTimers timers={timers} compact={compact} />
        </div>
      ) : null}
    </>
  );
}

function ConnectionState({ connection, compact }: { connection: TScreenConnection; compact: boolean }) {
  const live = connection === 'live';
  const Icon = live ? Wifi : WifiOff;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 font-medium',
        live ? 'text-emerald-600 dark:text-emerald-400' : 'text-amber-600 dark:text-amber-400',
        compact ? 'text-xs' : 'text-2xl',
      )}
    >
      <Icon aria-hidden className={compact ? 'size-3' : 'size-6'} />
      {live ? 'Live' : 'Reconnecting…'}
    </p>
  );
}

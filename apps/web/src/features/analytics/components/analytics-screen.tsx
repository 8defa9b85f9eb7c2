import type { TAnalyticsFilterInput } from '@loupe/domain/analytics/analytics-api';
import { ChartNoAxesColumnIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { formatCalendarDate } from '@/lib/date-format';
import { analyticsQuery } from '../analytics-filters';
import { type TAnalyticsEndpoint, useAnalyticsFigures } from '../api/analytics-endpoint';
import { type TAnalyticsFilterState, useAnalyticsFilters } from '../hooks/use-analytics-filters';
import { ChartCardSkeleton } from './chart-card';
import { FilterBar } from './filter-bar';

/** The query behind a screen, as TanStack Query gives it. */
export type TScreenQuery<Data> = {
  readonly data: Data | undefined;
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly isPlaceholderData: boolean;
  readonly error: unknown;
  readonly refetch: () => unknown;
};

/** What sets one analytics screen apart from the others: its words, and when its figures are nothing. */
export type TAnalyticsScreen<Data> = {
  readonly title: string;
  readonly description: string;
  /** What could not be loaded: 'Could not load the on-time figures'. */
  readonly errorTitle: string;
  /** Whether the answer holds nothing to chart; the screen then says so instead of empty charts. */
  readonly isEmpty: (data: Data) => boolean;
  readonly emptyTitle: string;
  readonly emptyText: string;
  /** How many chart skeletons stand in while the figures load. */
  readonly skeletons?: number;
};

export type TAnalyticsScreenProps<Data> = {
  readonly screen: TAnalyticsScreen<Data>;
  readonly filterState: TAnalyticsFilterState;
  readonly query: TScreenQuery<Data>;
  /** Extra filter controls of this screen. */
  readonly extraFilters?: ReactNode;
  readonly hasDateRange?: boolean;
  /** Whether the filters of the jobs show (the transit screen counts bags, by date and location only). */
  readonly hasJobFilters?: boolean;
  /** The screen's figures, once they are there and not empty. */
  readonly children: (data: Data) => ReactNode;
};

/** An analytics screen: its title, the shared filter bar, then its charts — or loading, error or empty. */
export function AnalyticsScreen<Data>({
  screen,
  filterState,
  query,
  extraFilters,
  hasDateRange = true,
  hasJobFilters = true,
  children,
}: TAnalyticsScreenProps<Data>) {
  const { title, description, errorTitle, emptyTitle, emptyText, skeletons = 4 } = screen;
  const { filters, setParams, clearFilters } = filterState;
  const isRefreshing = query.isFetching && query.isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />
      <FilterBar
        filters={filters}
        onChange={setParams}
        onClear={clearFilters}
        hasDateRange={hasDateRange}
        hasJobFilters={hasJobFilters}
      >
        {extraFilters}
      </FilterBar>
      {hasDateRange ? (
        <p className="text-sm text-muted-foreground">
          {formatCalendarDate(filters.from)} – {formatCalendarDate(filters.to)}
        </p>
      ) : null}
      <div aria-live="polite" className="sr-only">
        {query.isPending || isRefreshing ? 'Loading the figures…' : ''}
      </div>
      {query.isPending ? (
        <div className="grid gap-6 lg:grid-cols-2" data-testid="analytics-loading">
          {Array.from({ length: skeletons }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
            <ChartCardSkeleton key={index} />
          ))}
        </div>
      ) : query.isError ? (
        <QueryLoadError title={errorTitle} query={query} />
      ) : query.data === undefined || screen.isEmpty(query.data) ? (
        <EmptyState icon={ChartNoAxesColumnIcon} title={emptyTitle} text={emptyText} />
      ) : (
        <div
          aria-busy={isRefreshing}
          className={isRefreshing ? 'opacity-60 transition-opacity' : 'transition-opacity'}
        >
          {children(query.data)}
        </div>
      )}
    </div>
  );
}

/** A screen whose figures are asked for with the shared filters alone. */
export function FilteredAnalyticsScreen<Data>({
  screen,
  endpoint,
  children,
}: {
  readonly screen: TAnalyticsScreen<Data>;
  readonly endpoint: TAnalyticsEndpoint<TAnalyticsFilterInput, Data>;
  readonly children: (data: Data) => ReactNode;
}) {
  const filterState = useAnalyticsFilters();
  const query = useAnalyticsFigures(endpoint, analyticsQuery(filterState.filters));
  return (
    <AnalyticsScreen screen={screen} filterState={filterState} query={query}>
      {children}
    </AnalyticsScreen>
  );
}

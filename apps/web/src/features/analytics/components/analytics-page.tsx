import { ChartNoAxesColumnIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { formatCalendarDate } from '@/lib/date-format';
import type { TAnalyticsFilterState } from '../hooks/use-analytics-filters';
import { ChartCardSkeleton } from './chart-card';
import { FilterBar } from './filter-bar';

/** The query behind a screen, as TanStack Query gives it. */
export type TScreenQuery = {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly isPlaceholderData: boolean;
  readonly error: unknown;
  readonly refetch: () => unknown;
};

export type TAnalyticsPageProps = {
  readonly title: string;
  readonly description: string;
  readonly filterState: TAnalyticsFilterState;
  readonly query: TScreenQuery;
  /** What could not be loaded: 'Could not load the on-time figures'. */
  readonly errorTitle: string;
  /** Whether the answer holds nothing to chart; the screen then says so instead of empty charts. */
  readonly isEmpty: boolean;
  readonly emptyTitle: string;
  readonly emptyText: string;
  /** Extra filter controls of this screen. */
  readonly extraFilters?: ReactNode;
  readonly hasDateRange?: boolean;
  /** How many chart skeletons stand in while the figures load. */
  readonly skeletons?: number;
  readonly children: ReactNode;
};

/** An analytics screen: its title, the shared filter bar, then its charts — or loading, error or empty. */
export function AnalyticsPage({
  title,
  description,
  filterState,
  query,
  errorTitle,
  isEmpty,
  emptyTitle,
  emptyText,
  extraFilters,
  hasDateRange = true,
  skeletons = 4,
  children,
}: TAnalyticsPageProps) {
  const { filters, setParams, clearFilters } = filterState;
  const isRefreshing = query.isFetching && query.isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />
      <FilterBar filters={filters} onChange={setParams} onClear={clearFilters} hasDateRange={hasDateRange}>
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
        <LoadError
          title={errorTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : isEmpty ? (
        <EmptyState icon={ChartNoAxesColumnIcon} title={emptyTitle} text={emptyText} />
      ) : (
        <div
          aria-busy={isRefreshing}
          className={isRefreshing ? 'opacity-60 transition-opacity' : 'transition-opacity'}
        >
          {children}
        </div>
      )}
    </div>
  );
}

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type LucideIcon, SearchIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError, QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { VirtualList } from '@/components/virtual-list/virtual-list';
import { useMediaQuery } from '@/hooks/use-media-query';
import { formatCount } from '@/lib/number-format';
import { useScanToastsFor } from '@/lib/realtime/scan-toast-interest';
import type { TJobNoun } from '../../job-noun';
import { BulkStatusBar, type TJobBulkStatus } from './bulk-status-bar';
import { JobListSearch } from './job-list-search';
import { JOB_ROW_HEIGHT, JOB_ROW_NARROW_MEDIA_QUERY, JobListHeader, type TJobListColumns } from './job-row';
import { JobViewChip } from './job-view-chip';
import { NewJobButton, type TNewJobLink } from './new-job-link';
import type { TJobListFilterState } from './use-job-list-filters';

/** The words a kind of job puts on its list; the rest are built from `noun`. */
export type TJobListLabels = {
  readonly noun: TJobNoun;
  /** The page's h1 and the list's accessible name: 'Orders'. */
  readonly title: string;
  readonly description: string;
  readonly searchPlaceholder: string;
  /** What to try when nothing matches the search or filters. */
  readonly noMatchHint: string;
  readonly emptyIcon: LucideIcon;
  /** The empty list's text for a role that may write up a new job, and for one that may not. */
  readonly emptyText: { readonly canCreate: string; readonly cannotCreate: string };
  readonly columns: TJobListColumns;
};

type TJobPage<TItem> = { readonly items: readonly TItem[]; readonly total: number };

export type TJobListProps<
  TItem extends { readonly id: string },
  TStatus extends string,
  TSort extends string,
> = {
  /** Rows can be selected and moved to a status together; absent for a role that may not change statuses. */
  readonly bulkStatus?: TJobBulkStatus<TItem, TStatus> | undefined;
  readonly labels: TJobListLabels;
  /** The "New order" button, or null for a role that may not write one up. */
  readonly newJob: TNewJobLink | null;
  readonly filterState: TJobListFilterState<TStatus, TSort>;
  /** The server's pages for `filterState.filters`. */
  readonly query: UseInfiniteQueryResult<InfiniteData<TJobPage<TItem>, unknown>>;
  readonly renderRow: (item: TItem) => ReactNode;
};

/**
 * A page of orders or repairs: searched, filtered and sorted by the server, in a virtualized list that
 * stays fast at 100,000 rows, with its loading, error, empty and no-match states.
 */
export function JobList<TItem extends { readonly id: string }, TStatus extends string, TSort extends string>({
  labels,
  newJob,
  filterState,
  query,
  renderRow,
  bulkStatus,
}: TJobListProps<TItem, TStatus, TSort>) {
  const { noun } = labels;
  const { filters } = filterState;
  const isNarrow = useMediaQuery(JOB_ROW_NARROW_MEDIA_QUERY);
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  // A scan of a piece in this list is worth a toast; scans of the rest of the building are not.
  useScanToastsFor(useMemo(() => items.map((item) => item.id), [items]));
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  // Only rows still on screen count: a row that left the list (a filter, a refetch) is no longer selected.
  const selected = items.filter((item) => selectedIds.has(item.id));
  const toggle = (id: string, isSelected: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = items.length > 0 && selected.length === items.length;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={labels.title}
        description={labels.description}
        actions={newJob ? <NewJobButton link={newJob} /> : null}
      />
      <JobListSearch noun={noun} placeholder={labels.searchPlaceholder} state={filterState} />
      {filters.view ? (
        <JobViewChip view={filters.view} onRemove={() => filterState.setParam('view', null)} />
      ) : null}

      {query.isPending ? (
        <ListSkeleton noun={noun} />
      ) : query.isError && items.length === 0 ? (
        <QueryLoadError title={`Could not load the ${noun.other}`} query={query} />
      ) : items.length === 0 ? (
        filters.q || filterState.hasFilters ? (
          <EmptyState
            icon={SearchIcon}
            title={
              filters.q ? `No ${noun.other} match "${filters.q}"` : `No ${noun.other} match these filters`
            }
            text={labels.noMatchHint}
            action={
              <Button type="button" variant="outline" onClick={filterState.clearAll}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={labels.emptyIcon}
            title={`No ${noun.other} yet`}
            text={newJob ? labels.emptyText.canCreate : labels.emptyText.cannotCreate}
            action={newJob ? <NewJobButton link={newJob} /> : null}
          />
        )
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {`${formatCount(total)} ${total === 1 ? noun.one : noun.other}`}
            {query.isFetching && !query.isFetchingNextPage ? ' · updating…' : null}
          </p>
          {bulkStatus && selected.length > 0 ? (
            <BulkStatusBar
              noun={noun}
              selected={selected}
              bulk={bulkStatus}
              onDone={setSelectedIds}
              onClear={() => setSelectedIds(new Set())}
            />
          ) : null}
          <div className="flex items-end">
            {bulkStatus ? (
              <Checkbox
                className="mb-2 ml-3"
                aria-label={`Select all ${formatCount(items.length)} ${noun.other} shown`}
                checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
                onCheckedChange={(checked) =>
                  setSelectedIds(checked === true ? new Set(items.map((item) => item.id)) : new Set())
                }
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <JobListHeader columns={labels.columns} />
            </div>
          </div>
          <VirtualList
            // A new search or filter starts at the top of its list.
            key={JSON.stringify(filters)}
            items={items}
            rowHeight={isNarrow ? JOB_ROW_HEIGHT.narrow : JOB_ROW_HEIGHT.wide}
            getKey={(item) => item.id}
            renderRow={
              bulkStatus
                ? (item) => (
                    <div className="flex h-full items-center">
                      <Checkbox
                        className="ml-3"
                        aria-label={`Select ${bulkStatus.numberOf(item)}`}
                        checked={selectedIds.has(item.id)}
                        onCheckedChange={(checked) => toggle(item.id, checked === true)}
                      />
                      <div className="h-full min-w-0 flex-1">{renderRow(item)}</div>
                    </div>
                  )
                : renderRow
            }
            label={labels.title}
            totalCount={total}
            hasNextPage={query.hasNextPage && !query.isFetchNextPageError}
            isFetchingNextPage={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            className="h-[calc(100dvh-20rem)] min-h-80"
          />
          {query.isFetchNextPageError ? (
            <LoadError
              title={`Could not load more ${noun.other}`}
              error={query.error}
              onRetry={() => void query.fetchNextPage()}
              isRetrying={query.isFetchingNextPage}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}

function ListSkeleton({ noun }: { noun: TJobNoun }) {
  return (
    <div role="status" aria-label={`Loading ${noun.other}`} className="grid gap-2">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by.
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

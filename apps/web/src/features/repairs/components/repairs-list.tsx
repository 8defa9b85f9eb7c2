import { canCreateAndManageRepairs } from '@loupe/domain/auth/permissions';
import {
  REPAIR_SORTS,
  REPAIR_STATUS_LABELS,
  REPAIR_STATUSES,
  ZRepairSortSchema,
  ZRepairStatusSchema,
} from '@loupe/domain/repairs/repair';
import { PlusIcon, SearchIcon, WrenchIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { FilterSelect } from '@/components/filter-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { VirtualList } from '@/components/virtual-list/virtual-list';
import { useIsMobile } from '@/hooks/use-mobile';
import { useAuth } from '@/lib/auth/auth-context';
import { localIsoDate } from '@/lib/date-format';
import { formatCount } from '@/lib/money-format';
import { paths } from '@/lib/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRepairs } from '../api/get-repairs';
import type { TRepairListFilters, TRepairSort } from '../api/query-keys';
import { REPAIR_ROW_HEIGHT, RepairListHeader, RepairRow } from './repair-row';

export const REPAIR_SEARCH_DEBOUNCE_MS = 300;

const ANY = 'any';
const SORT_LABELS: Readonly<Record<TRepairSort, string>> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  promised: 'Promised date',
  number: 'Repair number',
};
const STATUS_OPTIONS = [
  { value: ANY, label: 'All statuses' },
  ...REPAIR_STATUSES.map((status) => ({ value: status, label: REPAIR_STATUS_LABELS[status] })),
];
const RUSH_OPTIONS = [
  { value: ANY, label: 'Rush or not' },
  { value: 'true', label: 'Rush only' },
  { value: 'false', label: 'Not rush' },
];
const TAG_OPTIONS = [
  { value: ANY, label: 'Tagged or not' },
  { value: 'true', label: 'Tagged' },
  { value: 'false', label: 'Not tagged' },
];
const SORT_OPTIONS = REPAIR_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

function readFlag(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The list's filters live in the address, so Back from a repair returns to the same list. */
function readFilters(params: URLSearchParams): TRepairListFilters {
  const status = ZRepairStatusSchema.safeParse(params.get('status'));
  const sort = ZRepairSortSchema.safeParse(params.get('sort'));
  return {
    q: params.get('q')?.trim() ?? '',
    status: status.success ? status.data : null,
    isRush: readFlag(params.get('rush')),
    tracked: readFlag(params.get('tagged')),
    sort: sort.success ? sort.data : 'newest',
  };
}

function repairCount(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'repair' : 'repairs'}`;
}

/** /repairs: every repair, searched, filtered and sorted by the server, in a list that stays fast at 100,000 rows. */
export function RepairsList({ now = () => new Date() }: { now?: () => Date }) {
  const { user } = useAuth();
  const canCreate = canCreateAndManageRepairs(user);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const [text, setText] = useState(filters.q);
  const q = useDebouncedValue(text.trim(), REPAIR_SEARCH_DEBOUNCE_MS);
  const isMobile = useIsMobile();
  const today = localIsoDate(now());

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === ANY) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  // The debounced search text goes to the address (and so to the server) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text should write the address.
  useEffect(() => {
    if (q !== filters.q) setParam('q', q);
  }, [q]);

  const query = useRepairs(filters);
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const hasFilters = filters.status !== null || filters.isRush !== null || filters.tracked !== null;

  function clearAll() {
    setText('');
    setParams(filters.sort === 'newest' ? {} : { sort: filters.sort }, { replace: true });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Repairs"
        description="Pieces in for repair, from the counter back to the customer."
        actions={
          canCreate ? (
            <Button asChild>
              <Link to={paths.repairNew}>
                <PlusIcon aria-hidden="true" />
                New repair
              </Link>
            </Button>
          ) : null
        }
      />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom). */}
      <form
        role="search"
        aria-label="Find repairs"
        className="grid gap-2 sm:flex sm:flex-wrap sm:items-center"
        // Results follow the typing; Enter has nothing more to send.
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="relative sm:min-w-64 sm:flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search repairs"
            placeholder="Number, customer or item"
            className="pl-9"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <FilterSelect
            label="Status"
            value={filters.status ?? ANY}
            onValueChange={(value) => setParam('status', value)}
            options={STATUS_OPTIONS}
          />
          <FilterSelect
            label="Rush"
            value={filters.isRush === null ? ANY : String(filters.isRush)}
            onValueChange={(value) => setParam('rush', value)}
            options={RUSH_OPTIONS}
          />
          <FilterSelect
            label="Tag"
            value={filters.tracked === null ? ANY : String(filters.tracked)}
            onValueChange={(value) => setParam('tagged', value)}
            options={TAG_OPTIONS}
          />
          <FilterSelect
            label="Sort by"
            value={filters.sort}
            onValueChange={(value) => setParam('sort', value === 'newest' ? null : value)}
            options={SORT_OPTIONS}
          />
        </div>
      </form>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && items.length === 0 ? (
        <LoadError
          title="Could not load the repairs"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <NoRepairs q={filters.q} hasFilters={hasFilters} canCreate={canCreate} onClear={clearAll} />
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {repairCount(total)}
            {query.isFetching && !query.isFetchingNextPage ? ' · updating…' : null}
          </p>
          <RepairListHeader />
          <VirtualList
            // A new search or filter starts at the top of its list.
            key={JSON.stringify(filters)}
            items={items}
            rowHeight={isMobile ? REPAIR_ROW_HEIGHT.narrow : REPAIR_ROW_HEIGHT.wide}
            getKey={(repair) => repair.id}
            renderRow={(repair) => <RepairRow repair={repair} today={today} />}
            label="Repairs"
            totalCount={total}
            hasNextPage={query.hasNextPage && !query.isFetchNextPageError}
            isFetchingNextPage={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            className="h-[calc(100dvh-20rem)] min-h-80"
          />
          {query.isFetchNextPageError ? (
            <LoadError
              title="Could not load more repairs"
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

function NoRepairs({
  q,
  hasFilters,
  canCreate,
  onClear,
}: {
  q: string;
  hasFilters: boolean;
  canCreate: boolean;
  onClear: () => void;
}) {
  if (q || hasFilters) {
    return (
      <EmptyState
        icon={SearchIcon}
        title={q ? `No repairs match "${q}"` : 'No repairs match these filters'}
        text="Try part of a repair number, a customer's name or a word of the item, or clear the filters."
        action={
          <Button type="button" variant="outline" onClick={onClear}>
            Clear search and filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={WrenchIcon}
      title="No repairs yet"
      text={
        canCreate
          ? 'Take in the first one at the counter.'
          : 'Repairs appear here once the counter takes them in.'
      }
      action={
        canCreate ? (
          <Button asChild>
            <Link to={paths.repairNew}>
              <PlusIcon aria-hidden="true" />
              New repair
            </Link>
          </Button>
        ) : null
      }
    />
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading repairs" className="grid gap-2">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by.
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

import { canCreateOrEditOrders } from '@loupe/domain/auth/permissions';
import {
  ORDER_SORTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type TOrderSort,
  ZOrderSortSchema,
  ZOrderStatusSchema,
} from '@loupe/domain/orders/order';
import { PackageIcon, PlusIcon, SearchIcon } from 'lucide-react';
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
import { useOrders } from '../api/get-orders';
import type { TOrderListFilters } from '../api/query-keys';
import { ORDER_ROW_HEIGHT, OrderListHeader, OrderRow } from './order-row';

export const ORDER_SEARCH_DEBOUNCE_MS = 300;

const ANY = 'any';
const SORT_LABELS: Readonly<Record<TOrderSort, string>> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  promised: 'Promised date',
  number: 'Order number',
};
const STATUS_OPTIONS = [
  { value: ANY, label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
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
const SORT_OPTIONS = ORDER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

function readFlag(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The list's filters live in the address, so Back from an order returns to the same list. */
function readFilters(params: URLSearchParams): TOrderListFilters {
  const status = ZOrderStatusSchema.safeParse(params.get('status'));
  const sort = ZOrderSortSchema.safeParse(params.get('sort'));
  return {
    q: params.get('q')?.trim() ?? '',
    status: status.success ? status.data : null,
    isRush: readFlag(params.get('rush')),
    tracked: readFlag(params.get('tagged')),
    sort: sort.success ? sort.data : 'newest',
  };
}

function orderCount(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'order' : 'orders'}`;
}

/** /orders: every order, searched, filtered and sorted by the server, in a list that stays fast at 100,000 rows. */
export function OrdersList({ now = () => new Date() }: { now?: () => Date }) {
  const { user } = useAuth();
  const canCreate = canCreateOrEditOrders(user);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const [text, setText] = useState(filters.q);
  const q = useDebouncedValue(text.trim(), ORDER_SEARCH_DEBOUNCE_MS);
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

  const query = useOrders(filters);
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
        title="Orders"
        description="Custom pieces from the sales desk to the customer's hand."
        actions={
          canCreate ? (
            <Button asChild>
              <Link to={paths.orderNew}>
                <PlusIcon aria-hidden="true" />
                New order
              </Link>
            </Button>
          ) : null
        }
      />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom). */}
      <form
        role="search"
        aria-label="Find orders"
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
            aria-label="Search orders"
            placeholder="Number, customer or description"
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
          title="Could not load the orders"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <NoOrders q={filters.q} hasFilters={hasFilters} canCreate={canCreate} onClear={clearAll} />
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {orderCount(total)}
            {query.isFetching && !query.isFetchingNextPage ? ' · updating…' : null}
          </p>
          <OrderListHeader />
          <VirtualList
            // A new search or filter starts at the top of its list.
            key={JSON.stringify(filters)}
            items={items}
            rowHeight={isMobile ? ORDER_ROW_HEIGHT.narrow : ORDER_ROW_HEIGHT.wide}
            getKey={(order) => order.id}
            renderRow={(order) => <OrderRow order={order} today={today} />}
            label="Orders"
            totalCount={total}
            hasNextPage={query.hasNextPage && !query.isFetchNextPageError}
            isFetchingNextPage={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            className="h-[calc(100dvh-20rem)] min-h-80"
          />
          {query.isFetchNextPageError ? (
            <LoadError
              title="Could not load more orders"
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

function NoOrders({
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
        title={q ? `No orders match "${q}"` : 'No orders match these filters'}
        text="Try part of an order number, a customer's name or a word of the description, or clear the filters."
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
      icon={PackageIcon}
      title="No orders yet"
      text={
        canCreate
          ? 'Write up the first one at the sales desk.'
          : 'Orders appear here once the sales desk writes them up.'
      }
      action={
        canCreate ? (
          <Button asChild>
            <Link to={paths.orderNew}>
              <PlusIcon aria-hidden="true" />
              New order
            </Link>
          </Button>
        ) : null
      }
    />
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading orders" className="grid gap-2">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by.
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

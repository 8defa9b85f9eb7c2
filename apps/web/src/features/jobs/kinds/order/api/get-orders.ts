import { listPageSchema } from '@loupe/domain/api/list';
import { ZOrderListItemSchema } from '@loupe/domain/orders/order';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobListSearchParams } from '../../../components/list/job-list-filters';
import { ordersQueryKeys, type TOrderListFilters } from './query-keys';

/** Rows per request: a few screens' worth, so scrolling rarely waits. */
export const ORDERS_PAGE_SIZE = 100;

const ZOrdersPageSchema = listPageSchema(ZOrderListItemSchema);

/** GET /orders: one page of the server-side searched, filtered and sorted list. */
export async function getOrders(
  filters: TOrderListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const body = await apiClient.get('orders', {
    searchParams: { ...jobListSearchParams(filters), limit: ORDERS_PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZOrdersPageSchema, body);
}

export const ordersInfiniteQueryOptions = (filters: TOrderListFilters) =>
  infiniteQueryOptions({
    queryKey: ordersQueryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getOrders(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useOrders(filters: TOrderListFilters) {
  return useInfiniteQuery(ordersInfiniteQueryOptions(filters));
}

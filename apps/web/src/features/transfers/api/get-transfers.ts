import { ZTransferListPageSchema } from '@loupe/domain/transfers/transfers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { type TTransferListFilters, transfersQueryKeys } from './transfers-query-keys';

/** A location has a few bags open at a time: one page of the server's largest size holds a screen's worth. */
export const TRANSFERS_PAGE_SIZE = 200;

/** GET /transfers: the bags in and out of a location (or all), open ones by default. */
export async function getTransfers(filters: TTransferListFilters, signal?: AbortSignal) {
  const body = await apiClient.get('transfers', {
    searchParams: {
      locationId: filters.locationId,
      direction: filters.direction,
      status: filters.status,
      limit: TRANSFERS_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZTransferListPageSchema, body);
}

export const transfersQueryOptions = (filters: TTransferListFilters) =>
  queryOptions({
    queryKey: transfersQueryKeys.list(filters),
    queryFn: ({ signal }) => getTransfers(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useTransfers(filters: TTransferListFilters) {
  return useQuery(transfersQueryOptions(filters));
}

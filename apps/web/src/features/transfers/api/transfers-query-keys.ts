import type { TTransferListQuery } from '@loupe/domain/transfers/transfers';

export type TTransferListFilters = Pick<TTransferListQuery, 'direction'> & {
  readonly locationId: string | undefined;
  readonly status: TTransferListQuery['status'];
};

/** The transfers' queries, under one root that 'transfer:changed' refreshes (lib/realtime/query-invalidation). */
export const transfersQueryKeys = {
  all: ['transfers'] as const,
  list: (filters: TTransferListFilters) => ['transfers', 'list', filters] as const,
  one: (id: string) => ['transfers', 'one', id] as const,
  locationToday: (locationId: string) => ['transfers', 'location-today', locationId] as const,
  location: (locationId: string) => ['transfers', 'location', locationId] as const,
  jobSearch: (q: string) => ['transfers', 'job-search', q] as const,
};

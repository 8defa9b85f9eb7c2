import type { TOrderSort, TOrderStatus } from '@loupe/domain/orders/order';
import type { TJobListFilters } from '../../../components/list/job-list-filters';

/** What the orders list is narrowed and ordered by; null means "any". */
export type TOrderListFilters = TJobListFilters<TOrderStatus, TOrderSort>;

/** The orders queries in one table, so each mutation invalidates exactly what it changes. */
export const ordersQueryKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (filters: TOrderListFilters) => ['orders', 'list', filters] as const,
  details: ['orders', 'detail'] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  trackings: ['orders', 'tracking'] as const,
  tracking: (orderId: string) => ['orders', 'tracking', orderId] as const,
  /** Under the tracking key: whatever refreshes the tracking refreshes the past locations too. */
  locationHistory: (orderId: string) => ['orders', 'tracking', orderId, 'location-history'] as const,
  history: (orderId: string) => ['orders', 'history', orderId] as const,
  productTypes: ['orders', 'form', 'product-types'] as const,
  metalTypes: ['orders', 'form', 'metal-types'] as const,
  designs: (q: string) => ['orders', 'form', 'designs', q] as const,
  staff: ['orders', 'form', 'staff'] as const,
  settings: ['orders', 'form', 'settings'] as const,
};

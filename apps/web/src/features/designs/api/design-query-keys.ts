import type { TDesignFilters } from './design-filters';

/** Query keys of the designer's workspace; `design:` events refresh everything under `designs`. */
export const designQueryKeys = {
  all: ['designs'] as const,
  requests: (status: string | null) => ['designs', 'requests', status] as const,
  request: (id: string) => ['designs', 'request', id] as const,
  ofOrder: (orderId: string) => ['designs', 'requests', 'order', orderId] as const,
  approval: (token: string) => ['design-approval', token] as const,
  library: ['designs', 'library'] as const,
  folders: ['designs', 'library', 'folders'] as const,
  filterOptions: ['designs', 'library', 'filter-options'] as const,
  designs: (q: string, folderId: string | null, filters: TDesignFilters) =>
    ['designs', 'library', 'designs', q, folderId, filters] as const,
};

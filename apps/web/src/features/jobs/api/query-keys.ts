import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { QueryClient } from '@tanstack/react-query';
import type { TJobListFilters } from '../components/list/job-list-filters';
import { JOB_ENDPOINTS, type TJobSortOf, type TJobStatusOf } from './job-endpoints';

/** What a list of jobs is narrowed and ordered by; null means "any". */
export type TJobListFiltersOf<K extends TJobKind> = TJobListFilters<TJobStatusOf<K>, TJobSortOf<K>>;

/**
 * A kind's queries in one table, so each mutation invalidates exactly what it changes. Their root ('orders',
 * 'repairs') is what realtime events mark stale (lib/realtime/query-invalidation.ts).
 */
export function jobQueryKeys<K extends TJobKind>(kind: K) {
  const root = JOB_ENDPOINTS[kind].root;
  return {
    all: [root] as const,
    lists: [root, 'list'] as const,
    list: (filters: TJobListFiltersOf<K>) => [root, 'list', filters] as const,
    details: [root, 'detail'] as const,
    detail: (jobId: string) => [root, 'detail', jobId] as const,
    trackings: [root, 'tracking'] as const,
    tracking: (jobId: string) => [root, 'tracking', jobId] as const,
    /** Under the tracking key: whatever refreshes the tracking refreshes the past locations too. */
    locationHistory: (jobId: string) => [root, 'tracking', jobId, 'location-history'] as const,
    history: (jobId: string) => [root, 'history', jobId] as const,
    /** Under the detail key: whatever refreshes the job refreshes its labour too. */
    labour: (jobId: string) => [root, 'detail', jobId, 'labour'] as const,
    settings: [root, 'form', 'settings'] as const,
  };
}

/** What only the order form reads: catalog lists, designs and staff. */
export const orderFormQueryKeys = {
  productTypes: ['orders', 'form', 'product-types'] as const,
  metalTypes: ['orders', 'form', 'metal-types'] as const,
  designs: (q: string) => ['orders', 'form', 'designs', q] as const,
  staff: ['orders', 'form', 'staff'] as const,
};

/** A change to a job's own record (a photo, a field) shows in its detail and its history. */
export function invalidateJob(queryClient: QueryClient, kind: TJobKind, jobId: string) {
  const keys = jobQueryKeys(kind);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.detail(jobId) }),
    queryClient.invalidateQueries({ queryKey: keys.history(jobId) }),
  ]);
}

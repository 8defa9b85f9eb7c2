import type { REPAIR_SORTS, TRepairStatus } from '@loupe/domain/repairs/repair';
import type { TJobListFilters } from '../../../components/list/job-list-filters';

export type TRepairSort = (typeof REPAIR_SORTS)[number];

/** What the repairs list is narrowed and ordered by; null means "any". */
export type TRepairListFilters = TJobListFilters<TRepairStatus, TRepairSort>;

/** The repairs queries in one table, so each mutation invalidates exactly what it changes. */
export const repairsQueryKeys = {
  all: ['repairs'] as const,
  lists: ['repairs', 'list'] as const,
  list: (filters: TRepairListFilters) => ['repairs', 'list', filters] as const,
  details: ['repairs', 'detail'] as const,
  detail: (repairId: string) => ['repairs', 'detail', repairId] as const,
  trackings: ['repairs', 'tracking'] as const,
  tracking: (repairId: string) => ['repairs', 'tracking', repairId] as const,
  /** Under the tracking key: whatever refreshes the tracking refreshes the past locations too. */
  locationHistory: (repairId: string) => ['repairs', 'tracking', repairId, 'location-history'] as const,
  history: (repairId: string) => ['repairs', 'history', repairId] as const,
  settings: ['repairs', 'form', 'settings'] as const,
};

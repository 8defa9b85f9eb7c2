import { canCreateAndManageRepairs } from '@loupe/domain/auth/permissions';
import {
  REPAIR_SORTS,
  REPAIR_STATUS_LABELS,
  REPAIR_STATUS_TRANSITIONS,
  REPAIR_STATUSES,
  type TRepairListItem,
  type TRepairStatus,
} from '@loupe/domain/repairs/repair';
import { WrenchIcon } from 'lucide-react';
import { useMemo } from 'react';
import { usePredictions } from '@/lib/analytics-api/get-predictions';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';
import type { TJobBulkStatus } from '../../../components/list/bulk-status-bar';
import { JobList, type TJobListLabels } from '../../../components/list/job-list';
import { JOB_SORT_LABELS, type TJobListChoices } from '../../../components/list/job-list-filters';
import { useJobListFilters } from '../../../components/list/use-job-list-filters';
import { useRepairs } from '../api/get-repairs';
import type { TRepairSort } from '../api/query-keys';
import { useUpdateRepair } from '../api/update-repair';
import { REPAIR_NOUN } from './repair-labels';
import { REPAIR_COLUMNS, RepairRow } from './repair-row';

const REPAIR_LIST_LABELS: TJobListLabels = {
  noun: REPAIR_NOUN,
  title: 'Repairs',
  description: 'Pieces in for repair, from the counter back to the customer.',
  searchPlaceholder: 'Number, customer or item',
  noMatchHint: "Try part of a repair number, a customer's name or a word of the item, or clear the filters.",
  emptyIcon: WrenchIcon,
  emptyText: {
    canCreate: 'Take in the first one at the counter.',
    cannotCreate: 'Repairs appear here once the counter takes them in.',
  },
  columns: REPAIR_COLUMNS,
};

const REPAIR_CHOICES: TJobListChoices<TRepairStatus, TRepairSort> = {
  statuses: REPAIR_STATUSES,
  statusLabels: REPAIR_STATUS_LABELS,
  sorts: REPAIR_SORTS,
  sortLabels: { ...JOB_SORT_LABELS, number: 'Repair number' },
  defaultSort: 'newest',
};

/** /repairs: every repair, searched, filtered and sorted by the server, in a list that stays fast at 100,000 rows. */
export function RepairsList() {
  const { user } = useAuth();
  const filterState = useJobListFilters(REPAIR_CHOICES);
  const query = useRepairs(filterState.filters);
  const openIds = useMemo(
    () =>
      (query.data?.pages ?? [])
        .flatMap((page) => page.items)
        // Open jobs carry a state; a finished one has none, and nothing to predict.
        .filter((job) => job.state !== null)
        .map((job) => job.id),
    [query.data],
  );
  const predictions = usePredictions({ kind: 'repair', ids: openIds });
  const update = useUpdateRepair();
  const bulkStatus: TJobBulkStatus<TRepairListItem, TRepairStatus> = {
    transitions: REPAIR_STATUS_TRANSITIONS,
    labels: REPAIR_STATUS_LABELS,
    statusOf: (repair) => repair.status,
    numberOf: (repair) => repair.repairNumber,
    apply: (repair, status) => update.mutateAsync({ repairId: repair.id, changes: { status } }),
  };
  return (
    <JobList
      labels={REPAIR_LIST_LABELS}
      newJob={canCreateAndManageRepairs(user) ? { to: paths.repairNew, label: 'New repair' } : null}
      filterState={filterState}
      query={query}
      renderRow={(repair) => <RepairRow repair={repair} prediction={predictions.get(repair.id)} />}
      bulkStatus={canCreateAndManageRepairs(user) ? bulkStatus : undefined}
    />
  );
}

import { isReadyAwayFromPickup } from '@loupe/domain/jobs/job-locations';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMemo } from 'react';
import { usePredictions } from '@/lib/analytics-api/get-predictions';
import { useAuth } from '@/lib/auth/auth-context';
import { useLocations } from '@/lib/registry-api/get-locations';
import { locationNameOf } from '@/lib/registry-api/location-names';
import { useJobs } from '../api/get-jobs';
import type { TJobListItemOf, TJobStatusOf } from '../api/job-endpoints';
import { useUpdateJob } from '../api/update-job';
import { JOB_KINDS } from '../kinds/job-kinds';
import type { TJobBulkStatus } from './list/bulk-status-bar';
import { JobList } from './list/job-list';
import { JobRow } from './list/job-row';
import { useJobListFilters } from './list/use-job-list-filters';

/**
 * /orders and /repairs: every job of the kind, searched, filtered and sorted by the server, in a list that
 * stays fast at 100,000 rows.
 */
export function JobsList<K extends TJobKind>({ kind }: { kind: K }) {
  const { user } = useAuth();
  const ui = JOB_KINDS[kind];
  const filterState = useJobListFilters(ui.list.choices);
  const query = useJobs(kind, filterState.filters);
  const openIds = useMemo(
    () =>
      (query.data?.pages ?? [])
        .flatMap((page) => page.items)
        // Open jobs carry a state; a finished one has none, and nothing to predict.
        .filter((job) => job.state !== null)
        .map((job) => job.id),
    [query.data],
  );
  const predictions = usePredictions({ kind, ids: openIds });
  const update = useUpdateJob(kind);
  const canWrite = ui.canWrite(user);
  const bulkStatus: TJobBulkStatus<TJobListItemOf<K>, TJobStatusOf<K>> = {
    transitions: ui.statusTransitions,
    labels: ui.statusLabels,
    statusOf: ui.list.statusOf,
    numberOf: ui.list.numberOf,
    apply: (job, status) => update.mutateAsync({ jobId: job.id, changes: ui.statusChange(status) }),
  };
  const { StatusBadge } = ui;
  const locations = useLocations().data?.items;
  return (
    <JobList
      labels={ui.list.labels}
      newJob={canWrite ? { to: ui.paths.new, label: `New ${ui.noun.one}` } : null}
      filterState={filterState}
      query={query}
      renderRow={(job) => (
        // A job in the list: what it is under the customer, the kind's amount in the money column.
        <JobRow
          to={ui.paths.detail(job.id)}
          number={ui.list.numberOf(job)}
          isRush={job.isRush}
          customerName={job.customer.name}
          summary={ui.list.summaryOf(job)}
          statusBadge={<StatusBadge status={ui.list.statusOf(job)} />}
          promisedDate={job.promisedDate}
          state={job.state}
          tracking={job.tracking}
          amountCents={ui.list.amountOf(job)}
          prediction={job.state === null ? null : predictions.get(job.id)}
          amountLabel={ui.list.labels.columns.amount}
          sendToPickup={isReadyAwayFromPickup(job) ? locationNameOf(locations, job.pickupLocationId) : null}
        />
      )}
      bulkStatus={canWrite ? bulkStatus : undefined}
    />
  );
}

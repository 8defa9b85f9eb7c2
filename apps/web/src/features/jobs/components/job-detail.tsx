import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useScanToastsFor } from '@/lib/realtime/scan-toast-interest';
import { useAssignJobEpc } from '../api/assign-job-epc';
import { useDeleteJobPhoto } from '../api/delete-job-photo';
import { useJob } from '../api/get-job';
import { useJobHistory } from '../api/get-job-history';
import { useJobLabour } from '../api/get-job-labour';
import { useJobLocationHistory } from '../api/get-job-location-history';
import { useJobTracking } from '../api/get-job-tracking';
import type { TJobOf } from '../api/job-endpoints';
import { useReturnJobFromOffsite } from '../api/return-job-from-offsite';
import { useSetJobExpectedOffsite } from '../api/set-job-expected-offsite';
import { useStopJobTracking } from '../api/stop-job-tracking';
import { useUpdateJob } from '../api/update-job';
import { useUploadJobPhoto } from '../api/upload-job-photo';
import { capitalized } from '../job-noun';
import { JOB_KINDS } from '../kinds/job-kinds';
import { JobDetailLayout } from './detail/job-detail-layout';
import { JobDetailLoader } from './detail/job-detail-loader';
import { JobFacts } from './detail/job-facts';
import { JobHistory } from './detail/job-history';
import { JobLabour } from './detail/job-labour';
import { JobLocationFacts, ReadyAwayWarning } from './detail/job-locations';
import { JobPhotos } from './detail/job-photos';
import { JobTracking } from './detail/job-tracking';
import { QuickStatusActions } from './detail/quick-status-actions';
import { JobMaterialsSection } from './materials/job-materials-section';

export type TJobDetailProps<K extends TJobKind> = {
  readonly kind: K;
  readonly jobId: string;
  readonly now?: () => Date;
  /** The order's design panel, composed in by the app (features never import each other). */
  readonly designPanel?: (jobId: string) => ReactNode;
};

/** /orders/:orderId and /repairs/:repairId: the job, where it is, its photos and everything that happened to it. */
export function JobDetail<K extends TJobKind>({
  kind,
  jobId,
  now = () => new Date(),
  designPanel,
}: TJobDetailProps<K>) {
  const query = useJob(kind, jobId);
  const ui = JOB_KINDS[kind];
  return (
    <JobDetailLoader noun={ui.noun} query={query} listPath={ui.paths.list}>
      {(job) => <LoadedJob kind={kind} job={job} now={now()} designPanel={designPanel} />}
    </JobDetailLoader>
  );
}

type TLoadedJobProps<K extends TJobKind> = {
  kind: K;
  job: TJobOf<K>;
  now: Date;
  designPanel?: TJobDetailProps<K>['designPanel'];
};

function LoadedJob<K extends TJobKind>({ kind, job, now, designPanel }: TLoadedJobProps<K>) {
  const { user } = useAuth();
  useScanToastsFor([job.id]);
  const ui = JOB_KINDS[kind];
  const canWrite = ui.canWrite(user);
  const { Facts } = ui.detail;
  const { StatusBadge } = ui;
  return (
    <JobDetailLayout
      noun={ui.noun}
      listPath={ui.paths.list}
      number={ui.detail.numberOf(job)}
      customerName={job.customer.name}
      ticket={{
        kindLabel: capitalized(ui.noun.one),
        number: ui.detail.numberOf(job),
        customerName: job.customer.name,
        customerPhone: job.customer.phone,
        promisedDate: job.promisedDate,
        isRush: job.isRush,
        ...ui.detail.ticket(job),
        epc: job.tracking?.epc ?? null,
      }}
      publicLink={{ kind, id: job.id }}
      canMessageCustomer={canWrite}
      editPath={canWrite ? ui.paths.edit(job.id) : null}
      statusBadge={<StatusBadge status={ui.detail.statusOf(job)} />}
      isRush={job.isRush}
      statusActions={canWrite ? <JobStatusActions kind={kind} job={job} /> : null}
      state={job.state}
      now={now}
      main={
        <>
          <ReadyAwayWarning job={job} />
          <JobFacts
            customer={job.customer}
            promisedDate={job.promisedDate}
            prediction={job.predictedCompletion}
            createdLabel={ui.detail.createdLabel}
            createdAt={job.createdAt}
            updatedAt={job.updatedAt}
          >
            <Facts job={job} />
            <JobLocationFacts job={job} />
          </JobFacts>
          {designPanel?.(job.id)}
          <JobDetailPhotos kind={kind} job={job} canEdit={canWrite} />
          <JobMaterialsSection kind={kind} job={job} user={user} canWrite={canWrite} />
          <JobDetailLabour kind={kind} jobId={job.id} />
          <JobDetailHistory kind={kind} jobId={job.id} now={now} />
        </>
      }
      aside={
        <JobDetailTracking
          kind={kind}
          job={job}
          canManage={canWrite}
          canManageOffsite={ui.canManageOffsite(user)}
          now={now}
        />
      }
    />
  );
}

function JobDetailPhotos<K extends TJobKind>({
  kind,
  job,
  canEdit,
}: {
  kind: K;
  job: TJobOf<K>;
  canEdit: boolean;
}) {
  const upload = useUploadJobPhoto(kind);
  const remove = useDeleteJobPhoto(kind);
  return (
    <JobPhotos
      photos={job.photos}
      canEdit={canEdit}
      upload={(file, onProgress) => upload.mutateAsync({ jobId: job.id, file, onProgress })}
      remove={(photo) => remove.mutateAsync({ jobId: job.id, photoId: photo.id })}
    />
  );
}

function JobDetailLabour({ kind, jobId }: { kind: TJobKind; jobId: string }) {
  const labour = useJobLabour(kind, jobId);
  return <JobLabour labour={labour.data} error={labour.error} onRetry={() => void labour.refetch()} />;
}

function JobDetailHistory({ kind, jobId, now }: { kind: TJobKind; jobId: string; now: Date }) {
  const history = useJobHistory(kind, jobId);
  return <JobHistory history={history} formatter={JOB_KINDS[kind].changeFormatter} now={now} />;
}

function JobDetailTracking<K extends TJobKind>({
  kind,
  job,
  canManage,
  canManageOffsite,
  now,
}: {
  kind: K;
  job: TJobOf<K>;
  canManage: boolean;
  canManageOffsite: boolean;
  now: Date;
}) {
  const ui = JOB_KINDS[kind];
  const tracking = useJobTracking(kind, job.id);
  const pastLocations = useJobLocationHistory(kind, job.id, { enabled: tracking.data === null });
  const assign = useAssignJobEpc(kind);
  const expected = useSetJobExpectedOffsite(kind);
  const stop = useStopJobTracking(kind);
  const giveBack = useReturnJobFromOffsite(kind);
  const jobId = job.id;
  const number = ui.detail.numberOf(job);
  return (
    <JobTracking
      itemNoun={ui.noun.one}
      number={number}
      summary={job.tracking}
      offsiteSince={job.state?.offsiteSince ?? null}
      tracking={tracking}
      pastLocations={pastLocations}
      isAtNewest={ui.detail.isAtNewest}
      now={now}
      canManage={canManage}
      canManageOffsite={canManageOffsite}
      actions={{
        assign: (epc) => assign.mutateAsync({ jobId, epcCode: epc, jobNumber: number }),
        stop: () => stop.mutateAsync({ jobId }),
        setExpectedOffsite: (expectedOffsite) => expected.mutateAsync({ jobId, expectedOffsite }),
        returnFromOffsite: () => giveBack.mutateAsync({ jobId }),
      }}
    />
  );
}

function JobStatusActions<K extends TJobKind>({ kind, job }: { kind: K; job: TJobOf<K> }) {
  const ui = JOB_KINDS[kind];
  const update = useUpdateJob(kind);
  return (
    <QuickStatusActions
      itemNoun={ui.noun.one}
      number={ui.detail.numberOf(job)}
      status={ui.detail.statusOf(job)}
      transitions={ui.statusTransitions}
      labels={ui.statusLabels}
      onChange={(status) => update.mutateAsync({ jobId: job.id, changes: ui.statusChange(status) })}
    />
  );
}

import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useAuth } from '@/lib/auth/auth-context';
import { useJob } from '../api/get-job';
import { JOB_KINDS } from '../kinds/job-kinds';
import { JobEditPage } from './form/job-edit-page';
import { JobNotAllowed } from './form/job-not-allowed';

/** /orders/:orderId/edit and /repairs/:repairId/edit: the kind's form, once the job is loaded. */
export function JobEdit<K extends TJobKind>({
  kind,
  jobId,
  now,
}: {
  kind: K;
  jobId: string;
  now?: () => Date;
}) {
  const { user } = useAuth();
  const query = useJob(kind, jobId);
  const ui = JOB_KINDS[kind];
  const { Form } = ui;
  return (
    <JobEditPage
      noun={ui.noun}
      query={query}
      numberOf={ui.detail.numberOf}
      canEdit={ui.canWrite(user)}
      notAllowed={<JobNotAllowed kind={kind} action={ui.notAllowed.edit} />}
    >
      {(job) => <Form job={job} {...(now ? { now } : {})} />}
    </JobEditPage>
  );
}

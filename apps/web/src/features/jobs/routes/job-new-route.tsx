import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { JobNotAllowed } from '../components/form/job-not-allowed';
import { JOB_KINDS } from '../kinds/job-kinds';

export function JobNewRoute({ kind }: { kind: TJobKind }) {
  const { user } = useAuth();
  const ui = JOB_KINDS[kind];
  const { Form } = ui;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={ui.newPage.title} description={ui.newPage.description} />
      {ui.canWrite(user) ? <Form job={null} /> : <JobNotAllowed kind={kind} action={ui.notAllowed.create} />}
    </div>
  );
}

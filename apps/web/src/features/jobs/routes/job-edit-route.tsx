import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useParams } from 'react-router';
import { JobEdit } from '../components/job-edit';
import { JOB_KINDS } from '../kinds/job-kinds';

export function JobEditRoute({ kind }: { kind: TJobKind }) {
  const { [JOB_KINDS[kind].paths.param]: jobId = '' } = useParams();
  return <JobEdit key={jobId} kind={kind} jobId={jobId} />;
}

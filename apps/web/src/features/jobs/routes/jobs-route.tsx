import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { JobsList } from '../components/jobs-list';

export function JobsRoute({ kind }: { kind: TJobKind }) {
  return <JobsList kind={kind} />;
}

import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useParams } from 'react-router';
import { useRealtimeRoom } from '@/lib/realtime/use-realtime-room';
import { JobDetail, type TJobDetailProps } from '../components/job-detail';
import { JOB_KINDS } from '../kinds/job-kinds';

export function JobDetailRoute({
  kind,
  designPanel,
}: { kind: TJobKind } & Pick<TJobDetailProps<TJobKind>, 'designPanel'>) {
  const { [JOB_KINDS[kind].paths.param]: jobId = '' } = useParams();
  // Spec §7: the page follows its job's room (order:{id} or repair:{id}) and leaves it on exit.
  useRealtimeRoom(jobId === '' ? null : { kind, id: jobId });
  // A new key per job: nothing typed or opened on one job carries over to the next.
  return <JobDetail key={jobId} kind={kind} jobId={jobId} {...(designPanel ? { designPanel } : {})} />;
}

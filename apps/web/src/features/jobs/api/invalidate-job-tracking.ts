import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useQueryClient } from '@tanstack/react-query';
import { jobQueryKeys } from './query-keys';

/** Every tracking change moves the job's row, its detail, its timeline and its history. */
export function useInvalidateJobTracking(kind: TJobKind) {
  const queryClient = useQueryClient();
  const keys = jobQueryKeys(kind);
  return (jobId: string, { everyJob = false }: { everyJob?: boolean } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.lists }),
      // An EPC moved from another job of the kind changes that job too.
      queryClient.invalidateQueries({ queryKey: everyJob ? keys.details : keys.detail(jobId) }),
      queryClient.invalidateQueries({ queryKey: everyJob ? keys.trackings : keys.tracking(jobId) }),
      queryClient.invalidateQueries({ queryKey: keys.history(jobId) }),
    ]);
}

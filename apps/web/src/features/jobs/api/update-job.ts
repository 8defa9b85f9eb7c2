import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { JOB_ENDPOINTS, jobPath, type TUpdateJobInputOf } from './job-endpoints';
import { jobQueryKeys } from './query-keys';

export type TUpdateJobInput<K extends TJobKind> = { jobId: string; changes: TUpdateJobInputOf<K> };

/** PATCH /orders/:id or /repairs/:id with only the fields that changed (the history records exactly those). */
export async function updateJob<K extends TJobKind>(kind: K, { jobId, changes }: TUpdateJobInput<K>) {
  return parseData(JOB_ENDPOINTS[kind].item, await apiClient.patch(jobPath(kind, jobId), changes));
}

export function useUpdateJob<K extends TJobKind>(kind: K) {
  const queryClient = useQueryClient();
  const keys = jobQueryKeys(kind);
  return useMutation({
    mutationFn: (input: TUpdateJobInput<K>) => updateJob(kind, input),
    onSuccess: (job) => {
      queryClient.setQueryData(keys.detail(job.id), job);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.lists }),
        queryClient.invalidateQueries({ queryKey: keys.history(job.id) }),
      ]);
    },
  });
}

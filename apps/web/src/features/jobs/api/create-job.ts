import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { JOB_ENDPOINTS, type TCreateJobInputOf } from './job-endpoints';
import { jobQueryKeys } from './query-keys';

/** POST /orders or /repairs; the server gives the job its number. */
export async function createJob<K extends TJobKind>(kind: K, input: TCreateJobInputOf<K>) {
  const endpoints = JOB_ENDPOINTS[kind];
  return parseData(endpoints.item, await apiClient.post(endpoints.root, input));
}

export function useCreateJob<K extends TJobKind>(kind: K) {
  const queryClient = useQueryClient();
  const keys = jobQueryKeys(kind);
  return useMutation({
    mutationFn: (input: TCreateJobInputOf<K>) => createJob(kind, input),
    onSuccess: (job) => {
      queryClient.setQueryData(keys.detail(job.id), job);
      return queryClient.invalidateQueries({ queryKey: keys.lists });
    },
  });
}

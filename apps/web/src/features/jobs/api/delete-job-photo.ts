import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { jobPath } from './job-endpoints';
import { invalidateJob } from './query-keys';

export type TDeleteJobPhotoInput = { jobId: string; photoId: string };

/** DELETE /orders/:id/photos/:imageId or /repairs/:id/photos/:imageId. */
export async function deleteJobPhoto(kind: TJobKind, { jobId, photoId }: TDeleteJobPhotoInput) {
  return parseSuccess(await apiClient.delete(jobPath(kind, jobId, `photos/${encodeURIComponent(photoId)}`)));
}

export function useDeleteJobPhoto(kind: TJobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDeleteJobPhotoInput) => deleteJobPhoto(kind, input),
    onSuccess: (_answer, input) => invalidateJob(queryClient, kind, input.jobId),
  });
}

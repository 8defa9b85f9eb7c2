import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { JOB_ENDPOINTS, jobPath } from './job-endpoints';
import { invalidateJob } from './query-keys';

export type TUploadJobPhotoInput = {
  jobId: string;
  file: File;
  onProgress?: (fraction: number) => void;
};

/** POST /orders/:id/photos or /repairs/:id/photos: one image, multipart field `file`, with upload progress. */
export async function uploadJobPhoto(kind: TJobKind, { jobId, file, onProgress }: TUploadJobPhotoInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiClient.upload(jobPath(kind, jobId, 'photos'), form, {
    ...(onProgress ? { onProgress: (progress) => onProgress(progress.percent) } : {}),
  });
  // The upload answers the new attachment (or the job holding it); the screen re-reads the job either way.
  return parseData(z.union([ZAttachmentSchema, JOB_ENDPOINTS[kind].item]), body);
}

export function useUploadJobPhoto(kind: TJobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUploadJobPhotoInput) => uploadJobPhoto(kind, input),
    onSuccess: (_answer, input) => invalidateJob(queryClient, kind, input.jobId),
  });
}

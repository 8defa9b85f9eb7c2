import { type TAttachment, ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { JOB_ENDPOINTS, jobPath, type TJobOf } from './job-endpoints';
import { invalidateJob } from './query-keys';

// The upload answers the new attachment (or the job holding it); the screen re-reads the job either way.
const UPLOAD_ANSWER_SCHEMAS: { readonly [K in TJobKind]: z.ZodType<TAttachment | TJobOf<K>> } = {
  order: lazySchema(() => z.union([ZAttachmentSchema, JOB_ENDPOINTS.order.item])),
  repair: lazySchema(() => z.union([ZAttachmentSchema, JOB_ENDPOINTS.repair.item])),
};

export type TUploadJobPhotoInput = {
  jobId: string;
  file: File;
  onProgress?: (fraction: number) => void;
};

/** POST /orders/:id/photos or /repairs/:id/photos: one image, multipart field `file`, with upload progress. */
export async function uploadJobPhoto<K extends TJobKind>(
  kind: K,
  { jobId, file, onProgress }: TUploadJobPhotoInput,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiClient.upload(jobPath(kind, jobId, 'photos'), form, {
    ...(onProgress ? { onProgress: (progress) => onProgress(progress.percent) } : {}),
  });
  return parseData(UPLOAD_ANSWER_SCHEMAS[kind], body);
}

export function useUploadJobPhoto(kind: TJobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUploadJobPhotoInput) => uploadJobPhoto(kind, input),
    onSuccess: (_answer, input) => invalidateJob(queryClient, kind, input.jobId),
  });
}

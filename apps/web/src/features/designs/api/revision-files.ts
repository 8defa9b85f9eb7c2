import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { parseSuccess } from '@/lib/api-result';
import { designQueryKeys } from './design-query-keys';

const filesPath = (requestId: string, revisionId: string) =>
  `design-requests/${encodeURIComponent(requestId)}/revisions/${encodeURIComponent(revisionId)}/files`;

/** POST …/revisions/{revisionId}/files: one render, multipart, with upload progress (spec §7). */
export async function uploadRevisionFile({
  requestId,
  revisionId,
  file,
  onProgress,
}: {
  requestId: string;
  revisionId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiClient.upload(filesPath(requestId, revisionId), form, {
    ...(onProgress ? { onProgress: (progress) => onProgress(progress.percent) } : {}),
  });
  return parseData(z.array(ZAttachmentSchema), body);
}

/** DELETE …/revisions/{revisionId}/files/{fileId}. */
export async function deleteRevisionFile(input: { requestId: string; revisionId: string; fileId: string }) {
  return parseSuccess(
    await apiClient.delete(
      `${filesPath(input.requestId, input.revisionId)}/${encodeURIComponent(input.fileId)}`,
    ),
  );
}

export function useUploadRevisionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRevisionFile,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: designQueryKeys.request(input.requestId) }),
  });
}

export function useDeleteRevisionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRevisionFile,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: designQueryKeys.request(input.requestId) }),
  });
}

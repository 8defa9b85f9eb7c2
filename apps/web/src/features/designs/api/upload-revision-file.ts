import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { revisionFilesPath, type TRevisionRef } from './design-paths';
import { designQueryKeys } from './design-query-keys';

/** POST …/revisions/{revisionId}/files: one render or CAD file, multipart, with upload progress (spec §7). */
export async function uploadRevisionFile({
  file,
  onProgress,
  ...revision
}: TRevisionRef & { file: File; onProgress?: (fraction: number) => void }) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiClient.upload(revisionFilesPath(revision), form, {
    ...(onProgress ? { onProgress: (progress) => onProgress(progress.percent) } : {}),
  });
  return parseData(z.array(ZAttachmentSchema), body);
}

export function useUploadRevisionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRevisionFile,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: designQueryKeys.request(input.requestId) }),
  });
}

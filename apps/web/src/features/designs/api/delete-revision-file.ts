import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { revisionFilesPath, type TRevisionRef } from './design-paths';
import { designQueryKeys } from './design-query-keys';

/** DELETE …/revisions/{revisionId}/files/{fileId}. */
export async function deleteRevisionFile({ fileId, ...revision }: TRevisionRef & { fileId: string }) {
  return parseSuccess(await apiClient.delete(`${revisionFilesPath(revision)}/${encodeURIComponent(fileId)}`));
}

export function useDeleteRevisionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRevisionFile,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: designQueryKeys.request(input.requestId) }),
  });
}

import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { ZRepairSchema } from '@loupe/domain/repairs/repair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { parseSuccess } from '@/lib/api-result';
import { repairsQueryKeys } from './query-keys';

// The upload answers the new attachment (or the repair holding it); the screen re-reads the repair either way.
const ZPhotoUploadAnswerSchema = z.union([ZAttachmentSchema, ZRepairSchema]);

/** POST /repairs/:id/photos: one image, multipart field `file`, with upload progress. */
export async function uploadRepairPhoto({
  repairId,
  file,
  onProgress,
}: {
  repairId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiClient.upload(`repairs/${encodeURIComponent(repairId)}/photos`, form, {
    ...(onProgress ? { onProgress: (progress) => onProgress(progress.percent) } : {}),
  });
  return parseData(ZPhotoUploadAnswerSchema, body);
}

/** DELETE /repairs/:id/photos/:imageId. */
export async function deleteRepairPhoto({ repairId, photoId }: { repairId: string; photoId: string }) {
  return parseSuccess(
    await apiClient.delete(`repairs/${encodeURIComponent(repairId)}/photos/${encodeURIComponent(photoId)}`),
  );
}

function useInvalidatePhotos() {
  const queryClient = useQueryClient();
  return (repairId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: repairsQueryKeys.detail(repairId) }),
      queryClient.invalidateQueries({ queryKey: repairsQueryKeys.history(repairId) }),
    ]);
}

export function useUploadRepairPhoto() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: uploadRepairPhoto,
    onSuccess: (_answer, input) => invalidate(input.repairId),
  });
}

export function useDeleteRepairPhoto() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: deleteRepairPhoto,
    onSuccess: (_answer, input) => invalidate(input.repairId),
  });
}

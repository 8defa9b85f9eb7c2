import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { ZOrderSchema } from '@loupe/domain/orders/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { parseSuccess } from '@/lib/api-result';
import { ordersQueryKeys } from './query-keys';

// The upload answers the new attachment (or the order holding it); the screen re-reads the order either way.
const ZPhotoUploadAnswerSchema = z.union([ZAttachmentSchema, ZOrderSchema]);

/** POST /orders/:id/photos: one image, multipart field `file`, with upload progress. */
export async function uploadOrderPhoto({
  orderId,
  file,
  onProgress,
}: {
  orderId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiClient.upload(`orders/${encodeURIComponent(orderId)}/photos`, form, {
    ...(onProgress ? { onProgress: (progress) => onProgress(progress.percent) } : {}),
  });
  return parseData(ZPhotoUploadAnswerSchema, body);
}

/** DELETE /orders/:id/photos/:imageId. */
export async function deleteOrderPhoto({ orderId, photoId }: { orderId: string; photoId: string }) {
  return parseSuccess(
    await apiClient.delete(`orders/${encodeURIComponent(orderId)}/photos/${encodeURIComponent(photoId)}`),
  );
}

function useInvalidatePhotos() {
  const queryClient = useQueryClient();
  return (orderId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ordersQueryKeys.detail(orderId) }),
      queryClient.invalidateQueries({ queryKey: ordersQueryKeys.history(orderId) }),
    ]);
}

export function useUploadOrderPhoto() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: uploadOrderPhoto,
    onSuccess: (_answer, input) => invalidate(input.orderId),
  });
}

export function useDeleteOrderPhoto() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: deleteOrderPhoto,
    onSuccess: (_answer, input) => invalidate(input.orderId),
  });
}

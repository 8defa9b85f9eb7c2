import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { useLibraryMutation } from './use-library-mutation';

/** DELETE /catalog/designs/{id}/images/{imageId}. */
export async function deleteDesignImage(input: { id: string; imageId: string }) {
  return parseSuccess(
    await apiClient.delete(
      `catalog/designs/${encodeURIComponent(input.id)}/images/${encodeURIComponent(input.imageId)}`,
    ),
  );
}

export const useDeleteDesignImage = () => useLibraryMutation(deleteDesignImage);

import { ZAttachmentSchema, ZDesignFolderSchema, ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { parseSuccess } from '@/lib/api-result';
import { designQueryKeys } from './design-query-keys';

/** POST /catalog/design-folders. */
export async function createDesignFolder(input: { name: string; parentId: string | null }) {
  return parseData(ZDesignFolderSchema, await apiClient.post('catalog/design-folders', input));
}

/** POST /catalog/designs. */
export async function createDesign(input: { name: string; description: string; folderId: string | null }) {
  return parseData(ZDesignSchema, await apiClient.post('catalog/designs', input));
}

/** PATCH /catalog/designs/{id}: the fields given. */
export async function updateDesign(input: { id: string; stones?: string; tags?: string[] }) {
  const { id, ...body } = input;
  return parseData(ZDesignSchema, await apiClient.patch(`catalog/designs/${encodeURIComponent(id)}`, body));
}

/** POST /catalog/designs/{id}/copy: a new custom design from a library one, with copies of its images. */
export async function copyDesign(input: { id: string; name?: string }) {
  const { id, ...body } = input;
  return parseData(
    ZDesignSchema,
    await apiClient.post(`catalog/designs/${encodeURIComponent(id)}/copy`, body),
  );
}

/** POST /catalog/designs/{id}/images: one image, multipart, with upload progress. */
export async function uploadDesignImage(input: {
  id: string;
  file: File;
  onProgress?: (fraction: number) => void;
}) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  const body = await apiClient.upload(`catalog/designs/${encodeURIComponent(input.id)}/images`, form, {
    ...(input.onProgress ? { onProgress: (progress) => input.onProgress?.(progress.percent) } : {}),
  });
  return parseData(z.array(ZAttachmentSchema), body);
}

/** DELETE /catalog/designs/{id}/images/{imageId}. */
export async function deleteDesignImage(input: { id: string; imageId: string }) {
  return parseSuccess(
    await apiClient.delete(
      `catalog/designs/${encodeURIComponent(input.id)}/images/${encodeURIComponent(input.imageId)}`,
    ),
  );
}

function useLibraryMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.library }),
  });
}

export const useCreateDesignFolder = () => useLibraryMutation(createDesignFolder);
export const useCreateDesign = () => useLibraryMutation(createDesign);
export const useUpdateDesign = () => useLibraryMutation(updateDesign);
export const useCopyDesign = () => useLibraryMutation(copyDesign);
export const useUploadDesignImage = () => useLibraryMutation(uploadDesignImage);
export const useDeleteDesignImage = () => useLibraryMutation(deleteDesignImage);

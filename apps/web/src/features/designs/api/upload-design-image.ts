import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useLibraryMutation } from './use-library-mutation';

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

export const useUploadDesignImage = () => useLibraryMutation(uploadDesignImage);

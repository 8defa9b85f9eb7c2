import { ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useLibraryMutation } from './use-library-mutation';

/** POST /catalog/designs/{id}/copy: a new custom design from a library one, with copies of its images. */
export async function copyDesign(input: { id: string; name?: string }) {
  const { id, ...body } = input;
  return parseData(
    ZDesignSchema,
    await apiClient.post(`catalog/designs/${encodeURIComponent(id)}/copy`, body),
  );
}

export const useCopyDesign = () => useLibraryMutation(copyDesign);

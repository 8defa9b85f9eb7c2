import { ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useLibraryMutation } from './use-library-mutation';

/** PATCH /catalog/designs/{id}: the fields given. */
export async function updateDesign(input: { id: string; stones?: string; tags?: string[] }) {
  const { id, ...body } = input;
  return parseData(ZDesignSchema, await apiClient.patch(`catalog/designs/${encodeURIComponent(id)}`, body));
}

export const useUpdateDesign = () => useLibraryMutation(updateDesign);

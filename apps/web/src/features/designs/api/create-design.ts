import { ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useLibraryMutation } from './use-library-mutation';

/** POST /catalog/designs. */
export async function createDesign(input: { name: string; description: string; folderId: string | null }) {
  return parseData(ZDesignSchema, await apiClient.post('catalog/designs', input));
}

export const useCreateDesign = () => useLibraryMutation(createDesign);

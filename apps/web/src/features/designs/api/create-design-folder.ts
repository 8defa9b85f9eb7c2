import { ZDesignFolderSchema } from '@loupe/domain/catalog/catalog';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useLibraryMutation } from './use-library-mutation';

/** POST /catalog/design-folders. */
export async function createDesignFolder(input: { name: string; parentId: string | null }) {
  return parseData(ZDesignFolderSchema, await apiClient.post('catalog/design-folders', input));
}

export const useCreateDesignFolder = () => useLibraryMutation(createDesignFolder);

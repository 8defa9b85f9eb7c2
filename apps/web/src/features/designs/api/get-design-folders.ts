import { listPageSchema } from '@loupe/domain/api/list';
import { ZDesignFolderSchema } from '@loupe/domain/catalog/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

/** How many folders the library shows: a workshop's library has tens, not hundreds. */
export const FOLDER_LIMIT = 200;

/** GET /catalog/design-folders: every folder by name, with its designs counted. */
export async function getDesignFolders(signal?: AbortSignal) {
  const body = await apiClient.get('catalog/design-folders', {
    searchParams: { limit: FOLDER_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(listPageSchema(ZDesignFolderSchema), body).items;
}

export function useDesignFolders() {
  return useQuery({ queryKey: designQueryKeys.folders, queryFn: ({ signal }) => getDesignFolders(signal) });
}

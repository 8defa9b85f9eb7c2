import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { ZWorkshopDefaultsSchema } from '@loupe/domain/settings/workshop-defaults';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { jobQueryKeys } from './query-keys';

/**
 * GET /settings/workshop-defaults: the lead times that give a new job its default promised date. Settings ›
 * orders itself is for admins and managers (spec §6); every order editor and repair manager reads these.
 */
export async function getWorkshopDefaults(signal?: AbortSignal) {
  return parseData(
    ZWorkshopDefaultsSchema,
    await apiClient.get('settings/workshop-defaults', signal ? { signal } : {}),
  );
}

export const workshopDefaultsQueryOptions = (kind: TJobKind) =>
  queryOptions({
    queryKey: jobQueryKeys(kind).settings,
    queryFn: ({ signal }) => getWorkshopDefaults(signal),
  });

export function useWorkshopDefaults(kind: TJobKind) {
  return useQuery(workshopDefaultsQueryOptions(kind));
}

import { ZMyWorkTimeSchema } from '@loupe/domain/workflow/work-time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workTimeQueryKeys } from './work-time-query-keys';

/** GET /work-time/mine: my running timer and the labour so far on each of my open assignments. */
export async function getMyWorkTime(signal?: AbortSignal) {
  const body = await apiClient.get('work-time/mine', signal ? { signal } : {});
  return parseData(ZMyWorkTimeSchema, body);
}

export const myWorkTimeQueryOptions = () =>
  queryOptions({ queryKey: workTimeQueryKeys.mine, queryFn: ({ signal }) => getMyWorkTime(signal) });

export function useMyWorkTime() {
  return useQuery(myWorkTimeQueryOptions());
}

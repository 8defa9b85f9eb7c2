import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { ZJobMaterialsSchema } from '@loupe/domain/jobs/materials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Root 'materials': the realtime event materials:changed marks it stale (lib/realtime/query-invalidation.ts). */
export const jobMaterialsQueryKey = (kind: TJobKind, jobId: string) => ['materials', kind, jobId] as const;

/** GET /materials/jobs/{kind}/{id}: what the customer left, its ledger and signatures (issue 37 §4). */
export async function getJobMaterials(kind: TJobKind, jobId: string, signal?: AbortSignal) {
  const body = await apiClient.get(
    `materials/jobs/${kind}/${encodeURIComponent(jobId)}`,
    signal ? { signal } : {},
  );
  return parseData(ZJobMaterialsSchema, body);
}

export const jobMaterialsQueryOptions = (kind: TJobKind, jobId: string) =>
  queryOptions({
    queryKey: jobMaterialsQueryKey(kind, jobId),
    queryFn: ({ signal }) => getJobMaterials(kind, jobId, signal),
  });

export function useJobMaterials(kind: TJobKind, jobId: string) {
  return useQuery(jobMaterialsQueryOptions(kind, jobId));
}

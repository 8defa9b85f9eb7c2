import {
  type TPublicJobKind,
  type TTrackingLink,
  ZTrackingLinkStateSchema,
} from '@loupe/domain/public-tracking/public-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** A job's public tracking link (issue 15 §6), shared by the order and repair pages and their tickets. */
export type TPublicLinkJob = { readonly kind: TPublicJobKind; readonly id: string };

/** Where a job's tracking link is read, issued and revoked. */
export const trackingLinkPath = (job: TPublicLinkJob) =>
  `${job.kind}s/${encodeURIComponent(job.id)}/tracking-link`;

export const trackingLinkQueryKey = (job: TPublicLinkJob) => ['tracking-link', job.kind, job.id] as const;

export async function getTrackingLink(
  job: TPublicLinkJob,
  signal?: AbortSignal,
): Promise<TTrackingLink | null> {
  const body = await apiClient.get(trackingLinkPath(job), signal ? { signal } : {});
  return parseData(ZTrackingLinkStateSchema, body).link;
}

export const trackingLinkQueryOptions = (job: TPublicLinkJob) =>
  queryOptions({
    queryKey: trackingLinkQueryKey(job),
    queryFn: ({ signal }) => getTrackingLink(job, signal),
  });

export function useTrackingLink(job: TPublicLinkJob) {
  return useQuery(trackingLinkQueryOptions(job));
}

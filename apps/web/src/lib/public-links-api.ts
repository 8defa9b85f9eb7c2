import {
  type TPublicJobKind,
  type TTrackingLink,
  ZTrackingLinkSchema,
  ZTrackingLinkStateSchema,
} from '@loupe/domain/public-tracking/public-tracking';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { parseData } from './api-envelope';

/** A job's public tracking link (issue 15 §6), shared by the order and repair pages and their tickets. */
export type TPublicLinkJob = { readonly kind: TPublicJobKind; readonly id: string };

const pathOf = (job: TPublicLinkJob) => `${job.kind}s/${encodeURIComponent(job.id)}/tracking-link`;

export const trackingLinkQueryKey = (job: TPublicLinkJob) => ['tracking-link', job.kind, job.id] as const;

export async function getTrackingLink(
  job: TPublicLinkJob,
  signal?: AbortSignal,
): Promise<TTrackingLink | null> {
  const body = await apiClient.get(pathOf(job), signal ? { signal } : {});
  return parseData(ZTrackingLinkStateSchema, body).link;
}

export async function issueTrackingLink(job: TPublicLinkJob): Promise<TTrackingLink> {
  return parseData(ZTrackingLinkSchema, await apiClient.post(pathOf(job)));
}

export async function revokeTrackingLink(job: TPublicLinkJob): Promise<void> {
  await apiClient.delete(pathOf(job));
}

export const trackingLinkQueryOptions = (job: TPublicLinkJob) =>
  queryOptions({
    queryKey: trackingLinkQueryKey(job),
    queryFn: ({ signal }) => getTrackingLink(job, signal),
  });

export function useTrackingLink(job: TPublicLinkJob) {
  return useQuery(trackingLinkQueryOptions(job));
}

export function useIssueTrackingLink(job: TPublicLinkJob) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => issueTrackingLink(job),
    onSuccess: (link) => client.setQueryData(trackingLinkQueryKey(job), link),
  });
}

export function useRevokeTrackingLink(job: TPublicLinkJob) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeTrackingLink(job),
    onSuccess: () => client.setQueryData(trackingLinkQueryKey(job), null),
  });
}

import { type TTrackingLink, ZTrackingLinkSchema } from '@loupe/domain/public-tracking/public-tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { type TPublicLinkJob, trackingLinkPath, trackingLinkQueryKey } from './get-tracking-link';

/** POST: a new public tracking link for the job (issue 15 §6); the page shows it at once. */
export async function issueTrackingLink(job: TPublicLinkJob): Promise<TTrackingLink> {
  return parseData(ZTrackingLinkSchema, await apiClient.post(trackingLinkPath(job)));
}

export function useIssueTrackingLink(job: TPublicLinkJob) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => issueTrackingLink(job),
    onSuccess: (link) => client.setQueryData(trackingLinkQueryKey(job), link),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type TPublicLinkJob, trackingLinkPath, trackingLinkQueryKey } from './get-tracking-link';

/** DELETE: the job's public link stops working; the page shows none. */
export async function revokeTrackingLink(job: TPublicLinkJob): Promise<void> {
  await apiClient.delete(trackingLinkPath(job));
}

export function useRevokeTrackingLink(job: TPublicLinkJob) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeTrackingLink(job),
    onSuccess: () => client.setQueryData(trackingLinkQueryKey(job), null),
  });
}
